/**
 * The event types and the data each carries (issue 42): one JSON Schema per type under
 * schemas/events/ (`plan.payment_day_changed` is schemas/events/plan-payment-day-changed), whose
 * generated type is the data's type here. The feed's `type` list (schemas/api/agency-event) is the
 * same list; tests/unit/events-schemas.test.ts keeps the three in step.
 */
import type { AgencyEvent } from '@/generated/types/api/agency-event';
import type { BankruptcyReported } from '@/generated/types/events/bankruptcy-reported';
import type { DebtorContactChanged } from '@/generated/types/events/debtor-contact-changed';
import type { DebtorEmailOptedOut } from '@/generated/types/events/debtor-email-opted-out';
import type { DebtorPreferencesChanged } from '@/generated/types/events/debtor-preferences-changed';
import type { DisputeFiled } from '@/generated/types/events/dispute-filed';
import type { EsignConsentGiven } from '@/generated/types/events/esign-consent-given';
import type { FormRecorded } from '@/generated/types/events/form-recorded';
import type { LetterOfferAccepted } from '@/generated/types/events/letter-offer-accepted';
import type { PaymentDeclined } from '@/generated/types/events/payment-declined';
import type { PaymentFundingChanged } from '@/generated/types/events/payment-funding-changed';
import type { PaymentMethodAdded } from '@/generated/types/events/payment-method-added';
import type { PaymentMethodRemoved } from '@/generated/types/events/payment-method-removed';
import type { PaymentRescheduled } from '@/generated/types/events/payment-rescheduled';
import type { PaymentReturned } from '@/generated/types/events/payment-returned';
import type { PaymentScheduled } from '@/generated/types/events/payment-scheduled';
import type { PaymentSucceeded } from '@/generated/types/events/payment-succeeded';
import type { PlanCancelled } from '@/generated/types/events/plan-cancelled';
import type { PlanChanged } from '@/generated/types/events/plan-changed';
import type { PlanCreated } from '@/generated/types/events/plan-created';
import type { PlanPaymentDayChanged } from '@/generated/types/events/plan-payment-day-changed';
import { EVENT_TYPES as DOMAIN_EVENT_TYPES } from '@/domain/event-types';

export type EventType = AgencyEvent['type'];

export interface EventData {
  'payment.scheduled': PaymentScheduled;
  'payment.succeeded': PaymentSucceeded;
  'payment.declined': PaymentDeclined;
  'payment.returned': PaymentReturned;
  'payment.rescheduled': PaymentRescheduled;
  'payment.funding_changed': PaymentFundingChanged;
  'plan.created': PlanCreated;
  'plan.changed': PlanChanged;
  'plan.cancelled': PlanCancelled;
  'plan.payment_day_changed': PlanPaymentDayChanged;
  'payment_method.added': PaymentMethodAdded;
  'payment_method.removed': PaymentMethodRemoved;
  'dispute.filed': DisputeFiled;
  'bankruptcy.reported': BankruptcyReported;
  'debtor.contact_changed': DebtorContactChanged;
  'debtor.preferences_changed': DebtorPreferencesChanged;
  'debtor.email_opted_out': DebtorEmailOptedOut;
  'esign.consent_given': EsignConsentGiven;
  'letter_offer.accepted': LetterOfferAccepted;
  'form.recorded': FormRecorded;
}

/** Every type (src/domain/event-types.ts), each one with its data above. */
export const EVENT_TYPES = DOMAIN_EVENT_TYPES satisfies readonly (keyof EventData)[];

/** The schema file of a type's data: `plan.payment_day_changed` -> `plan-payment-day-changed`. */
export const schemaNameOf = (type: string): string => type.replace(/[._]/g, '-');

/** A `{ payDate, amountCents }` list from the `{ date, cents }` the plan code uses. */
export const scheduleOf = (
  payments: readonly { date: string; cents: number }[],
): { payDate: string; amountCents: number }[] =>
  payments.map(({ date, cents }) => ({ payDate: date, amountCents: cents }));

/** A saved method as events show it: its kind, brand and last 4 digits, never more. */
export const methodOf = (row: {
  type: string;
  last4: string;
  brand: string | null;
}): { kind: 'card' | 'bank'; last4: string; brand: string | null } => ({
  kind: row.type === 'bank' ? 'bank' : 'card',
  last4: row.last4.slice(-4),
  brand: row.brand,
});
