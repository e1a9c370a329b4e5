/**
 * The writes of an accepted submission, in one transaction (or, on PostgreSQL, one statement):
 * what the request that charged it runs, and what a process settling it after a crash runs
 * (recovery.ts) from the plan kept on its row while it was in flight.
 */
import type { Insertable } from 'kysely';
import { firstRow, transactionSteps, type TransactionSteps } from '../db/database';
import type { Db } from '../db/types';
import { recordEventSteps, uncursoredEventRows } from '../events/record';
import { answerStatement, type ClaimedKey } from './idempotency';
import { acceptedEvents, replacedEvent, type PaymentEventFields } from './payment-events';
import type { AnyNewEvent } from '../events/record';
import type { PaymentAuthorizationsTable } from './tables';
import { paymentWrites, type ScheduledPayment } from './writes';

/**
 * What an accepted submission writes, kept on its row while it is in flight; with the fields of
 * its agency events (payment-events.ts; absent on a row reserved before events were written).
 */
export interface StoredPlan extends Partial<PaymentEventFields> {
  variant: string;
  type: string;
  entries: { date: string; cents: number }[];
  /** Scheduled payments this one pays (past due, due today): marked approved, not created. */
  paysExisting: number[];
  /** The arrangement those payments belong to; the one a payment that pays it off replaces. */
  activeArrangementId: number | null;
  /** The variant pays the arrangement off (its `replacesActive`): its open payments are canceled. */
  replacesActive: boolean;
  /**
   * The variant pays scheduled payments of the active arrangement (its `paysScheduled`): no
   * arrangement of its own is made, even when none is left to mark.
   */
  paysScheduled: boolean;
  accountId: number;
  balanceCents: number;
  fundingId: number;
  fundingType: string;
  /** The method as the debtor saw it: 'Visa ****1111'. */
  paidWith: string;
  /** The first payment is charged now (it is dated today). */
  chargeNow: boolean;
  today: string;
  /** The payment_authorizations row, but for its submission id. */
  authorization: Omit<Insertable<PaymentAuthorizationsTable>, 'submission_id'>;
}

/** Thrown inside a recording transaction when the row was settled by someone else meanwhile. */
export class AlreadySettled extends Error {}

/**
 * Writes an accepted submission in one transaction: the row leaves `in_flight` with its
 * arrangement (made just before, for a payment of its own; or the transaction ends with
 * AlreadySettled), then the arrangement's schedule (or the existing payments it pays), the
 * transaction of today's charge, the authorization, and the request's answer under its
 * Idempotency-Key (`answer`, idempotency.ts ClaimedKey), and last the agency's events
 * (payment-events.ts), which take their cursors from the counter row whose lock is then held to
 * the commit (events/record.ts). `beforeCommit` runs last inside the transaction (the crash
 * tests' hook).
 */
