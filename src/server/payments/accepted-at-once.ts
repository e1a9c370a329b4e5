/**
 * PostgreSQL's one-statement recording of an accepted payment (writes.ts `acceptedAtOnce`), apart
 * from the other precompiled payment writes for its size.
 */
import { sql } from 'kysely';
import { precompileStatement } from '../db/database';
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
export function acceptedAtOnce(db: Db) {
  // The agency's events (events/record.ts) are its last write: `cursors` takes them from the
  // counter row only once every other write has run (it counts their rows first), so the row's
  // lock, which the next payment's cursors wait for, is held just from there to the commit, and
  // the statement holding it waits for no other lock.
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
      'text', // the agency's events (JSON rows without cursors, events/record.ts)
      'integer', // how many
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
      events,
      eventCount,
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
        returning 1
      ), charge as (
        insert into transactions (account_id, received_date, amount_cents, type,
          auto_or_manual, source, confirmation_code, is_pending, total_payment_cents)
        select ${accountId}::integer, ${today}::text, ${firstCents}::integer,
          ${transactionType}::text, 'Manual', 'Portal', ${confirmation}::text, 1,
          ${firstCents}::integer
        from claimed
        where ${chargeNow}::integer = 1
        returning 1
      ), pending as (
        update accounts set is_payment_pending_post = 1, updated_at = ${stamp}::text
        where id = ${accountId}::integer and ${chargeNow}::integer = 1
          and exists (select 1 from claimed)
        returning 1
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
        returning 1
      ), answered as (
        update idempotency_keys
        set state = 'done', response_status = 200, response_body = ${answer}::text,
          completed_at = ${stamp}::text, lease_until = null
        where id = ${keyId}::integer and state = 'in_flight' and exists (select 1 from claimed)
        returning 1
      ), cursors as (
        update event_cursors set value = value + ${eventCount}::integer
        where name = 'events' and (select count(*) from claimed) > 0
          and (select count(*) from payments) + (select count(*) from charge)
            + (select count(*) from pending) + (select count(*) from agreed)
            + (select count(*) from answered) >= 0
        returning value
      ), evented as (
        insert into events (cursor, id, type, created_at, client_id, account_number,
          debtor_key, data)
        select cursors.value - ${eventCount}::integer + e.n, e.r->>'id', e.r->>'type',
          e.r->>'created_at', e.r->>'client_id', e.r->>'account_number', e.r->>'debtor_key',
          e.r->>'data'
        from cursors, jsonb_array_elements(${events}::jsonb) with ordinality as e(r, n)
      )
      select count(*)::integer as claimed from claimed`;
      return { compile: () => statement.compile(db) };
    },
  );
}
