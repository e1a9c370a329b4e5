/**
 * The payment rules a submission must pass once its fields are checked (submit-checks.ts): the
 * schedule's shape, the dedupe key, the variant the journey declares and the option rules offer,
 * the funding method, and the variant's own amount, day, plan and letter option rules. The first
 * failing one throws a Refusal with its code (answered 200 with `success: false`).
 */
import {
  amountFacts,
  checkSingle,
  inferredVariant,
  singleLimits,
  variantConfig,
  type PaymentJourneyFile,
} from '../../domain/payment-journey';
import { allowsVariant, type PaymentVariant } from '../../domain/payment-options';
import { decideOptions } from '../../domain/rules';
import { isPayableToday, scheduleStatus } from '../../domain/schedule-status';
import { isValidDay } from '../dates';
import { ApiError } from '../http/errors';
import { toCents } from '../money';
import type { ArrangementPaymentRow } from '../db/types';
import { ruleView, type AccountState } from './account-state';
import { fundingAllowed, isExpired } from './funding';
import { paymentWindow, type PlanCents } from './plans';
import type { PaymentServices } from './services';
import type { LetterOptionRows } from './submit-reads';
import type { Entry, Plan, SubmitBody } from './submit-types';
import type { FundingMethodRow } from './tables';

/** The portal's own error codes (besides duplicate, min_payment_amount, sif_invalid). */
export const SUBMIT_ERRORS = [
  'duplicate',
  'min_payment_amount',
  'sif_invalid',
  'variant_not_offered',
  'amount_exceeds_balance',
  'invalid_amount',
  'date_out_of_range',
  'invalid_schedule',
  'funding_expired',
  'funding_type_not_allowed',
  'letter_option_expired',
] as const;
export type SubmitError = (typeof SUBMIT_ERRORS)[number];

export class Refusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const refuse = (code: SubmitError): never => {
  throw new Refusal(code);
};

const OPEN = new Set(['PostDate', 'Rejected']);

function scheduledPayment(p: ArrangementPaymentRow) {
  return {
    id: p.id,
    amount: p.amount_cents / 100,
    date: p.pay_date,
    status: p.status as 'PostDate',
    hasAttachedFunding: p.funding_id !== null,
    isPendingPost: Boolean(p.is_pending_post),
  };
}

/**
 * The variant a body asks for: `paymentVariant` when sent, otherwise the journey's `infer` rules
 * over the request and the account (null when none holds).
 */
export function inferVariant(
  body: SubmitBody,
  state: AccountState,
  journey: PaymentJourneyFile,
): PaymentVariant | null {
  if (body.paymentVariant) return body.paymentVariant;
  return inferredVariant(journey, {
    type: body.type,
    payments: body.schedule.length,
    cents: toCents(body.schedule[0]?.amount ?? 0) ?? -1,
    remaining: state.active ? remainingCents(state) : null,
    hasActiveArrangement: state.facts.hasActiveArrangement,
    hasPastDue: state.facts.hasPastDue,
    isPco: state.facts.isPco,
    minimumPaymentDue: state.account.minimum_payment_due_cents,
  });
}

function remainingCents(state: AccountState): number {
  const active = state.active;
  if (!active) return 0;
  const paid = active.payments
    .filter((p) => p.status === 'Paid')
    .reduce((sum, p) => sum + p.amount_cents, 0);
  return Math.max(active.arrangement.amount_cents - paid, 0);
}

function inWindow(date: string, min: string, max: string): boolean {
  return date >= min && date <= max;
}

/** Checks a plan schedule (bif or sif) against the plan with as many payments. */
function checkPlan(entries: Entry[], plans: PlanCents[], today: string, code: SubmitError): void {
  const plan = plans.find((p) => p.numMonths === entries.length);
  if (!plan) refuse(code);
  const found = plan as PlanCents;
  if (entries.reduce((sum, e) => sum + e.cents, 0) !== found.discountedCents) refuse(code);
  const first = entries[0] as Entry;
  let left = found.discountedCents;
  entries.forEach((entry, k) => {
    const window = paymentWindow(today, first.date, k);
    if (!inWindow(entry.date, window.min, window.max)) refuse('date_out_of_range');
    const min = Math.min(found.payments[k]?.minAmountCents ?? 0, left);
    if (entry.cents < min) refuse(code === 'sif_invalid' ? code : 'min_payment_amount');
    left -= entry.cents;
  });
}

/**
 * The body's letter option (`rows`: its schedule, read with the account's other reads) against
 * the entries: 404 when the account has no such letter or option.
 */