export async function recordAccepted(
  db: Db,
  submission: { id: number; confirmation: string },
  plan: StoredPlan & PaymentEventFields,
  processorReference: string | null,
  stamp: string,
  beforeCommit: () => void = () => undefined,
  answer?: { key: ClaimedKey; body: string },
): Promise<void> {
  const { confirmation } = submission;
  const total = plan.entries.reduce((sum, e) => sum + e.cents, 0);
  const writes = paymentWrites(db);
  const makesArrangement = plan.paysExisting.length === 0 && !plan.paysScheduled;
  const arrangement = [
    plan.accountId,
    `web-${confirmation}`,
    plan.type,
    total,
    plan.balanceCents,
    plan.today,
  ] as const;
  const schedule = plan.entries.map((entry, i): ScheduledPayment => {
    const charged = i === 0 && plan.chargeNow;
    return {
      pay_date: entry.date,
      amount_cents: entry.cents,
      status: charged ? 'Approved' : 'PostDate',
      is_pending_post: charged ? 1 : 0,
      confirmation: charged || i === 0 ? confirmation : null,
      charged: charged ? stamp : null,
    };
  });
  const first = plan.entries[0];
  const transactionType = plan.fundingType === 'bank' ? 'Direct' : 'WebCredit';
  const events = acceptedEvents(plan, confirmation, stamp, makesArrangement);
  if (writes.acceptedAtOnce && makesArrangement && !plan.replacesActive) {
    // PostgreSQL: the same rows in one statement (writes.ts acceptedAtOnce), which commits alone.
    const at = writes.acceptedAtOnce(
      submission.id,
      plan.chargeNow ? 'approved' : 'scheduled',
      processorReference,
      stamp,
      ...arrangement,
      JSON.stringify(schedule),
      plan.fundingId,
      plan.paidWith,
      plan.chargeNow && first ? 1 : 0,
      first?.cents ?? 0,
      transactionType,
      confirmation,
      JSON.stringify(plan.authorization),
      answer?.key.id ?? null,
      answer?.body ?? null,
      uncursoredEventRows(events),
      events.length,
    );
    beforeCommit();
    const row = await firstRow(db, at);
    if (!row?.claimed) throw new AlreadySettled();
    if (answer) answer.key.storedAnswer = answer.body;
    return;
  }
  await transactionSteps(db, function* (): TransactionSteps<void> {
    // The submission leaves `in_flight` with its arrangement in one update (or the transaction
    // ends with AlreadySettled): a payment of its own makes the arrangement first.
    let created: number | undefined;
    const replaced: AnyNewEvent[] = [];
    if (makesArrangement) {
      const row = (yield writes.arrangement(...arrangement)).rows[0] as { id: number } | undefined;
      if (!row) throw new Error('the arrangement was not recorded');
      created = row.id;
    }
    const claimed = yield writes.accept(
      plan.chargeNow ? 'approved' : 'scheduled',
      processorReference,
      stamp,
      created ?? plan.activeArrangementId,
      submission.id,
    );
    if (Number(claimed.numAffectedRows ?? 0) === 0) throw new AlreadySettled();

    if (created === undefined) {
      for (const id of plan.paysExisting) {
        yield db
          .updateTable('arrangement_payments')
          .set({
            status: 'Approved',
            is_pending_post: 1,
            confirmation,
            submitted: stamp,
            approved: stamp,
            funding_id: plan.fundingId,
            paid_with: plan.paidWith,
          })
          .where('id', '=', id)
          .compile();
      }
    } else {
      if (plan.replacesActive && plan.activeArrangementId !== null) {
        // The payments it stops, for the old plan's `plan.cancelled` (payment-events.ts).
        const open = yield db
          .selectFrom('arrangement_payments')
          .select(['pay_date', 'amount_cents'])
          .where('arrangement_id', '=', plan.activeArrangementId)
          .where('status', 'in', ['PostDate', 'Rejected'])
          .orderBy('pay_date')
          .compile();
        const stopped = open.rows as { pay_date: string; amount_cents: number }[];
        const cancelled = replacedEvent(plan, confirmation, stamp, stopped);
        if (cancelled) replaced.push(cancelled);
        yield db
          .updateTable('arrangement_payments')
          .set({ status: 'Canceled' })
          .where('arrangement_id', '=', plan.activeArrangementId)
          .where('status', 'in', ['PostDate', 'Rejected'])
          .compile();
        yield db
          .updateTable('arrangements')
          .set({ active: 0 })
          .where('id', '=', plan.activeArrangementId)
          .compile();
      }
      for (const payment of schedule) {
        yield writes.arrangementPayment(
          created,
          payment.pay_date,
          payment.amount_cents,
          payment.status,
          payment.is_pending_post,
          plan.fundingId,
          plan.paidWith,
          payment.confirmation,
          payment.charged,
          stamp,
        );
      }
    }
    if (plan.chargeNow && first) {
      yield writes.transaction(
        plan.accountId,
        plan.today,
        first.cents,
        transactionType,
        confirmation,
      );
      yield writes.paymentPending(stamp, plan.accountId);
    }
    const a = plan.authorization;
    yield writes.authorization(
      submission.id,
      a.debtor_id,
      a.account_id,
      a.confirmation,
      a.session_id,
      a.language,
      a.content_version,
      a.published_version ?? null,
      a.recurring,
      a.agreement_text,
      a.esign_text,
      a.authorization_text,
      a.payer_name,
      a.method_name,
      a.schedule,
      a.total_cents,
      a.agreed_at,
    );
    if (answer) yield answerStatement(db, answer.key, answer.body, stamp);
    // The last writes: the counter row's lock is held from here to the commit.
    yield* recordEventSteps(db, [...replaced, ...events]);
    beforeCommit();
  });
  if (answer) answer.key.storedAnswer = answer.body;
}
