/**
 * Settling payments whose server process died. A submission is reserved `in_flight` with a lease
 * and with what it will write (`plan`); it is finished by the process that reserved it, or, once
 * the lease has passed, by any process that claims it here:
 *
 * - its charge is resolved at the processor by our attempt reference (`resolve`: the charge's
 *   result, or, when the processor never received it, a void that refuses it from then on);
 * - a charge that went through is recorded completely (arrangement, schedule, transaction, the
 *   authorization; the same `recordAccepted` the request would have run, record-accepted.ts) and the request's
 *   Idempotency-Key gets the answer the request would have given;
 * - a charge that was declined releases the submission (its dedupe key freed) and the key gets
 *   the refusal; one that never happened (or a payment for a later day that was never committed)
 *   releases the submission and frees the key, so the same request can run again.
 *
 * Recording and releasing both start by moving the row out of `in_flight` with a conditional
 * update, so of a late original process and a recovering one exactly one writes.
 */
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/types';
import { recordEvents, type AnyNewEvent } from '../events/record';
import { declinedEvent, withEventFields } from './payment-events';
import type { PortalContext } from '../context';
import { VOIDED } from './processor';
import { AlreadySettled, recordAccepted, type StoredPlan } from './record-accepted';
import type { PaymentServices } from './services';
import type { PaymentSubmissionRow } from './tables';

export type SubmitAnswer = {
  paymentSubmission: { confirmation: string | null; success: boolean };
  errors: string[];
};

export const succeeded = (confirmation: string): SubmitAnswer => ({
  paymentSubmission: { confirmation, success: true },
  errors: [],
});

export const failed = (code: string): SubmitAnswer => ({
  paymentSubmission: { confirmation: null, success: false },
  errors: [code],
});

/**
 * Frees a submission's day and amount for another try (a decline, a charge that never happened);
 * false when it was no longer in flight (settled by someone else). A decline's `payment.declined`
 * event (payment-events.ts) is written with it, in its transaction, and only when it released.
 */
export async function release(
  db: Db,
  id: number,
  code: string,
  stamp: string,
  declined?: AnyNewEvent,
): Promise<boolean> {
  if (!declined) return releaseIn(db, id, code, stamp);
  return db.transaction().execute(async (trx) => {
    if (!(await releaseIn(trx, id, code, stamp))) return false;
    await recordEvents(trx, [declined]);
    return true;
  });
}

