/**
 * Payment plans (bif: the whole balance in monthly payments) and settlement plans (sif: a
 * discounted balance in monthly payments), computed from the client's settings and the balance.
 *
 * Discount convention (spec section 4: "the returned discount fraction is converted to its
 * complement"): `discountPercent` is the fraction of the balance that is PAID, 0..1. A settlement
 * tier of 40 percent off gives discountPercent 0.6, discountedBalance 60 percent of the balance
 * and savings 40 percent; the browser shows 1 - 0.6 = 40 percent as the discount. Payment plans
 * pay everything: discountPercent 1, savings 0.
 *
 * Schedules: the first payment may be dated from today to today + 15 days (spec section 9); it
 * is suggested on `day` of the month when that falls in the window, else today. Payment k (k >= 1)
 * is suggested k months after the first (same day of month, clipped to the month's end) and may
 * be moved up to PLAN_DAY_TOLERANCE days either way. Amounts are an equal split in cents; the last
 * payment takes the remainder. Every payment must be at least minMonthlyPayment (or what is left).
 */
import { addDays } from '../dates';
import type { ClientSettings } from '../clients/settings';

export const FIRST_PAYMENT_WINDOW_DAYS = 15;
export const PLAN_DAY_TOLERANCE = 5;

export interface PlanPaymentCents {
  minDate: string;
  maxDate: string;
  suggestedDate: string;
  amountCents: number;
  minAmountCents: number;
  maxAmountCents: number;
}

/** The spec's plan kinds: GetPaymentPlans (the balance) and GetSettlementPlans (less). */
export type PlanKind = 'payment' | 'settlement';

export interface PlanCents {
  kind: PlanKind;
  numMonths: number;
  /** Fraction of the balance paid (1 - discount). */
  payFraction: number;
  discountedCents: number;
  perMonthCents: number;
  savingsCents: number;
  payments: PlanPaymentCents[];
}

