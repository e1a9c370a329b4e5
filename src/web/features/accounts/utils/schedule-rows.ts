import { isBefore } from '@/domain/dates';
import type { OptionVariant } from '@/domain/payment-options';
import { isPayableToday, scheduleStatus, type ScheduleStatus } from '@/domain/schedule-status';
import type { FirstMatchRules } from '@/domain/rules';
import type { ScheduledPayment } from '@/domain/types';
import { shownArrangement, type AccountData } from '@/web/utils/account-view';

export interface ScheduleRow {
  payment: ScheduledPayment;
  status: ScheduleStatus;
  /** The payment variant 'Pay now' opens for this row, when one is offered. */
  payNow: 'past-due' | 'upcoming' | null;
}

/** The shown arrangement's open payments, each with its display status and pay-now variant. */
export function scheduleRows(
  data: AccountData,
  today: string,
  rules: FirstMatchRules,
  options: readonly OptionVariant[],
): ScheduleRow[] {
  const payments = shownArrangement(data)?.payments ?? [];
  return payments
    .filter((payment) => payment.status !== 'Paid' && payment.status !== 'Canceled')
    .map((payment) => {
      const status = scheduleStatus(payment, today, rules);
      const payNow =
        status === 'past_due' && options.includes('past-due')
          ? 'past-due'
          : isPayableToday(payment, today, rules) && options.includes('upcoming')
            ? 'upcoming'
            : null;
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
