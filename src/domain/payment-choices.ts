/**
 * The choices a payment's schedule stage offers, the same in the browser and on the server: the
 * named payment days of a window (Today, Tomorrow, First, Mid, Last, Advanced) and the plans a plan
 * variant's slider offers (from GetPaymentPlans / GetSettlementPlans), with the one chosen at first.
 * payment-journey.ts re-exports them.
 */
import type { Variant as VariantConfig } from '../generated/types/meta/payment-journey';
import { addDays } from './dates';
import { toCents } from './money';

/** The named days a payment date may be chosen from (spec section 3), Advanced aside. */
export const DATE_CHOICES = ['today', 'tomorrow', 'first', 'mid', 'last'] as const;
export type DateChoice = (typeof DATE_CHOICES)[number] | 'advanced';

function monthDay(day: string, monthsAhead: number, dayOfMonth: number | 'last'): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + monthsAhead, 1));
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const chosen = dayOfMonth === 'last' ? days : Math.min(dayOfMonth, days);
  first.setUTCDate(chosen);
  return first.toISOString().slice(0, 10);
}

/**
 * The date choices that fall between `firstDay` and `lastDay`, each with its day: Today, Tomorrow,
 * the First of next month, the next Mid-month (15th) and the Last day of this month; a day named
 * twice keeps its first name. Advanced (any day of the window, picked on a calendar) comes last
 * when the window has days the named choices do not cover.
 */
export function dateChoices(
  firstDay: string,
  lastDay: string,
): { choice: DateChoice; date: string | null }[] {
  const mid =
    monthDay(firstDay, 0, 15) >= firstDay ? monthDay(firstDay, 0, 15) : monthDay(firstDay, 1, 15);
  const candidates: [DateChoice, string][] = [
    ['today', firstDay],
    ['tomorrow', addDays(firstDay, 1)],
    ['first', monthDay(firstDay, 1, 1)],
    ['mid', mid],
    ['last', monthDay(firstDay, 0, 'last')],
  ];
  const out: { choice: DateChoice; date: string | null }[] = [];
  const seen = new Set<string>();
  for (const [choice, date] of candidates) {
    if (date < firstDay || date > lastDay || seen.has(date)) continue;
    seen.add(date);
    out.push({ choice, date });
  }
  let windowDays = 0;
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) windowDays += 1;
  if (windowDays > seen.size) out.push({ choice: 'advanced', date: null });
  return out.sort((a, b) => (a.date ?? '9').localeCompare(b.date ?? '9'));
}

/** A plan as GetPaymentPlans / GetSettlementPlans answer it (spec section 3, dollars). */
export interface ApiPaymentPlan {
  numMonths: number;
  discountPercent: number;
  discountedBalance: number;
  estimatedPaymentAmountPerMonth: number;
  savings: number;
  payments: { suggestedDate: string; amount: number; minDate: string; maxDate: string }[];
}

/** A plan as the slider offers it (cents). */
export interface PlanChoice {
  numMonths: number;
  /** The share taken off the balance, 0..1 (the complement of the API's discountPercent). */
  discount: number;
  total: number;
  perMonth: number;
  savings: number;
  schedule: { date: string; cents: number }[];
}

/**
 * The plans a plan variant offers (spec section 4): the returned discount turned into its
 * complement, sorted by number of months; settlement plans only when both their discount and
 * their savings are set.
 */
export function planChoices(
  plans: readonly ApiPaymentPlan[],
  kind: 'payment' | 'settlement',
): PlanChoice[] {
  return plans
    .filter((plan) => kind === 'payment' || (plan.discountPercent > 0 && plan.savings > 0))
    .map((plan) => ({
      numMonths: plan.numMonths,
      discount: Math.round((1 - plan.discountPercent) * 10_000) / 10_000,
      total: toCents(plan.discountedBalance),
      perMonth: toCents(plan.estimatedPaymentAmountPerMonth),
      savings: toCents(plan.savings),
      schedule: plan.payments.map((p) => ({ date: p.suggestedDate, cents: toCents(p.amount) })),
    }))
    .sort((a, b) => a.numMonths - b.numMonths);
}

/** The plan chosen at first: the longest, the shortest, or the middle one. */
export function defaultPlan(
  plans: readonly PlanChoice[],
  rule: VariantConfig['defaultPlan'],
): PlanChoice | undefined {
  if (plans.length === 0) return undefined;
  if (rule === 'longest') return plans[plans.length - 1];
  if (rule === 'shortest') return plans[0];
  return plans[Math.floor((plans.length - 1) / 2)];
}

/** Whether a plan's savings reach the 1099 threshold (dollars; 0 never). */
export function reaches1099(savingsCents: number, thresholdDollars: number): boolean {
  return thresholdDollars > 0 && savingsCents >= toCents(thresholdDollars);
}
