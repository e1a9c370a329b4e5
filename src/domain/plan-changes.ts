/**
 * What changing or cancelling a plan does to its scheduled payments (issue 22), worked out the
 * same way in the browser (to say it before the debtor confirms) and on the server (to do it).
 *
 * Spec section 9: "Changing or cancelling an arrangement: at least 1 business day before the
 * payment date". A payment whose date is less than 1 business day away (today is past its cutoff,
 * domain/business-days.ts `changeCutoff`) is still taken whatever the debtor does now; a payment
 * already sent (pending post) will post. Everything else may change.
 */
import { canStillChange, type HolidayCalendar } from './business-days';
import { addDays } from './dates';

/** A scheduled payment of a plan, as the rules here read it. */
export interface PlanPayment {
  id: number;
  date: string;
  cents: number;
  /** PostDate | Approved | Paid | Rejected | Canceled */
  status: string;
  pendingPost: boolean;
}

/** Payments a plan still expects: scheduled or rejected, not paid, approved or cancelled. */
export function isOpen(payment: PlanPayment): boolean {
  return payment.status === 'PostDate' || payment.status === 'Rejected';
}

export interface PlanSplit {
  /** Payments to come that may still be changed or cancelled. */
  changeable: PlanPayment[];
  /** Payments dated before today, not sent: past due (a cancellation stops them, a new day does not move them). */
  pastDue: PlanPayment[];
  /** Payments dated within the cutoff: they are taken whatever happens now. */
  kept: PlanPayment[];
  /** Payments already sent to the bank (pending post): they will post. */
  sent: PlanPayment[];
}

const byDate = (a: PlanPayment, b: PlanPayment) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;

/** The plan's open payments by what a change can still do to them on `today`. */
export function splitPlan(
  payments: readonly PlanPayment[],
  today: string,
  calendar: HolidayCalendar,
): PlanSplit {
  const open = payments.filter(isOpen).sort(byDate);
  return {
    sent: open.filter((p) => p.pendingPost),
    pastDue: open.filter((p) => !p.pendingPost && p.date < today),
    kept: open.filter(
      (p) => !p.pendingPost && p.date >= today && !canStillChange(calendar, p.date, today),
    ),
    changeable: open.filter(
      (p) => !p.pendingPost && p.date >= today && canStillChange(calendar, p.date, today),
    ),
  };
}

/**
 * The first day a changed payment may be dated on `today`: the first day whose cutoff has not
 * passed (tomorrow, when today is a business day).
 */
export function firstChangeableDay(today: string, calendar: HolidayCalendar): string {
  let day = addDays(today, 1);
  while (!canStillChange(calendar, day, today)) day = addDays(day, 1);
  return day;
}

