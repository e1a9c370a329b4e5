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
import { formatCents } from '../../domain/money';
import { authorizationTexts, payerName } from '../../domain/payment-authorization';
import { amountFacts, checkSingle, singleLimits } from '../../domain/payment-journey';
import { interpolate } from '../../engine/form/messages';
import { localize } from '../../engine/i18n/split';
import { allowsVariant, type PaymentVariant } from '../../domain/payment-options';
import { decideOptions } from '../../domain/rules';
import { isPayableToday, scheduleStatus } from '../../domain/schedule-status';
import { submissionType } from '../../domain/submission-type';
import type { ArrangementType } from '../../domain/types';
import type { PortalContext } from '../context';
import { isValidDay } from '../dates';
import { ApiError, languageOf } from '../http/errors';
import { failpoint } from '../failpoints';
import { toCents } from '../money';
import type { ArrangementPaymentRow } from '../db/types';
import { accountState, ownAccount, ruleView, type AccountState } from './account-state';
import { fundingAllowed, fundingName, isExpired, ownFunding } from './funding';
import { paymentWindow, type PlanCents } from './plans';
import { stageFieldErrors } from './journey';
import {
  AlreadySettled,
  answerOf,
  failed,
  recordAccepted,
  release,
  settleExpired,
  succeeded,
  type StoredPlan,
} from './recovery';
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
  const plan: Plan = { variant, entries, paysExisting: [] };
  const config = services.journey.variants[variant];
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
  switch (variant) {
    case 'past-due': {
      // Every past-due payment, or the earliest one: the payments this one pays.
      const pastDue = openPayments.filter(
        (p) =>
          scheduleStatus(scheduledPayment(p), today, services.rules.scheduleStatus) === 'past_due',
      );
      const total = pastDue.reduce((sum, p) => sum + p.amount_cents, 0);
      plan.paysExisting = first.cents === total ? pastDue : pastDue.slice(0, 1);
      break;
    }
    case 'upcoming': {
      const payable = openPayments.find((p) =>
        isPayableToday(scheduledPayment(p), today, services.rules.scheduleStatus),
      );
      plan.paysExisting = payable ? [payable] : [];
      break;
    }
    default:
      break;
  }
  if (config.schedule === 'plan') {
    const settlement = config.plans === 'settlement';
    checkPlan(
      entries,
      settlement ? state.settlementPlans : state.paymentPlans,
      today,
      settlement ? 'sif_invalid' : 'invalid_schedule',
    );
  }
  if (config.schedule === 'letter') plan.letter = await checkLetter(ctx, body, state, entries);
  return plan;
}

type DebtorName = { first_name: string | null; last_name: string; business_name: string | null };

/**
 * The request's fields against the forms of the journey's stages (contact details, payment
 * method, disclosures), as the browser checked them: 400 with the fields' errors otherwise. A
 * request of the spec's shape has one flag for every disclosure; it stands for the e-sign consent
 * when that is not sent on its own.
 */
function checkStageFields(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  debtor: DebtorName,
  funding: FundingMethodRow,
): void {
  const isBusiness = !debtor.first_name;
  const errors = stageFieldErrors({
    journey: services.journey,
    flows: ctx.config.forms,
    body: { eSignConsent: body.authorizationDisclosuresAccepted, ...body },
    context: {
      isBusiness: isBusiness ? 1 : 0,
      businessName: debtor.business_name ?? debtor.last_name,
      // Whose method it is was checked (404 otherwise); whether it may pay is a refusal below.
      hasMethods: 1,
      hasUsable: 1,
      fundingMethods: [{ value: funding.id, label: '' }],
    },
    translate: services.translator(request),
    today: ctx.today(),
  });
  if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
}

