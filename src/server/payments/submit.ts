/**
 * SubmitPayment: re-checks a payment request with the same rule files as the browser, reserves
 * it (one accepted submission per account, first payment day and amount), charges today's
 * payment through the processor, then writes the arrangement and its schedule in one transaction.
 *
 * Answer: `{ paymentSubmission: { confirmation, success }, errors: [] }`. A request the rules
 * refuse is answered 200 with `success: false` and one error code (spec section 8 codes, the
 * processor's codes as it sends them, and the portal's own codes listed in SUBMIT_ERRORS).
 */
import type { FastifyRequest } from 'fastify';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import { shownContent } from '../content/shown';
import { failpoint } from '../failpoints';
import { paymentCode } from '../confirmation-code';
import { variantConfig } from '../../domain/payment-journey';
import { authOf } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { PublishedContent } from '../content/store';
import type { AccountRow } from '../db/types';
import {
  accountState,
  ownAccount,
  ownAccountNumber,
  viewableAccount,
  type AccountState,
} from './account-state';
import { fundingName, ownFunding, usableFundingRows } from './funding';
import type { FundingMethodRow } from './tables';
import {
  AlreadySettled,
  answerOf,
  failed,
  recordAccepted,
  release,
  settleExpired,
  settleSubmission,
  succeeded,
  type StoredPlan,
} from './recovery';
import { firstRow } from '../db/database';
import { paymentReads } from './reads';
import { paymentWrites } from './writes';
import type { PaymentServices } from './services';
import type { ClaimedKey } from './idempotency';
import { authorizationRecord } from './authorization-record';
import {
  checkRequest,
  checkStageFields,
  dedupeSuffix,
  Refusal,
  type DebtorName,
  type Entry,
  type Plan,
  type SubmitBody,
  type SubmitResult,
} from './submit-checks';

export type { SubmitBody } from './submit-checks';

const confirmationCode = paymentCode;

export async function submitPayment(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  idempotencyKey: string | undefined,
  claimedKey?: ClaimedKey,
): Promise<SubmitResult> {
  const ahead = paymentReads(ctx.db).byNumber;
  if (ahead) return submitAfterReads(ctx, services, request, body, idempotencyKey, claimedKey);
  const { auth, account } = await ownAccount(ctx, request, body.accountNumber);
  const shown = await shownContent(ctx, body.contentVersion, auth.sid);
  checkLetterSession(services, auth, body);
  // Asked together: on PostgreSQL the two reads leave in one write (db/pipelined-reads.ts).
  const [funding, [debtor]] = await Promise.all([
    ownFunding(ctx, auth, body.fundingId),
    paymentReads(ctx.db).debtorName(auth.debtorId),
  ]);
  if (!debtor) throw new Error(`debtor ${auth.debtorId} of a live session is missing`);
  checkStageFields(ctx, services, request, body, debtor, funding);
  // A payment of this account left in flight by a process that died is settled first, so what
  // counts as taken (a duplicate) is what really is.
  await settleExpired(ctx, services, { accountId: account.id });
  const state = await accountState(ctx, services, account);
  return submitChecked(ctx, services, request, body, idempotencyKey, claimedKey, {
    auth,
    account,
    shown,
    funding,
    debtor,
    state,
  });
}

/** What a payment has read and checked before its rules run. */
interface ReadAhead {
  auth: AccessClaims;
  account: AccountRow;
  shown: PublishedContent;
  funding: FundingMethodRow;
  debtor: DebtorName;
  state: AccountState;
  dedupe?: { key: string; taken: boolean };
}

/** A letter session pays only its letter: a variant paid with a letter's option. */
function checkLetterSession(services: PaymentServices, auth: AccessClaims, body: SubmitBody): void {
  if (auth.role !== 'letter') return;
  const asked = body.paymentVariant ? variantConfig(services.journey, body.paymentVariant) : null;
  if (body.type !== 'LET' || (asked !== null && asked?.schedule !== 'letter')) {
    throw new ApiError(403, 'forbidden');
  }
  if (body.letterId !== auth.letterId) throw new ApiError(404, 'letterNotFound');
}

