import { isBefore } from '@/domain/dates';
import {
  variantConfig,
  type PaymentJourneyFile,
  type PaymentVariant,
  type VariantConfig,
} from '@/domain/payment-journey';
import type { OptionVariant } from '@/domain/payment-options';
import { isPayableToday, scheduleStatus, type ScheduleStatus } from '@/domain/schedule-status';
import type { FirstMatchRules } from '@/domain/rules';
import type { ScheduledPayment } from '@/domain/types';
import { shownArrangement, type AccountData } from '@/web/utils/account-view';

export interface ScheduleRow {
  payment: ScheduledPayment;
  status: ScheduleStatus;
  /** The payment variant 'Pay now' opens for this row, when one is offered. */
  payNow: PaymentVariant | null;
}

/**
 * The shown arrangement's open payments, each with its display status and pay-now variant: the
 * first offered variant that pays a past-due payment, or one payable today (its `paysScheduled`
 * in flows/journeys/payment.json).
 */
export function scheduleRows(
  data: AccountData,
  today: string,
  rules: FirstMatchRules,
  options: readonly OptionVariant[],
  journey: Pick<PaymentJourneyFile, 'variants'>,
): ScheduleRow[] {
  const paying = (kind: VariantConfig['paysScheduled']) =>
    options.find((variant) => variantConfig(journey, variant)?.paysScheduled === kind) ?? null;
  const payments = shownArrangement(data)?.payments ?? [];
  return payments
    .filter((payment) => payment.status !== 'Paid' && payment.status !== 'Canceled')
    .map((payment) => {
      const status = scheduleStatus(payment, today, rules);
      const payNow =
        (status === 'past_due' ? paying('pastDue') : null) ??
        (isPayableToday(payment, today, rules) ? paying('payableToday') : null);
      return { payment, status, payNow };
    });
}

/** The earliest past-due payment, if any. */
export function firstPastDue(rows: readonly ScheduleRow[]): ScheduleRow | null {
  return rows.find((row) => row.status === 'past_due') ?? null;
}

/** The next payment: the first one dated today or later that is not past due. */
export function nextScheduled(rows: readonly ScheduleRow[], today: string): ScheduleRow | null {
  return (
    rows.find((row) => row.status !== 'past_due' && !isBefore(row.payment.date, today)) ?? null
  );
}