export interface PlanInput {
  balanceCents: number;
  client: ClientSettings;
  today: string;
  /** Preferred day of the month for the payments (1-31). */
  day?: number | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The same day of the month `months` later, clipped to that month's last day. */
export function addMonths(day: string, months: number, dayOfMonth?: number): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`Not a calendar day: ${day}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const d = Math.min(dayOfMonth ?? Number(m[3]), last);
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The first payment's suggested day: `day` of the month if it falls in the window, else today. */
export function suggestedFirstDate(today: string, day: number | undefined): string {
  if (day === undefined) return today;
  const last = addDays(today, FIRST_PAYMENT_WINDOW_DAYS);
  for (const candidate of [addMonths(today, 0, day), addMonths(today, 1, day)]) {
    if (candidate >= today && candidate <= last) return candidate;
  }
  return today;
}

/** Equal split of a total in cents over n payments; the last takes the remainder. */
export function splitCents(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - base * (n - 1) : base));
}

/** The date window of payment k when the first payment is on `first`. */
export function paymentWindow(
  today: string,
  first: string,
  k: number,
): { min: string; max: string; suggested: string } {
  if (k === 0) {
    return { min: today, max: addDays(today, FIRST_PAYMENT_WINDOW_DAYS), suggested: first };
  }
  const suggested = addMonths(first, k);
  return {
    min: addDays(suggested, -PLAN_DAY_TOLERANCE),
    max: addDays(suggested, PLAN_DAY_TOLERANCE),
    suggested,
  };
}

/** What a plan pays: its total and its monthly amounts in cents; null when no such plan. */
function planAmounts(
  kind: PlanKind,
  input: Pick<PlanInput, 'balanceCents' | 'client'>,
  numMonths: number,
  payFraction: number,
): { discounted: number; amounts: number[] } | null {
  const discounted =
    kind === 'payment' ? input.balanceCents : Math.round(input.balanceCents * payFraction);
  if (discounted <= 0) return null;
  const amounts = splitCents(discounted, numMonths);
  if (numMonths > 1 && (amounts[0] ?? 0) < input.client.minMonthlyPaymentCents) return null;
  return { discounted, amounts };
}

function buildPlan(
  kind: PlanKind,
  input: PlanInput,
  numMonths: number,
  payFraction: number,
): PlanCents | null {
  const planned = planAmounts(kind, input, numMonths, payFraction);
  if (!planned) return null;
  const { discounted, amounts } = planned;
  const minMonthly = input.client.minMonthlyPaymentCents;
  const first = suggestedFirstDate(input.today, input.day);
  let left = discounted;
  const payments = amounts.map((amountCents, k) => {
    const window = paymentWindow(input.today, first, k);
    const payment: PlanPaymentCents = {
      minDate: window.min,
      maxDate: window.max,
      suggestedDate: window.suggested,
      amountCents,
      minAmountCents: Math.min(minMonthly, left),
      maxAmountCents: left,
    };
    left -= amountCents;
    return payment;
  });
  return {
    kind,
    numMonths,
    payFraction: kind === 'payment' ? 1 : payFraction,
    discountedCents: discounted,
    perMonthCents: amounts[0] ?? discounted,
    savingsCents: input.balanceCents - discounted,
    payments,
  };
}

/** The months of the balance-in-full plans a client may offer (2 to maxMonthlyPayments). */
function paymentPlanMonths(input: Pick<PlanInput, 'balanceCents' | 'client'>): number[] {
  const { payment } = input.client;
  if (!payment.allowPifArr || input.balanceCents <= 0) return [];
  return Array.from({ length: Math.max(payment.maxMonthlyPayments - 1, 0) }, (_, i) => i + 2);
}

/** The client's settlement tiers as (months, fraction paid), by months. */
function settlementTerms(
  input: Pick<PlanInput, 'balanceCents' | 'client'>,
): { months: number; payFraction: number }[] {
  if (!input.client.payment.allowSifArr || input.balanceCents <= 0) return [];
  return [...input.client.settlementTiers]
    .sort((a, b) => a.months - b.months)
    .map((tier) => ({ months: tier.months, payFraction: Number((1 - tier.discount).toFixed(6)) }));
}

/** Balance-in-full monthly plans: 2 to maxMonthlyPayments payments of at least the minimum. */
export function paymentPlans(input: PlanInput): PlanCents[] {
  return paymentPlanMonths(input)
    .map((n) => buildPlan('payment', input, n, 1))
    .filter((plan): plan is PlanCents => plan !== null);
}

/** Settlement plans: one per settlement tier of the client, when the client allows them. */
export function settlementPlans(input: PlanInput): PlanCents[] {
  return settlementTerms(input)
    .map((term) => buildPlan('settlement', input, term.months, term.payFraction))
    .filter((plan): plan is PlanCents => plan !== null && plan.savingsCents > 0);
}

export interface PlansExist {
  payment: boolean;
  settlement: boolean;
}

/** Answers of plansExist per client settings object, by balance (bounded per client). */
const knownPlans = new WeakMap<ClientSettings, Map<number, Readonly<PlansExist>>>();
const MAX_KNOWN_BALANCES = 10_000;

/**
 * Whether paymentPlans / settlementPlans would return any plan, without building the schedules
 * (the same amounts decide; dates never drop a plan): cheap enough for every overview read.
 *
 * The answer depends only on the balance and the client's settings, which are not changed once
 * loaded (a new flows config makes new objects), so it is worked out once per client and balance:
 * every account read asks it, and most balances repeat. The balance is part of the key, so a
 * payment that changes it is never answered from an older balance.
 */
export function plansExist(input: Pick<PlanInput, 'balanceCents' | 'client'>): PlansExist {
  let byBalance = knownPlans.get(input.client);
  if (!byBalance) {
    byBalance = new Map();
    knownPlans.set(input.client, byBalance);
  }
  const known = byBalance.get(input.balanceCents);
  if (known) return { ...known };
  const answer: PlansExist = {
    payment: paymentPlanMonths(input).some((n) => planAmounts('payment', input, n, 1) !== null),
    settlement: settlementTerms(input).some((term) => {
      const planned = planAmounts('settlement', input, term.months, term.payFraction);
      return planned !== null && input.balanceCents - planned.discounted > 0;
    }),
  };
  if (byBalance.size >= MAX_KNOWN_BALANCES) byBalance.clear();
  byBalance.set(input.balanceCents, Object.freeze({ ...answer }));
  return answer;
}