/**
 * PostgreSQL: every read a payment makes before its rules asked at once, in one round trip (the
 * reads of one turn leave together, db/pipelined-reads.ts) instead of five one after the other:
 * the account, the funding method and the debtor's name, the account's submissions in flight past
 * their lease, its arrangements and the dedupe key's submission, the last three by the account's
 * number (reads.ts byNumber). They are then checked in the order of the reads one by one (the same
 * answers, the same refusals first). When a submission in flight had to be settled, what it
 * changed is read again afterwards, as before.
 */
async function submitAfterReads(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  idempotencyKey: string | undefined,
  claimedKey: ClaimedKey | undefined,
): Promise<SubmitResult> {
  const auth = authOf(request);
  const number = ownAccountNumber(auth, body.accountNumber);
  const reads = paymentReads(ctx.db);
  const ahead = reads.byNumber as NonNullable<typeof reads.byNumber>;
  const suffix = dedupeSuffix(body);
  const stamp = ctx.now().toISOString();
  const [accounts, fundings, [debtor], expired, arrangements, taken] = await Promise.all([
    reads.account(number, auth.debtorId),
    // Refused (404) below, after the account's and the content's checks, as before.
    usableFundingRows(ctx, auth, body.fundingId),
    reads.debtorName(auth.debtorId),
    ahead.expiredSubmissions(number, auth.debtorId, stamp),
    ahead.arrangements(number, auth.debtorId),
    suffix === undefined ? [] : ahead.submissionByDedupeSuffix(number, auth.debtorId, suffix),
  ]);
  const account = viewableAccount(ctx, accounts);
  const [method] = fundings;
  const shown = await shownContent(ctx, body.contentVersion, auth.sid);
  checkLetterSession(services, auth, body);
  if (!method) throw new ApiError(404, 'fundingNotFound');
  if (!debtor) throw new Error(`debtor ${auth.debtorId} of a live session is missing`);
  checkStageFields(ctx, services, request, body, debtor, method);
  let state: AccountState;
  let dedupe: { key: string; taken: boolean } | undefined;
  if (expired.length > 0) {
    // Settled first (see submitPayment), then the account's arrangements and dedupe read anew.
    for (const row of expired) await settleSubmission(ctx, services, row);
    state = await accountState(ctx, services, account);
  } else {
    state = await accountState(ctx, services, account, arrangements);
    if (suffix !== undefined) dedupe = { key: `${account.id}${suffix}`, taken: taken.length > 0 };
  }
  return submitChecked(ctx, services, request, body, idempotencyKey, claimedKey, {
    auth,
    account,
    shown,
    funding: method,
    debtor,
    state,
    ...(dedupe && { dedupe }),
  });
}

async function submitChecked(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  idempotencyKey: string | undefined,
  claimedKey: ClaimedKey | undefined,
  read: ReadAhead,
): Promise<SubmitResult> {
  const { auth, account, shown, funding, debtor, state } = read;
  let plan: Plan;
  try {
    plan = await checkRequest(ctx, services, body, state, funding, read.dedupe);
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
    replacesActive: plan.config.replacesActive === true,
    paysScheduled: plan.config.paysScheduled !== undefined,
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
      shown,
    }),
  };
  const reserved = await firstRow(
    ctx.db,
    paymentWrites(ctx.db).reserve(
      auth.debtorId,
      account.id,
      funding.id,
      plan.variant,
      body.type,
      first.date,
      first.cents,
      total,
      plan.entries.length,
      confirmation,
      `${account.id}|${first.date}|${first.cents}`,
      idempotencyKey ?? null,
      plan.letter?.letterId ?? null,
      plan.letter?.optionId ?? null,
      stamp,
      new Date(now.getTime() + ctx.paymentLeaseMs).toISOString(),
      JSON.stringify(stored),
    ),
  );
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

  const answer = succeeded(confirmation);
  try {
    // The answer is stored under the request's key with the payment (idempotency.ts ClaimedKey).
    await recordAccepted(
      ctx.db,
      { id: reserved.id, confirmation },
      stored,
      processorReference,
      stamp,
      () => failpoint('before-commit'),
      claimedKey && { key: claimedKey, body: JSON.stringify(answer) },
    );
  } catch (error) {
    if (!(error instanceof AlreadySettled)) throw error;
    return settledAnswer(ctx, reserved.id);
  }
  failpoint('after-commit');
  return answer;
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
