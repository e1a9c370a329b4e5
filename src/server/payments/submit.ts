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
import { randomHex } from '../random-hex';
import { variantConfig } from '../../domain/payment-journey';
import { accountState, ownAccount } from './account-state';
import { fundingName, ownFunding } from './funding';
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
import { firstRow } from '../db/database';
import { paymentReads } from './reads';
import { paymentWrites } from './writes';
import type { PaymentServices } from './services';
import type { ClaimedKey } from './idempotency';
import { authorizationRecord } from './authorization-record';
import {
  checkRequest,
  checkStageFields,
  Refusal,
  type Entry,
  type Plan,
  type SubmitBody,
  type SubmitResult,
} from './submit-checks';

export type { SubmitBody } from './submit-checks';

function confirmationCode(): string {
  return `WP${randomHex(5).toUpperCase()}`;
}

export async function submitPayment(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  idempotencyKey: string | undefined,
  claimedKey?: ClaimedKey,
): Promise<SubmitResult> {
  const { auth, account } = await ownAccount(ctx, request, body.accountNumber);
  const shown = await shownContent(ctx, body.contentVersion);
  if (auth.role === 'letter') {
    // A letter session pays only its letter: a variant paid with a letter's option.
    const asked = body.paymentVariant ? variantConfig(services.journey, body.paymentVariant) : null;
    if (body.type !== 'LET' || (asked !== null && asked?.schedule !== 'letter')) {
      throw new ApiError(403, 'forbidden');
    }
    if (body.letterId !== auth.letterId) throw new ApiError(404, 'letterNotFound');
  }
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
