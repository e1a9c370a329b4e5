/**
 * SubmitPayment: re-checks a payment request with the same rule files as the browser, reserves
 * it (one accepted submission per account, first payment day and amount), charges today's
 * payment through the processor, then writes the arrangement and its schedule in one transaction.
 *
 * Answer: `{ paymentSubmission: { confirmation, success }, errors: [] }`. A request the rules
 * refuse is answered 200 with `success: false` and one error code (spec section 8 codes, the
 * processor's codes as it sends them, and the portal's own codes listed in SUBMIT_ERRORS).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { allowsVariant, type PaymentVariant } from '../../domain/payment-options';
import { decideOptions } from '../../domain/rules';
import { isPayableToday, scheduleStatus } from '../../domain/schedule-status';
import { submissionType } from '../../domain/submission-type';
import type { ArrangementType } from '../../domain/types';
import type { PortalContext } from '../context';
import { addDays, isValidDay } from '../dates';
import { ApiError } from '../http/errors';
import { toCents } from '../money';
import type { ArrangementPaymentRow } from '../db/types';
import { accountState, ownAccount, type AccountState } from './account-state';
import { fundingAllowed, fundingName, isExpired, ownFunding } from './funding';
import { FIRST_PAYMENT_WINDOW_DAYS, paymentWindow, type PlanCents } from './plans';
import type { PaymentServices } from './services';
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

export interface SubmitBody {
  accountNumber: string;
  schedule: { date: string; amount: number }[];
  fundingId: number;
  type: ArrangementType;
  authorizationDisclosuresAccepted: true;
  paymentVariant?: PaymentVariant;
  letterId?: number;
  letterOptionId?: number;
  firstName?: string;
  lastName?: string;
  [field: string]: unknown;
}

export interface SubmitResult {
  paymentSubmission: { confirmation: string | null; success: boolean };
  errors: string[];
}

interface Entry {
  date: string;
  cents: number;
}

class Refusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const refuse = (code: SubmitError): never => {
  throw new Refusal(code);
};

const failed = (code: string): SubmitResult => ({
  paymentSubmission: { confirmation: null, success: false },
  errors: [code],
});

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

/** The variant a body asks for: `paymentVariant` when sent, otherwise inferred from type. */
export function inferVariant(body: SubmitBody, state: AccountState): PaymentVariant {
  if (body.paymentVariant) return body.paymentVariant;
  const single = body.schedule.length === 1;
  const cents = toCents(body.schedule[0]?.amount ?? 0) ?? -1;
  switch (body.type) {
    case 'LET':
      return 'letter';
    case 'SIF':
      return 'sif';
    case 'PIF':
      return single ? 'pif' : 'bif';
    default:
      break;
  }
  if (state.facts.hasActiveArrangement) {
    if (state.active && cents === remainingCents(state)) return 'remaining';
    return state.facts.hasPastDue ? 'past-due' : 'upcoming';
  }
  const due = state.account.minimum_payment_due_cents;
  if (state.facts.isPco && due !== null && cents === due) return 'bring-current';
  return 'one-time';
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

interface Plan {
  variant: PaymentVariant;
  entries: Entry[];
  /** Existing scheduled payments this submission pays (past-due, upcoming). */
  paysExisting: ArrangementPaymentRow[];
  letter?: { letterId: number; optionId: number };
}

async function checkLetter(
  ctx: PortalContext,
  body: SubmitBody,
  state: AccountState,
  entries: Entry[],
): Promise<{ letterId: number; optionId: number }> {
  const today = ctx.today();
  if (body.letterId === undefined || body.letterOptionId === undefined) refuse('invalid_schedule');
  const letter = await ctx.db
    .selectFrom('letters')
    .select(['letter_id'])
    .where('letter_id', '=', body.letterId as number)
    .where('account_id', '=', state.account.id)
    .executeTakeFirst();
  if (!letter) throw new ApiError(404, 'letterNotFound');
  const option = await ctx.db
    .selectFrom('letter_options')
    .selectAll()
    .where('id', '=', body.letterOptionId as number)
    .where('letter_id', '=', letter.letter_id)
    .executeTakeFirst();
  if (!option) throw new ApiError(404, 'letterNotFound');
  const schedule = await ctx.db
    .selectFrom('letter_option_payments')
    .selectAll()
    .where('letter_option_id', '=', option.id)
    .orderBy('seq')
    .execute();
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
  return { letterId: letter.letter_id, optionId: option.id };
}

/** Every rule a payment must pass; throws Refusal with the first failing code. */
async function checkRequest(
  ctx: PortalContext,
  services: PaymentServices,
  body: SubmitBody,
  state: AccountState,
  funding: FundingMethodRow,
): Promise<Plan> {
  const today = ctx.today();
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
  const taken = await ctx.db
    .selectFrom('payment_submissions')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  if (taken) refuse('duplicate');

  const variant = inferVariant(body, state);
  if (submissionType(variant) !== body.type) refuse('variant_not_offered');
  if (variant === 'letter') {
    const group = decideOptions(services.rules.paymentOptions, facts).group;
    if (group === 'no-options') refuse('variant_not_offered');
  } else if (!allowsVariant(facts, services.rules.paymentOptions, variant)) {
    refuse('variant_not_offered');
  }
  if (!fundingAllowed(funding, client)) refuse('funding_type_not_allowed');
  if (isExpired(funding, today)) refuse('funding_expired');

  const first = entries[0] as Entry;
  const single = (maxDays: number, exact?: number): void => {
    if (entries.length !== 1) refuse('invalid_schedule');
    if (exact !== undefined && first.cents !== exact) refuse('invalid_amount');
    if (!inWindow(first.date, today, addDays(today, maxDays))) refuse('date_out_of_range');
  };
  const plan: Plan = { variant, entries, paysExisting: [] };
  const balance = account.balance_cents;
  const openPayments = (state.active?.payments ?? []).filter(
    (p) => OPEN.has(p.status) && !p.is_pending_post,
  );
  switch (variant) {
    case 'one-time': {
      single(client.payment.maxSinglePayDaysInFuture);
      const minimum = Math.min(client.minSinglePaymentCents, balance);
      if (first.cents < minimum) refuse('min_payment_amount');
      if (first.cents > balance) refuse('amount_exceeds_balance');
      break;
    }
    case 'bring-current':
      single(client.payment.maxSinglePayDaysInFuture, account.minimum_payment_due_cents ?? -1);
      break;
    case 'pif':
      single(FIRST_PAYMENT_WINDOW_DAYS, balance);
      break;
    case 'remaining':
      single(FIRST_PAYMENT_WINDOW_DAYS, remainingCents(state));
      break;
    case 'past-due': {
      const pastDue = openPayments.filter(
        (p) =>
          scheduleStatus(scheduledPayment(p), today, services.rules.scheduleStatus) === 'past_due',
      );
      const total = pastDue.reduce((sum, p) => sum + p.amount_cents, 0);
      single(0);
      if (first.cents === total) plan.paysExisting = pastDue;
      else if (pastDue[0] && first.cents === pastDue[0].amount_cents) {
        plan.paysExisting = [pastDue[0]];
      } else refuse('invalid_amount');
      break;
    }
    case 'upcoming': {
      const payable = openPayments.find((p) =>
        isPayableToday(scheduledPayment(p), today, services.rules.scheduleStatus),
      );
      single(0, payable?.amount_cents ?? -1);
      plan.paysExisting = payable ? [payable] : [];
      break;
    }
    case 'bif':
      checkPlan(entries, state.paymentPlans, today, 'invalid_schedule');
      break;
    case 'sif':
      checkPlan(entries, state.settlementPlans, today, 'sif_invalid');
      break;
    case 'letter':
      plan.letter = await checkLetter(ctx, body, state, entries);
      break;
  }
  return plan;
}

function confirmationCode(): string {
  return `WP${randomBytes(5).toString('hex').toUpperCase()}`;
}

export async function submitPayment(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  idempotencyKey: string | undefined,
): Promise<SubmitResult> {
  const { auth, account } = await ownAccount(ctx, request, body.accountNumber);
  if (auth.role === 'letter') {
    if (body.type !== 'LET' || (body.paymentVariant && body.paymentVariant !== 'letter')) {
      throw new ApiError(403, 'forbidden');
    }
    if (body.letterId !== auth.letterId) throw new ApiError(404, 'letterNotFound');
  }
  const funding = await ownFunding(ctx, auth, body.fundingId);
  const state = await accountState(ctx, services, account);
  let plan: Plan;
  try {
    plan = await checkRequest(ctx, services, body, state, funding);
  } catch (error) {
    if (error instanceof Refusal) return failed(error.code);
    throw error;
  }

  const today = ctx.today();
  const first = plan.entries[0] as Entry;
  const total = plan.entries.reduce((sum, e) => sum + e.cents, 0);
  const confirmation = confirmationCode();
  const stamp = ctx.now().toISOString();
  const reserved = await ctx.db
    .insertInto('payment_submissions')
    .values({
      debtor_id: auth.debtorId,
      account_id: account.id,
      arrangement_id: null,
      funding_id: funding.id,
      variant: plan.variant,
      type: body.type,
      pay_date: first.date,
      amount_cents: first.cents,
      total_cents: total,
      payment_count: plan.entries.length,
      status: 'in_flight',
      error_code: null,
      confirmation,
      processor_reference: null,
      dedupe_key: `${account.id}|${first.date}|${first.cents}`,
      idempotency_key: idempotencyKey ?? null,
      letter_id: plan.letter?.letterId ?? null,
      letter_option_id: plan.letter?.optionId ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!reserved) return failed('duplicate');

  const chargeNow = first.date === today;
  let processorReference: string | null = null;
  if (chargeNow) {
    let result;
    try {
      result = await services.processor.charge({
        token: funding.processor_token,
        amountCents: first.cents,
        reference: confirmation,
      });
    } catch (error) {
      await release(ctx, reserved.id, 'processor_error');
      throw error;
    }
    if (!result.approved) {
      await release(ctx, reserved.id, result.code);
      return failed(result.code);
    }
    processorReference = result.processorReference;
  }

  const paidWith = fundingName(request, funding);
  await ctx.db.transaction().execute(async (trx) => {
    let arrangementId: number;
    if (
      plan.paysExisting.length > 0 ||
      plan.variant === 'past-due' ||
      plan.variant === 'upcoming'
    ) {
      arrangementId = state.active?.arrangement.id ?? 0;
      for (const payment of plan.paysExisting) {
        await trx
          .updateTable('arrangement_payments')
          .set({
            status: 'Approved',
            is_pending_post: 1,
            confirmation,
            submitted: stamp,
            approved: stamp,
            funding_id: funding.id,
            paid_with: paidWith,
          })
          .where('id', '=', payment.id)
          .execute();
      }
    } else {
      if (plan.variant === 'remaining' && state.active) {
        await trx
          .updateTable('arrangement_payments')
          .set({ status: 'Canceled' })
          .where('arrangement_id', '=', state.active.arrangement.id)
          .where('status', 'in', ['PostDate', 'Rejected'])
          .execute();
        await trx
          .updateTable('arrangements')
          .set({ active: 0 })
          .where('id', '=', state.active.arrangement.id)
          .execute();
      }
      const created = await trx
        .insertInto('arrangements')
        .values({
          account_id: account.id,
          external_ref: `web-${confirmation}`,
          type: body.type,
          amount_cents: total,
          active: 1,
          begin_balance_cents: account.balance_cents,
          created: today,
          allow_remaining: 1,
          modifiable_online: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      arrangementId = created.id;
      for (const [i, entry] of plan.entries.entries()) {
        const charged = i === 0 && chargeNow;
        await trx
          .insertInto('arrangement_payments')
          .values({
            arrangement_id: arrangementId,
            pay_date: entry.date,
            amount_cents: entry.cents,
            status: charged ? 'Approved' : 'PostDate',
            is_pending_post: charged ? 1 : 0,
            is_electronic: 1,
            funding_id: funding.id,
            paid_with: paidWith,
            confirmation: charged || i === 0 ? confirmation : null,
            submitted: charged ? stamp : null,
            approved: charged ? stamp : null,
            satisfied: null,
            created: stamp,
          })
          .execute();
      }
    }
    if (chargeNow) {
      await trx
        .insertInto('transactions')
        .values({
          account_id: account.id,
          received_date: today,
          amount_cents: first.cents,
          type: funding.type === 'bank' ? 'Direct' : 'WebCredit',
          auto_or_manual: 'Manual',
          source: 'Portal',
          confirmation_code: confirmation,
          is_pending: 1,
          total_payment_cents: first.cents,
        })
        .execute();
      await trx
        .updateTable('accounts')
        .set({ is_payment_pending_post: 1, updated_at: stamp })
        .where('id', '=', account.id)
        .execute();
    }
    await trx
      .updateTable('payment_submissions')
      .set({
        status: chargeNow ? 'approved' : 'scheduled',
        arrangement_id: arrangementId || null,
        processor_reference: processorReference,
        updated_at: stamp,
      })
      .where('id', '=', reserved.id)
      .execute();
  });
  return { paymentSubmission: { confirmation, success: true }, errors: [] };
}

/** A declined or failed submission frees its day and amount for another try. */
async function release(ctx: PortalContext, id: number, code: string): Promise<void> {
  await ctx.db
    .updateTable('payment_submissions')
    .set({
      status: 'declined',
      error_code: code,
      dedupe_key: null,
      updated_at: ctx.now().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** Whether a payment for the account is already taken or scheduled on that day. */
export async function existingPayment(
  ctx: PortalContext,
  accountId: number,
  day: string,
): Promise<boolean> {
  const submission = await ctx.db
    .selectFrom('payment_submissions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('pay_date', '=', day)
    .where('status', 'in', ['in_flight', 'approved', 'scheduled'])
    .executeTakeFirst();
  if (submission) return true;
  const paid = await ctx.db
    .selectFrom('arrangement_payments')
    .innerJoin('arrangements', 'arrangements.id', 'arrangement_payments.arrangement_id')
    .select('arrangement_payments.id')
    .where('arrangements.account_id', '=', accountId)
    .where('arrangement_payments.pay_date', '=', day)
    .where('arrangement_payments.status', 'in', ['Approved', 'Paid'])
    .executeTakeFirst();
  return paid !== undefined;
}