/** What the debtor agreed to, in the words and the language they were shown. */
function authorizationRecord(
  services: PaymentServices,
  request: FastifyRequest,
  input: {
    body: SubmitBody;
    debtor: DebtorName;
    account: AccountState['account'];
    funding: FundingMethodRow;
    plan: Plan;
    confirmation: string;
    sessionId: string;
    agreedAt: string;
  },
) {
  const { body, debtor, account, funding, plan } = input;
  const language = languageOf(request);
  const config = services.journey.variants[plan.variant];
  const client = services.clients.forClient(account.client_id);
  const payments = plan.entries.map((e) => ({ date: e.date, cents: e.cents }));
  const total = payments.reduce((sum, p) => sum + p.cents, 0);
  const name =
    payerName({
      firstName: typeof body.firstName === 'string' ? body.firstName : null,
      lastName: typeof body.lastName === 'string' ? body.lastName : null,
      businessName: typeof body.businessName === 'string' ? body.businessName : null,
    }) || payerName({ firstName: debtor.first_name, lastName: debtor.last_name });
  const method = fundingName(request, funding);
  const texts = authorizationTexts(services.authorization.content, language, {
    name,
    agency: services.authorization.agency,
    creditor: account.creditor_name ?? '',
    accountNumber: account.account_number,
    method,
    phone: account.support_phone ?? client.supportPhone ?? '',
    action: interpolate(localize(config.confirm, language), {
      amount: formatCents(
        config.schedule === 'single' ? (payments[0]?.cents ?? 0) : total,
        language,
      ),
    }),
    payments,
  });
  return {
    debtor_id: account.debtor_id,
    account_id: account.id,
    confirmation: input.confirmation,
    session_id: input.sessionId,
    language,
    content_version: texts.version,
    recurring: texts.recurring ? 1 : 0,
    agreement_text: texts.agreement,
    esign_text: texts.eSign,
    authorization_text: texts.authorization,
    payer_name: name,
    method_name: method,
    schedule: JSON.stringify(payments),
    total_cents: total,
    agreed_at: input.agreedAt,
  };
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
  const debtor = await ctx.db
    .selectFrom('debtors')
    .select(['first_name', 'last_name', 'business_name'])
    .where('id', '=', auth.debtorId)
    .executeTakeFirstOrThrow();
  checkStageFields(ctx, services, request, body, debtor, funding);
  // A payment of this account left in flight by a process that died is settled first, so what
  // counts as taken (a duplicate) is what really is.
  await settleExpired(ctx, services, { accountId: account.id });
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
  const now = ctx.now();
  const stamp = now.toISOString();
  const chargeNow = first.date === today;
  const stored: StoredPlan = {
    variant: plan.variant,
    type: body.type,
    entries: plan.entries,
    paysExisting: plan.paysExisting.map((p) => p.id),
    activeArrangementId: state.active?.arrangement.id ?? null,
    replacesActive: plan.variant === 'remaining',
    accountId: account.id,
    balanceCents: account.balance_cents,
    fundingId: funding.id,
    fundingType: funding.type,
    paidWith: fundingName(request, funding),
    chargeNow,
    today,
    authorization: authorizationRecord(services, request, {
      body,
      debtor,
      account,
      funding,
      plan,
      confirmation,
      sessionId: auth.sid,
      agreedAt: stamp,
    }),
  };
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
      lease_until: new Date(now.getTime() + ctx.paymentLeaseMs).toISOString(),
      plan: JSON.stringify(stored),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!reserved) return failed('duplicate');
  failpoint('after-reserve');

  let processorReference: string | null = null;
  if (chargeNow) {
    let result;
    try {
      // Our attempt's reference is the processor's idempotency key: a retry never charges twice.
      result = await services.processor.charge({
        token: funding.processor_token,
        amountCents: first.cents,
        reference: confirmation,
      });
    } catch (error) {
      await release(ctx.db, reserved.id, 'processor_error', ctx.now().toISOString());
      throw error;
    }
    failpoint('after-charge');
    if (!result.approved) {
      // Released, or settled meanwhile by a process that found its lease passed: its word stands.
      if (await release(ctx.db, reserved.id, result.code, ctx.now().toISOString())) {
        return failed(result.code);
      }
      return settledAnswer(ctx, reserved.id);
    }
    processorReference = result.processorReference;
  }

  try {
    await recordAccepted(
      ctx.db,
      { id: reserved.id, confirmation },
      stored,
      processorReference,
      stamp,
      () => failpoint('before-commit'),
    );
  } catch (error) {
    if (!(error instanceof AlreadySettled)) throw error;
    return settledAnswer(ctx, reserved.id);
  }
  failpoint('after-commit');
  return succeeded(confirmation);
}

/** The answer of a submission another process settled while this request was still running. */
async function settledAnswer(ctx: PortalContext, id: number): Promise<SubmitResult> {
  const row = await ctx.db
    .selectFrom('payment_submissions')
    .select(['status', 'error_code', 'confirmation'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const answer = answerOf(row);
  // Settled as never charged: this request took too long; its client may send it again.
  if (!answer) throw new ApiError(503, 'paymentInterrupted');
  return answer;
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