async function releaseIn(
  db: Kysely<Database>,
  id: number,
  code: string,
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_submissions')
    .set({
      status: 'declined',
      error_code: code,
      dedupe_key: null,
      lease_until: null,
      updated_at: stamp,
    })
    .where('id', '=', id)
    .where('status', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The answer a settled submission's request would have given (null: none, run it again). */
export function answerOf(
  row: Pick<PaymentSubmissionRow, 'status' | 'error_code' | 'confirmation'>,
): SubmitAnswer | null {
  if (row.status === 'approved' || row.status === 'scheduled') return succeeded(row.confirmation);
  if (
    row.status === 'declined' &&
    row.error_code &&
    !['interrupted', VOIDED, 'processor_error'].includes(row.error_code)
  ) {
    return failed(row.error_code);
  }
  return null;
}

/**
 * Settles one submission still in flight whose lease has passed (nothing when its lease holds or
 * another process claimed it first), then gives its Idempotency-Key its answer or frees it.
 */
export async function settleSubmission(
  ctx: PortalContext,
  services: PaymentServices,
  row: PaymentSubmissionRow,
): Promise<void> {
  const now = ctx.now();
  const stamp = now.toISOString();
  const claim = await ctx.db
    .updateTable('payment_submissions')
    .set({ lease_until: new Date(now.getTime() + ctx.paymentLeaseMs).toISOString() })
    .where('id', '=', row.id)
    .where('status', '=', 'in_flight')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', stamp)]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 0) return;

  const kept = row.plan ? (JSON.parse(row.plan) as StoredPlan) : null;
  if (kept?.chargeNow) {
    const result = await services.processor.resolve(row.confirmation);
    const plan = await withEventFields(ctx.db, kept, row);
    if (result.approved) {
      try {
        await recordAccepted(ctx.db, row, plan, result.processorReference, stamp);
      } catch (error) {
        if (!(error instanceof AlreadySettled)) throw error;
      }
    } else if (result.code === VOIDED) {
      // Never charged (the processor never had it): released, no event.
      await release(ctx.db, row.id, 'interrupted', stamp);
    } else {
      await release(ctx.db, row.id, result.code, stamp, declinedEvent(plan, result.code, stamp));
    }
  } else {
    // Nothing to charge now, and the row is still in flight: its writes were never committed.
    await release(ctx.db, row.id, 'interrupted', stamp);
  }
  await settleKeyOf(ctx.db, row.id, stamp);
}

/** Gives a settled submission's Idempotency-Key the answer of its request, or frees it. */
async function settleKeyOf(db: Db, submissionId: number, stamp: string): Promise<void> {
  const row = await db
    .selectFrom('payment_submissions')
    .select(['debtor_id', 'idempotency_key', 'status', 'error_code', 'confirmation'])
    .where('id', '=', submissionId)
    .executeTakeFirst();
  if (!row?.idempotency_key || row.status === 'in_flight') return;
  const answer = answerOf(row);
  const key = db
    .updateTable('idempotency_keys')
    .where('debtor_id', '=', row.debtor_id)
    .where('key', '=', row.idempotency_key)
    .where('state', '=', 'in_flight');
  if (answer) {
    await key
      .set({
        state: 'done',
        response_status: 200,
        response_body: JSON.stringify(answer),
        completed_at: stamp,
        lease_until: null,
      })
      .execute();
  } else {
    await db
      .deleteFrom('idempotency_keys')
      .where('debtor_id', '=', row.debtor_id)
      .where('key', '=', row.idempotency_key)
      .where('state', '=', 'in_flight')
      .execute();
  }
}

/**
 * Settles what the request with this Idempotency-Key left unfinished (its lease has passed): its
 * submission if still in flight; the key then gets the answer of its request, or is freed when the
 * request never reserved a submission (it died before) or never paid.
 */
export async function settleKey(
  ctx: PortalContext,
  services: PaymentServices,
  debtorId: number,
  key: string,
): Promise<void> {
  const rows = await ctx.db
    .selectFrom('payment_submissions')
    .selectAll()
    .where('debtor_id', '=', debtorId)
    .where('idempotency_key', '=', key)
    .orderBy('id', 'desc')
    .execute();
  const latest = rows[0];
  if (!latest) {
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('debtor_id', '=', debtorId)
      .where('key', '=', key)
      .where('state', '=', 'in_flight')
      .execute();
    return;
  }
  if (latest.status === 'in_flight') await settleSubmission(ctx, services, latest);
  else await settleKeyOf(ctx.db, latest.id, ctx.now().toISOString());
}

/** Every submission in flight whose lease has passed (of one account, or all), settled. */
export async function settleExpired(
  ctx: PortalContext,
  services: PaymentServices,
  scope: { accountId?: number; debtorId?: number; idempotencyKey?: string } = {},
): Promise<number> {
  const stamp = ctx.now().toISOString();
  let query = ctx.db
    .selectFrom('payment_submissions')
    .selectAll()
    .where('status', '=', 'in_flight')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', stamp)]));
  if (scope.accountId !== undefined) query = query.where('account_id', '=', scope.accountId);
  if (scope.debtorId !== undefined) query = query.where('debtor_id', '=', scope.debtorId);
  if (scope.idempotencyKey !== undefined) {
    query = query.where('idempotency_key', '=', scope.idempotencyKey);
  }
  const rows = await query.execute();
  for (const row of rows) await settleSubmission(ctx, services, row);
  return rows.length;
}

/**
 * Settles expired submissions now and then every half lease, until the returned function is
 * called. Each process runs it; claims make sure one settles each row.
 */
export function startSettling(
  ctx: PortalContext,
  services: PaymentServices,
  log: (error: unknown) => void,
): () => void {
  const run = () => void settleExpired(ctx, services).catch(log);
  run();
  const timer = setInterval(run, Math.max(1000, Math.floor(ctx.paymentLeaseMs / 2)));
  timer.unref();
  return () => clearInterval(timer);
}
