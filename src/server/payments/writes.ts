/**
 * SubmitPayment's writes, precompiled (db/database.ts `precompileStatement`): built and compiled
 * once per database instead of on every payment, and run with Kysely's `executeQuery` (of the
 * database, or of the recording transaction) like any query Kysely builds. On SQLite they are
 * marked as writes and wait for the group commit's sync exactly as before (db/group-commit.ts);
 * on PostgreSQL each is a prepared statement of its connection. Each writes exactly what the query
 * built per payment did.
 */
import { PostgresAdapter, sql } from 'kysely';
import { perDatabase, precompileStatement } from '../db/database';
import type { Db } from '../db/types';

/** One payment of an arrangement's schedule as `acceptedAtOnce` takes them (JSON, in order). */
export interface ScheduledPayment {
  pay_date: string;
  amount_cents: number;
  status: string;
  is_pending_post: number;
  confirmation: string | null;
  /** When it was submitted and approved (charged now), else null. */
  charged: string | null;
}

/**
 * PostgreSQL: an accepted payment with an arrangement of its own, recorded by one statement (one
 * round trip and one commit instead of BEGIN, six statements and COMMIT): the submission leaves
 * `in_flight` with the arrangement's id (taken from its sequence first), and every other row is
 * written only when it did (from `claimed`), so a submission settled by someone else meanwhile
 * writes nothing and answers 0; the request's Idempotency-Key gets its answer with them (none
 * when the key is null). A statement is atomic, and the rows' foreign keys are checked at
 * its end. Each parameter is cast: PostgreSQL does not infer a type for a parameter in a SELECT
 * list.
 */
function acceptedAtOnce(db: Db) {
  return precompileStatement(
    [
      'integer', // submission id
      'text', // status
      'nullable text', // processor_reference
      'text', // stamp (updated_at, created, agreed_at)
      'integer', // account_id
      'text', // external_ref
      'text', // type
      'integer', // amount_cents (total)
      'integer', // begin_balance_cents
      'text', // today
      'text', // schedule (JSON ScheduledPayment[])
      'integer', // funding_id
      'text', // paid_with
      'integer', // charged now (1) or not (0)
      'integer', // the first payment's cents
      'text', // the transaction's type
      'text', // confirmation
      'text', // the authorization (JSON, payment_authorizations' columns)
      'nullable integer', // the request's claimed Idempotency-Key (idempotency.ts ClaimedKey)
      'nullable text', // and its answer
    ],
    (
      id,
      status,
      processorReference,
      stamp,
      accountId,
      externalRef,
      type,
      total,
      balance,
      today,
      schedule,
      fundingId,
      paidWith,
      chargeNow,
      firstCents,
      transactionType,
      confirmation,
      authorization,
      keyId,
      answer,
    ) => {
      const statement = sql<{ claimed: number }>`
      with ids as (
        select nextval(pg_get_serial_sequence('arrangements', 'id'))::integer as id
      ), claimed as (
        update payment_submissions
        set status = ${status}::text, processor_reference = ${processorReference}::text,
          lease_until = null, updated_at = ${stamp}::text,
          arrangement_id = (select id from ids)
        where id = ${id}::integer and status = 'in_flight'
        returning id
      ), arrangement as (
        insert into arrangements (id, account_id, external_ref, type, amount_cents, active,
          begin_balance_cents, created, allow_remaining, modifiable_online)
        select ids.id, ${accountId}::integer, ${externalRef}::text, ${type}::text,
          ${total}::integer, 1, ${balance}::integer, ${today}::text, 1, 1
        from ids, claimed
        returning id
      ), payments as (
        insert into arrangement_payments (arrangement_id, pay_date, amount_cents, status,
          is_pending_post, is_electronic, funding_id, paid_with, confirmation, submitted,
          approved, satisfied, created)
        select arrangement.id, e.pay_date, e.amount_cents, e.status, e.is_pending_post, 1,
          ${fundingId}::integer, ${paidWith}::text, e.confirmation, e.charged, e.charged, null,
          ${stamp}::text
        from arrangement, jsonb_to_recordset(${schedule}::jsonb) as e(pay_date text,
          amount_cents integer, status text, is_pending_post integer, confirmation text,
          charged text)
      ), charge as (
        insert into transactions (account_id, received_date, amount_cents, type,
          auto_or_manual, source, confirmation_code, is_pending, total_payment_cents)
        select ${accountId}::integer, ${today}::text, ${firstCents}::integer,
          ${transactionType}::text, 'Manual', 'Portal', ${confirmation}::text, 1,
          ${firstCents}::integer
        from claimed
        where ${chargeNow}::integer = 1
      ), pending as (
        update accounts set is_payment_pending_post = 1, updated_at = ${stamp}::text
        where id = ${accountId}::integer and ${chargeNow}::integer = 1
          and exists (select 1 from claimed)
      ), agreed as (
        insert into payment_authorizations (submission_id, debtor_id, account_id, confirmation,
          session_id, language, content_version, published_version, recurring, agreement_text,
          esign_text, authorization_text, payer_name, method_name, schedule, total_cents,
          agreed_at)
        select claimed.id, a.debtor_id, a.account_id, a.confirmation, a.session_id, a.language,
          a.content_version, a.published_version, a.recurring, a.agreement_text, a.esign_text,
          a.authorization_text, a.payer_name, a.method_name, a.schedule, a.total_cents,
          a.agreed_at
        from claimed, jsonb_to_record(${authorization}::jsonb) as a(debtor_id integer,
          account_id integer, confirmation text, session_id text, language text,
          content_version text, published_version integer, recurring integer,
          agreement_text text, esign_text text, authorization_text text, payer_name text,
          method_name text, schedule text, total_cents integer, agreed_at text)
      ), answered as (
        update idempotency_keys
        set state = 'done', response_status = 200, response_body = ${answer}::text,
          completed_at = ${stamp}::text, lease_until = null
        where id = ${keyId}::integer and state = 'in_flight' and exists (select 1 from claimed)
      )
      select count(*)::integer as claimed from claimed`;
      return { compile: () => statement.compile(db) };
    },
  );
}

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