/** The days of the month a plan's payments may be moved to (every month has them). */
export const PAYMENT_DAYS = { min: 1, max: 28 } as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** `day` of the month of `date`, `months` months later. */
function dayInMonth(date: string, months: number, day: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const total = year * 12 + (month - 1) + months;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}-${pad(day)}`;
}

export interface DayChange {
  /** Each changeable payment with its new date, in order. */
  moves: { payment: PlanPayment; date: string }[];
  kept: PlanPayment[];
  sent: PlanPayment[];
}

/**
 * The plan's payments to come moved to `day` of the month (issue 22 "Change the payment day",
 * past-due payments stay as they are): the first
 * changeable payment goes to the first such day on or after the first changeable day and after
 * every payment that stays; the next ones follow a month apart, so the plan keeps its number of
 * payments, their amounts and their order. Null when `day` is not a payment day, when nothing
 * can be moved, when every payment to come is on that day already, or when a new date is one that
 * another payment of the plan holds.
 */
export function changePaymentDay(
  payments: readonly PlanPayment[],
  day: number,
  today: string,
  calendar: HolidayCalendar,
): DayChange | null {
  if (!Number.isInteger(day) || day < PAYMENT_DAYS.min || day > PAYMENT_DAYS.max) return null;
  const { changeable, kept, sent } = splitPlan(payments, today, calendar);
  if (changeable.length === 0) return null;
  if (changeable.every((p) => Number(p.date.slice(8, 10)) === day)) return null;
  const staying = [...kept, ...sent].map((p) => p.date).sort();
  const last = staying[staying.length - 1];
  let earliest = firstChangeableDay(today, calendar);
  if (last !== undefined && last >= earliest) earliest = addDays(last, 1);
  let first = dayInMonth(earliest, 0, day);
  if (first < earliest) first = dayInMonth(earliest, 1, day);
  const moves = changeable.map((payment, i) => ({ payment, date: dayInMonth(first, i, day) }));
  // A day another payment of the plan keeps (paid, cancelled, kept or sent) is not taken twice.
  const moving = new Set(changeable.map((p) => p.id));
  const taken = new Set(payments.filter((p) => !moving.has(p.id)).map((p) => p.date));
  if (moves.some((move) => taken.has(move.date))) return null;
  return { moves, kept, sent };
}

export interface Cancellation {
  /** Payments that will not be taken: those to come, and those past due. */
  cancelled: PlanPayment[];
  /** Payments dated within the cutoff: still taken (the screen says so, with their dates). */
  kept: PlanPayment[];
  /** Payments already sent: they will post. */
  sent: PlanPayment[];
}

/** What cancelling the plan on `today` does to its payments. */
export function cancellation(
  payments: readonly PlanPayment[],
  today: string,
  calendar: HolidayCalendar,
): Cancellation {
  const { changeable, pastDue, kept, sent } = splitPlan(payments, today, calendar);
  return { cancelled: [...pastDue, ...changeable], kept, sent };
}

export interface ReplanLimits {
  /** The most monthly payments the client allows (its maxMonthlyPayments). */
  maxMonths: number;
  /** The least a monthly payment may be, in cents (its minMonthlyPayment). */
  minMonthlyCents: number;
}

export interface Replan {
  months: number;
  perMonthCents: number;
  /** The new payments to come, a month apart on the chosen day. */
  schedule: { date: string; cents: number }[];
}

export interface ReplanOptions {
  /** What the plan still expects and a new plan spreads: its payments to come and past due. */
  remainingCents: number;
  /** The payments that stay as they are (within the cutoff, or sent). */
  kept: PlanPayment[];
  sent: PlanPayment[];
  /** Paid so far under this plan. */
  paidCents: number;
  /** The day of the month the new payments fall on. */
  day: number;
  /** Every number of months the client allows for what is left, fewest first. */
  choices: Replan[];
}

/** Equal monthly amounts in cents; the last takes the remainder. */
function split(total: number, months: number): number[] {
  const base = Math.floor(total / months);
  return Array.from({ length: months }, (_, i) =>
    i === months - 1 ? total - base * (months - 1) : base,
  );
}

/**
 * "Change my plan" (issue 22): what the plan still expects (its payments to come whose cutoff has
 * not passed, and those past due) spread again over another number of monthly payments, within the
 * client's limits (2 to maxMonths, each at least the minimum monthly payment), on `day` of the
 * month (1 to 28; the day of the next payment when not given), from the first changeable day and
 * after every payment that stays. The total and so any settlement's savings do not change; paid
 * payments stay paid. Null when nothing can change.
 */
export function replanOptions(
  payments: readonly PlanPayment[],
  today: string,
  calendar: HolidayCalendar,
  limits: ReplanLimits,
  day?: number,
): ReplanOptions | null {
  const { changeable, pastDue, kept, sent } = splitPlan(payments, today, calendar);
  const moving = [...pastDue, ...changeable];
  if (moving.length === 0) return null;
  const remainingCents = moving.reduce((sum, p) => sum + p.cents, 0);
  const nextDay = Number((changeable[0] ?? moving[0])!.date.slice(8, 10));
  const chosenDay = day ?? Math.min(nextDay, PAYMENT_DAYS.max);
  if (
    !Number.isInteger(chosenDay) ||
    chosenDay < PAYMENT_DAYS.min ||
    chosenDay > PAYMENT_DAYS.max
  ) {
    return null;
  }
  const staying = [...kept, ...sent].map((p) => p.date).sort();
  const last = staying[staying.length - 1];
  let earliest = firstChangeableDay(today, calendar);
  if (last !== undefined && last >= earliest) earliest = addDays(last, 1);
  let first = dayInMonth(earliest, 0, chosenDay);
  if (first < earliest) first = dayInMonth(earliest, 1, chosenDay);
  const choices: Replan[] = [];
  for (let months = 2; months <= limits.maxMonths; months += 1) {
    const amounts = split(remainingCents, months);
    if ((amounts[0] ?? 0) < limits.minMonthlyCents) break;
    choices.push({
      months,
      perMonthCents: amounts[0] ?? 0,
      schedule: amounts.map((cents, i) => ({ date: dayInMonth(first, i, chosenDay), cents })),
    });
  }
  const paidCents = payments.filter((p) => p.status === 'Paid').reduce((s, p) => s + p.cents, 0);
  return { remainingCents, kept, sent, paidCents, day: chosenDay, choices };
}
