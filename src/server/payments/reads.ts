/**
 * The payment routes' hot reads, precompiled (db/database.ts `precompile`): built and compiled
 * once per database instead of on every request (Kysely's builder and compiler cost about as much
 * as a small indexed read itself), prepared on each connection, and on PostgreSQL sent over the
 * pipelined read connections. Each answers exactly what the query built per request did; inside
 * a transaction (SQLite) they wait their turn through Kysely like any query.
 */
import { perDatabase, precompile } from '../db/database';
import type { Db } from '../db/types';

function make(db: Db) {
  return {
    /** The debtor's account by (normalized) number. */
    account: precompile(db, ['text', 'integer'], (accountNumber, debtorId) =>
      db
        .selectFrom('accounts')
        .selectAll()
        .where('account_number', '=', accountNumber)
        .where('debtor_id', '=', debtorId),
    ),
    /** The debtor's name, as an authorization states it. */
    debtorName: precompile(db, ['integer'], (debtorId) =>
      db
        .selectFrom('debtors')
        .select(['first_name', 'last_name', 'business_name'])
        .where('id', '=', debtorId),
    ),
    /** The account's arrangements, by id. */
    arrangements: precompile(db, ['integer'], (accountId) =>
      db.selectFrom('arrangements').selectAll().where('account_id', '=', accountId).orderBy('id'),
    ),
    /** The payments of the account's arrangements, by pay date then id. */
    arrangementPayments: precompile(db, ['integer'], (accountId) =>
      db
        .selectFrom('arrangement_payments')
        .innerJoin('arrangements', 'arrangements.id', 'arrangement_payments.arrangement_id')
        .selectAll('arrangement_payments')
        .where('arrangements.account_id', '=', accountId)
        .orderBy('arrangement_payments.pay_date')
        .orderBy('arrangement_payments.id'),
    ),
    /** A submission with this dedupe key (account, first date and amount): a duplicate. */
    submissionByDedupeKey: precompile(db, ['text'], (dedupeKey) =>
      db.selectFrom('payment_submissions').select('id').where('dedupe_key', '=', dedupeKey),
    ),
    /** The account's submissions left in flight whose lease has passed (or that have none). */
    expiredSubmissions: precompile(db, ['integer', 'text'], (accountId, stamp) =>
      db
        .selectFrom('payment_submissions')
        .selectAll()
        .where('status', '=', 'in_flight')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', stamp)]))
        .where('account_id', '=', accountId),
    ),
    /** A usable (not deleted) funding method of the debtor. */
    funding: precompile(db, ['integer', 'integer'], (debtorId, id) =>
      usableFundingOf(db, debtorId).where('id', '=', id),
    ),
    /** The same for a letter session: only a method that session added. */
    letterFunding: precompile(db, ['integer', 'text', 'integer'], (debtorId, sid, id) =>
      usableFundingOf(db, debtorId, sid).where('id', '=', id),
    ),
  };
}

/**
 * The debtor's usable (not deleted) funding methods; for a letter session (`letterSid`), only those
 * it added.
 */
export function usableFundingOf(db: Db, debtorId: number, letterSid?: string) {
  const query = db
    .selectFrom('funding_methods')
    .selectAll()
    .where('debtor_id', '=', debtorId)
    .where('deleted_at', 'is', null);
  return letterSid === undefined ? query : query.where('created_by_sid', '=', letterSid);
}

/** The precompiled reads of a database (made on first use). */
export const paymentReads = perDatabase(make);
