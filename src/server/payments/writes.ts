/**
 * SubmitPayment's writes, precompiled (db/database.ts `precompileStatement`): built and compiled
 * once per database instead of on every payment, and run with Kysely's `executeQuery` (of the
 * database, or of the recording transaction) like any query Kysely builds. On SQLite they are
 * marked as writes and wait for the group commit's sync exactly as before (db/group-commit.ts);
 * on PostgreSQL each is a prepared statement of its connection. Each writes exactly what the query
 * built per payment did.
 */
import { PostgresAdapter } from 'kysely';
import { perDatabase, precompileStatement } from '../db/database';
import type { Db } from '../db/types';
import { acceptedAtOnce } from './accepted-at-once';

export type { ScheduledPayment } from './accepted-at-once';

function make(db: Db) {
  return {
    /** PostgreSQL only (undefined on SQLite): see acceptedAtOnce. */
    acceptedAtOnce:
      db.getExecutor().adapter instanceof PostgresAdapter ? acceptedAtOnce(db) : undefined,
    /**
     * Reserves a submission in flight (one per account, first day and amount: the dedupe key);
     * no row when that key is taken.
     */
    reserve: precompileStatement(
      [
        'integer', // debtor_id
        'integer', // account_id
        'integer', // funding_id
        'text', // variant
        'text', // type
        'text', // pay_date
        'integer', // amount_cents
        'integer', // total_cents
        'integer', // payment_count
        'text', // confirmation
        'text', // dedupe_key
        'nullable text', // idempotency_key
        'nullable integer', // letter_id
        'nullable integer', // letter_option_id
        'text', // created_at and updated_at
        'text', // lease_until
        'text', // plan
      ],
      (
        debtorId,
        accountId,
        fundingId,
        variant,
        type,
        payDate,
        amountCents,
        totalCents,
        paymentCount,
        confirmation,
        dedupeKey,
        idempotencyKey,
        letterId,
        letterOptionId,
        stamp,
        leaseUntil,
        plan,
      ) =>
        db
          .insertInto('payment_submissions')
          .values({
            debtor_id: debtorId,
            account_id: accountId,
            arrangement_id: null,
            funding_id: fundingId,
            variant,
            type,
            pay_date: payDate,
            amount_cents: amountCents,
            total_cents: totalCents,
            payment_count: paymentCount,
            status: 'in_flight',
            error_code: null,
            confirmation,
            processor_reference: null,
            dedupe_key: dedupeKey,
            idempotency_key: idempotencyKey,
            letter_id: letterId,
            letter_option_id: letterOptionId,
            created_at: stamp,
            updated_at: stamp,
            lease_until: leaseUntil,
            plan,
          })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .returning('id'),
    ),
    /**
     * Takes an accepted submission out of flight with its arrangement (no row changed: someone
     * else settled it meanwhile).
     */
    accept: precompileStatement(
      ['text', 'nullable text', 'text', 'nullable integer', 'integer'],
      (status, processorReference, stamp, arrangementId, id) =>
        db
          .updateTable('payment_submissions')
          .set({
            status,
            processor_reference: processorReference,
            lease_until: null,
            updated_at: stamp,
            arrangement_id: arrangementId,
          })
          .where('id', '=', id)
          .where('status', '=', 'in_flight'),
    ),
    /** The arrangement an accepted payment makes. */
    arrangement: precompileStatement(
      ['integer', 'text', 'text', 'integer', 'integer', 'text'],
      (accountId, externalRef, type, amountCents, beginBalanceCents, created) =>
        db
          .insertInto('arrangements')
          .values({
            account_id: accountId,
            external_ref: externalRef,
            type,
            amount_cents: amountCents,
            active: 1,
            begin_balance_cents: beginBalanceCents,
            created,
            allow_remaining: 1,
            modifiable_online: 1,
          })
          .returning('id'),
    ),
    /** One payment of that arrangement's schedule. */
    arrangementPayment: precompileStatement(
      [
        'integer', // arrangement_id
        'text', // pay_date
        'integer', // amount_cents
        'text', // status
        'integer', // is_pending_post
        'integer', // funding_id
        'text', // paid_with
        'nullable text', // confirmation
        'nullable text', // submitted and approved
        'text', // created
      ],
      (
        arrangementId,
        payDate,
        amountCents,
        status,
        isPendingPost,
        fundingId,
        paidWith,
        confirmation,
        charged,
        created,
      ) =>
        db.insertInto('arrangement_payments').values({
          arrangement_id: arrangementId,
          pay_date: payDate,
          amount_cents: amountCents,
          status,
          is_pending_post: isPendingPost,
          is_electronic: 1,
          funding_id: fundingId,
          paid_with: paidWith,
          confirmation,
          submitted: charged,
          approved: charged,
          satisfied: null,
          created,
        }),
    ),
    /** The transaction of today's charge. */
    transaction: precompileStatement(
      ['integer', 'text', 'integer', 'text', 'text'],
      (accountId, receivedDate, amountCents, type, confirmation) =>
        db.insertInto('transactions').values({
          account_id: accountId,
          received_date: receivedDate,
          amount_cents: amountCents,
          type,
          auto_or_manual: 'Manual',
          source: 'Portal',
          confirmation_code: confirmation,
          is_pending: 1,
          total_payment_cents: amountCents,
        }),
    ),
    /** The account has a payment pending posting. */
    paymentPending: precompileStatement(['text', 'integer'], (stamp, accountId) =>
      db
        .updateTable('accounts')
        .set({ is_payment_pending_post: 1, updated_at: stamp })
        .where('id', '=', accountId),
    ),
    /** What the debtor agreed to (payment_authorizations). */
    authorization: precompileStatement(
      [
        'integer', // submission_id
        'integer', // debtor_id
        'integer', // account_id
        'text', // confirmation
        'text', // session_id
        'text', // language
        'text', // content_version
        'nullable integer', // published_version
        'integer', // recurring
        'text', // agreement_text
        'text', // esign_text
        'text', // authorization_text
        'text', // payer_name
        'text', // method_name
        'text', // schedule
        'integer', // total_cents
        'text', // agreed_at
      ],
      (
        submissionId,
        debtorId,
        accountId,
        confirmation,
        sessionId,
        language,
        contentVersion,
        publishedVersion,
        recurring,
        agreementText,
        esignText,
        authorizationText,
        payerName,
        methodName,
        schedule,
        totalCents,
        agreedAt,
      ) =>
        db.insertInto('payment_authorizations').values({
          submission_id: submissionId,
          debtor_id: debtorId,
          account_id: accountId,
          confirmation,
          session_id: sessionId,
          language,
          content_version: contentVersion,
          published_version: publishedVersion,
          recurring,
          agreement_text: agreementText,
          esign_text: esignText,
          authorization_text: authorizationText,
          payer_name: payerName,
          method_name: methodName,
          schedule,
          total_cents: totalCents,
          agreed_at: agreedAt,
        }),
    ),
  };
}

/** The precompiled payment writes of a database (made on first use). */
export const paymentWrites = perDatabase(make);
