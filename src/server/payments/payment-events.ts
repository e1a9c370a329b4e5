/**
 * The agency's events of SubmitPayment (issue 42), built from what an accepted submission writes
 * (its StoredPlan, kept on its row while in flight) so the request that charged it and a process
 * settling it after a crash (recovery.ts) write the same events, in the transaction (or the one
 * statement) of the payment itself (record-accepted.ts). What they need beyond the plan (whom they
 * are about, the method as they show it, the plan a payment belongs to, the letter's option) is
 * read with the request's checks and kept in the plan too; a row reserved before that has it read
 * here (`withEventFields`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';
import { accountSubject, type AnyNewEvent, type EventSubject } from '../events/record';
import { methodOf, scheduleOf } from '../events/types';
import type { StoredPlan } from './record-accepted';

/** A payment method as events show it: kind, brand, last 4 digits. */
export type EventMethod = ReturnType<typeof methodOf>;

/** What a payment's events need beyond the plan. */
export interface PaymentEventFields {
  subject: EventSubject;
  method: EventMethod;
  /** The external ref of the arrangement whose payments this one pays (no arrangement of its own). */
  activePlanRef: string | null;
  /** The letter option taken, when paid with one. */
  letter: { letterId: number; optionNumber: number; settlementCents: number } | null;
}

/**
 * The events of an accepted submission, in this order: `plan.created` (an arrangement is made),
 * `payment.succeeded` (its first payment is charged now), one `payment.scheduled` per payment
 * dated later, `letter_offer.accepted` (paid with a letter's option), `esign.consent_given` (every
 * accepted submission records the e-sign consent with its authorization).
 */
export function acceptedEvents(
  plan: StoredPlan & PaymentEventFields,
  confirmation: string,
  stamp: string,
  makesArrangement: boolean,
): AnyNewEvent[] {
  const { subject, method } = plan;
  const at = stamp;
  const planRef = makesArrangement ? `web-${confirmation}` : plan.activePlanRef;
  const events: AnyNewEvent[] = [];
  if (makesArrangement) {
    events.push({
      type: 'plan.created',
      at,
      subject,
      data: {
        confirmation,
        planRef: `web-${confirmation}`,
        kind: plan.type,
        totalCents: plan.entries.reduce((sum, e) => sum + e.cents, 0),
        schedule: scheduleOf(plan.entries),
        method,
      },
    });
  }
  plan.entries.forEach((entry, i) => {
    const amountCents = entry.cents;
    if (i === 0 && plan.chargeNow) {
      const data = { confirmation, amountCents, paidOn: plan.today, method, planRef };
      events.push({ type: 'payment.succeeded', at, subject, data });
    } else {
      const data = { confirmation, amountCents, payDate: entry.date, method, planRef };
      events.push({ type: 'payment.scheduled', at, subject, data });
    }
  });
  if (plan.letter) {
    const { letterId, optionNumber, settlementCents } = plan.letter;
    events.push({
      type: 'letter_offer.accepted',
      at,
      subject,
      data: {
        confirmation,
        letterId,
        optionNumber,
        settlementCents,
        schedule: scheduleOf(plan.entries),
      },
    });
  }
  const { language, content_version: textsVersion, published_version } = plan.authorization;
  events.push({
    type: 'esign.consent_given',
    at,
    subject,
    data: {
      confirmation,
      contentVersion: published_version ?? null,
      language: language === 'es' ? 'es' : 'en',
      textsVersion,
    },
  });
  return events;
}

/**
 * The `plan.cancelled` of the active plan a payment pays off and replaces (its `replacesActive`):
 * its open payments (`stopped`) are canceled. None when the plan has no ref to name it by.
 */
export function replacedEvent(
  plan: StoredPlan & PaymentEventFields,
  confirmation: string,
  stamp: string,
  stopped: readonly { pay_date: string; amount_cents: number }[],
): AnyNewEvent | undefined {
  if (!plan.activePlanRef) return undefined;
  return {
    type: 'plan.cancelled',
    at: stamp,
    subject: plan.subject,
    data: {
      confirmation,
      planRef: plan.activePlanRef,
      stopped: stopped.map((p) => ({ payDate: p.pay_date, amountCents: p.amount_cents })),
      kept: [],
      active: false,
    },
  };
}

/** The `payment.declined` of a charge the processor declined (nothing was taken). */
export function declinedEvent(
  plan: StoredPlan & PaymentEventFields,
  code: string,
  stamp: string,
): AnyNewEvent {
  return {
    type: 'payment.declined',
    at: stamp,
    subject: plan.subject,
    data: {
      // The debtor was shown no confirmation: the payment was refused.
      confirmation: null,
      amountCents: plan.entries[0]?.cents ?? 0,
      payDate: plan.today,
      reason: code.slice(0, 200),
      method: plan.method,
    },
  };
}

/**
 * The plan with its event fields: as kept (a submission reserved since events are written), or
 * read now for a row reserved before (a process settling it after an upgrade).
 */
export async function withEventFields(
  db: Kysely<Database> | Transaction<Database>,
  plan: StoredPlan,
  row: { letter_id?: number | null; letter_option_id?: number | null },
): Promise<StoredPlan & PaymentEventFields> {
  if (hasEventFields(plan)) return plan;
  const funding = await db
    .selectFrom('funding_methods')
    .select(['type', 'last4', 'brand'])
    .where('id', '=', plan.fundingId)
    .executeTakeFirstOrThrow();
  const active =
    plan.activeArrangementId === null
      ? undefined
      : await db
          .selectFrom('arrangements')
          .select('external_ref')
          .where('id', '=', plan.activeArrangementId)
          .executeTakeFirst();
  const option =
    row.letter_option_id === null || row.letter_option_id === undefined
      ? undefined
      : await db
          .selectFrom('letter_options')
          .select(['letter_id', 'option_number', 'settlement_amount_cents'])
          .where('id', '=', row.letter_option_id)
          .executeTakeFirst();
  return {
    ...plan,
    subject: await accountSubject(db, plan.accountId),
    method: methodOf(funding),
    activePlanRef: active?.external_ref ?? null,
    letter: option
      ? {
          letterId: option.letter_id,
          optionNumber: option.option_number,
          settlementCents: option.settlement_amount_cents,
        }
      : null,
  };
}

/** Whether a kept plan has its event fields (reserved since events are written). */
export function hasEventFields(
  plan: StoredPlan | (StoredPlan & PaymentEventFields),
): plan is StoredPlan & PaymentEventFields {
  return 'subject' in plan && plan.subject !== undefined;
}