function checkLetter(
  today: string,
  body: SubmitBody,
  rows: LetterOptionRows | undefined,
  entries: Entry[],
): NonNullable<Plan['letter']> {
  if (body.letterId === undefined || body.letterOptionId === undefined) refuse('invalid_schedule');
  const option = rows?.[0];
  if (!option) throw new ApiError(404, 'letterNotFound');
  const schedule = (rows as LetterOptionRows).filter((row) => row.pay_date !== null) as {
    pay_date: string;
    amount_cents: number;
  }[];
  if (option.due_date < today || schedule.some((p) => p.pay_date < today)) {
    refuse('letter_option_expired');
  }
  if (schedule.length !== entries.length) refuse('invalid_schedule');
  entries.forEach((entry, i) => {
    const planned = schedule[i];
    if (!planned || planned.amount_cents !== entry.cents) refuse('invalid_schedule');
    if (entry.date < today || entry.date > (planned as { pay_date: string }).pay_date) {
      refuse('date_out_of_range');
    }
  });
  return {
    letterId: option.letter_id,
    optionId: option.option_id,
    optionNumber: option.option_number,
    settlementCents: option.settlement_amount_cents,
  };
}

/** What the rules read besides the account's state (submit-reads.ts). */
export interface RuleReads {
  /** Whether the dedupe key is taken, with its key (used only when it is the entries' key). */
  dedupe: { key: string; taken: boolean } | undefined;
  /** Read again when `dedupe` is not the entries' key (or was read before a settlement). */
  readDedupe: (key: string) => Promise<boolean>;
  letterOption: LetterOptionRows | undefined;
}

/** Every rule a payment must pass; throws Refusal with the first failing code. */
export async function checkRules(
  today: string,
  services: PaymentServices,
  body: SubmitBody,
  state: AccountState,
  funding: FundingMethodRow,
  reads: RuleReads,
): Promise<Plan> {
  const { account, client, facts } = state;
  const entries: Entry[] = body.schedule.map((e) => ({
    date: e.date,
    cents: toCents(e.amount) ?? -1,
  }));
  if (entries.some((e) => e.cents <= 0)) refuse('invalid_amount');
  if (entries.some((e) => !isValidDay(e.date))) refuse('invalid_schedule');
  for (let i = 1; i < entries.length; i += 1) {
    if ((entries[i] as Entry).date <= (entries[i - 1] as Entry).date) refuse('invalid_schedule');
  }

  const dedupeKey = `${account.id}|${(entries[0] as Entry).date}|${(entries[0] as Entry).cents}`;
  const { dedupe } = reads;
  const taken = dedupe?.key === dedupeKey ? dedupe.taken : await reads.readDedupe(dedupeKey);
  if (taken) refuse('duplicate');

  const variant = inferVariant(body, state, services.journey);
  const config = variant === null ? undefined : variantConfig(services.journey, variant);
  // The type each variant submits is the journey file's (flows/journeys/payment.json), as the browser's.
  if (variant === null || !config || config.submissionType !== body.type) {
    throw new Refusal('variant_not_offered');
  }
  if (config.schedule === 'letter') {
    // Paid with a letter's option: reached through the letter, not offered by the option rules.
    const group = decideOptions(services.rules.paymentOptions, facts).group;
    if (group === 'no-options') refuse('variant_not_offered');
  } else if (!allowsVariant(facts, services.rules.paymentOptions, variant)) {
    refuse('variant_not_offered');
  }
  if (!fundingAllowed(funding, client)) refuse('funding_type_not_allowed');
  if (isExpired(funding, today)) refuse('funding_expired');

  const first = entries[0] as Entry;
  const plan: Plan = { variant, config, entries, paysExisting: [] };
  if (config.schedule === 'single') {
    // The variant's amount and date rules, as flows/journeys/payment.json states them: the same
    // rules and facts the browser offered the amount and the day with.
    if (entries.length !== 1) refuse('invalid_schedule');
    const facts = amountFacts({
      ...ruleView(state.account, state.arrangements),
      settings: client.payment,
      today,
      scheduleRules: services.rules.scheduleStatus,
    });
    const refusal = checkSingle(singleLimits(config, facts, today), first);
    if (refusal) refuse(refusal);
  }
  const openPayments = (state.active?.payments ?? []).filter(
    (p) => OPEN.has(p.status) && !p.is_pending_post,
  );
  if (config.paysScheduled === 'pastDue') {
    // Every past-due payment, or the earliest one: the payments this one pays.
    const pastDue = openPayments.filter(
      (p) =>
        scheduleStatus(scheduledPayment(p), today, services.rules.scheduleStatus) === 'past_due',
    );
    const total = pastDue.reduce((sum, p) => sum + p.amount_cents, 0);
    plan.paysExisting = first.cents === total ? pastDue : pastDue.slice(0, 1);
  } else if (config.paysScheduled === 'payableToday') {
    const payable = openPayments.find((p) =>
      isPayableToday(scheduledPayment(p), today, services.rules.scheduleStatus),
    );
    plan.paysExisting = payable ? [payable] : [];
  }
  if (config.schedule === 'plan') {
    const settlement = config.plans === 'settlement';
    checkPlan(
      entries,
      state.plans(settlement ? 'settlement' : 'payment'),
      today,
      settlement ? 'sif_invalid' : 'invalid_schedule',
    );
  }
  if (config.schedule === 'letter') {
    plan.letter = checkLetter(today, body, reads.letterOption, entries);
  }
  return plan;
}
