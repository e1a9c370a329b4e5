/**
 * Scheduled payments: which arrangement's payments are shown, and the display label of each one
 * (decided by flows/rules/schedule-status.json).
 */
import { datePart } from './dates';
import { checkRules, derivedFact, firstMatch, type FirstMatchRules, type RulesFile } from './rules';
import type {
  Account,
  ActiveArrangement,
  Arrangement,
  ArrangementDetail,
  PaymentStatus,
  ScheduledPayment,
} from './types';

export const SCHEDULE_STATUSES = [
  'missing_funding',
  'past_due',
  'pending',
  'rejected',
  'upcoming',
] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The facts schedule-status rules read, one scheduled payment at a time. */
export interface ScheduleFacts extends ScheduledPayment {
  /** `YYYY-MM-DD` in the agency's time zone. */
  today: string;
}

/** Every fact name schedule-status rules may read (for `npm run check:config`). */
export const SCHEDULE_FACT_NAMES: readonly (keyof ScheduleFacts)[] = [
  'id',
  'amount',
  'date',
  'status',
  'hasAttachedFunding',
  'isPendingPost',
  'today',
];

export function scheduleFacts(payment: ScheduledPayment, today: string): ScheduleFacts {
  return {
    id: payment.id,
    amount: payment.amount,
    date: datePart(payment.date),
    status: payment.status,
    hasAttachedFunding: payment.hasAttachedFunding,
    isPendingPost: payment.isPendingPost,
    today,
  };
}

function isScheduleStatus(value: string): value is ScheduleStatus {
  return (SCHEDULE_STATUSES as readonly string[]).includes(value);
}

/** The display label of a scheduled payment. */
export function scheduleStatus(
  payment: ScheduledPayment,
  today: string,
  rules: FirstMatchRules,
): ScheduleStatus {
  // The facts are made for this evaluation only: the derived facts go in them, not in a copy.
  const outcome = firstMatch(rules, scheduleFacts(payment, today), 'in-place');
  if (!isScheduleStatus(outcome)) throw new Error(`Unknown schedule status "${outcome}"`);
  return outcome;
}

/** Whether the payment can be paid now ("pay now"): the rules' derived fact isPayableToday. */
export function isPayableToday(
  payment: ScheduledPayment,
  today: string,
  rules: FirstMatchRules,
): boolean {
  return Boolean(derivedFact(rules, 'isPayableToday', scheduleFacts(payment, today), 'in-place'));
}

/** Problems in a schedule-status rules file (empty when sound), for `npm run check:config`. */
export function checkScheduleStatusRules(file: RulesFile): string[] {
  const problems = checkRules(file, SCHEDULE_FACT_NAMES);
  if (file.kind !== 'first-match') problems.push('/kind: must be "first-match"');
  for (const outcome of Object.keys(file.outcomes)) {
    if (!isScheduleStatus(outcome)) problems.push(`/outcomes/${outcome}: not a schedule status`);
  }
  if (!(file.derived ?? []).some((fact) => fact.id === 'isPayableToday')) {
    problems.push('/derived: the derived fact "isPayableToday" is required');
  }
  return problems;
}

const FINISHED: readonly PaymentStatus[] = ['Paid', 'Canceled'];

function byDateThenId(a: ScheduledPayment, b: ScheduledPayment): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.id - b.id;
}

/**
 * A detail of an arrangement as a scheduled payment: pending post when approved or sent
 * (`submitted` set) and not yet posted (`satisfied` not set), unless rejected; funding attached
 * when a payment method is named in paidWith.
 */
function fromDetail(detail: ArrangementDetail): ScheduledPayment {
  const sentNotPosted =
    detail.status === 'Approved' || (Boolean(detail.submitted) && !detail.satisfied);
  return {
    id: detail.id,
    amount: detail.amount,
    date: datePart(detail.payDate),
    status: detail.status,
    hasAttachedFunding: Boolean(detail.paidWith),
    isPendingPost: detail.status !== 'Rejected' && sentNotPosted,
  };
}

/**
 * The arrangement whose payments are shown: the account's current arrangement summary when
 * present, otherwise the first active arrangement of the list; null when neither exists. Its
 * payments are sorted by date. Finished details (Paid, Canceled) are not scheduled payments.
 */
export function activeArrangement(
  account: Pick<Account, 'currentArrangementSummary'>,
  arrangements: readonly Arrangement[] = [],
): ActiveArrangement | null {
  const summary = account.currentArrangementSummary;
  if (summary) {
    const details = new Map<number, ArrangementDetail>();
    for (const arrangement of arrangements) {
      for (const detail of arrangement.details) details.set(detail.id, detail);
    }
    const payments = summary.payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      date: datePart(payment.date),
      status: payment.status ?? details.get(payment.id)?.status ?? 'PostDate',
      hasAttachedFunding: payment.hasAttachedFunding,
      isPendingPost: payment.isPendingPost,
    }));
    return {
      id: summary.id,
      type: summary.type,
      amount: summary.amount,
      allowRemaining: summary.allowRemaining ?? summary.totalLeft > 0,
      payments: payments.sort(byDateThenId),
    };
  }
  const active = arrangements.find((arrangement) => arrangement.active);
  if (!active) return null;
  return {
    id: active.id,
    type: active.type,
    amount: active.amount,
    allowRemaining: active.remaining > 0,
    payments: active.details
      .filter((detail) => !FINISHED.includes(detail.status))
      .map(fromDetail)
      .sort(byDateThenId),
  };
}
