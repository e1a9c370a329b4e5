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
import { failpoint } from '../failpoints';
import { paymentCode } from '../confirmation-code';
import { authOf } from '../auth/guard';
import { ownAccountNumber } from './account-state';
import { fundingName } from './funding';
import { AlreadySettled, recordAccepted, type StoredPlan } from './record-accepted';
import { answerOf, failed, release, succeeded } from './recovery';
import { firstRow } from '../db/database';
import { paymentWrites } from './writes';
import { methodOf } from '../events/types';
import { declinedEvent, type PaymentEventFields } from './payment-events';
import type { PaymentServices } from './services';
import type { ClaimedKey } from './idempotency';
import { authorizationRecord } from './authorization-record';
import { checkSubmission, Refusal, type CheckedSubmission } from './submit-checks';
import { readSubmission } from './submit-reads';
import type { Entry, SubmitBody, SubmitResult } from './submit-types';

export type { SubmitBody } from './submit-types';

const confirmationCode = paymentCode;

/**
 * One path: what the checks need is read at once (submit-reads.ts), every check runs once in its
 * order (submit-checks.ts), then the payment is reserved, charged and recorded.
 */
export async function submitPayment(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  idempotencyKey: string | undefined,
  claimedKey?: ClaimedKey,
): Promise<SubmitResult> {
  const auth = authOf(request);
  const number = ownAccountNumber(auth, body.accountNumber);
  const read = await readSubmission(ctx, auth, number, body);
  let checked: CheckedSubmission;
  try {
    checked = await checkSubmission(ctx, services, request, auth, body, read);
  } catch (error) {
    if (error instanceof Refusal) return failed(error.code);
    throw error;
  }
  const { account, shown, funding, debtor, state, plan } = checked;

  const today = ctx.today();
  const first = plan.entries[0] as Entry;
  const total = plan.entries.reduce((sum, e) => sum + e.cents, 0);
  const confirmation = confirmationCode();
  const now = ctx.now();
  const stamp = now.toISOString();
  const chargeNow = first.date === today;
  const stored: StoredPlan & PaymentEventFields = {
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
    // The agency's events (payment-events.ts).
    subject: {
      accountNumber: account.account_number,
      clientId: account.client_id,
      debtorKey: debtor.external_key,
    },
    method: methodOf(funding),
    activePlanRef: state.active?.arrangement.external_ref ?? null,
    letter: plan.letter
      ? {
          letterId: plan.letter.letterId,
          optionNumber: plan.letter.optionNumber,
          settlementCents: plan.letter.settlementCents,
        }
      : null,
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
      const at = ctx.now().toISOString();
      const declined = declinedEvent(stored, result.code, at);
      if (await release(ctx.db, reserved.id, result.code, at, declined)) {
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
