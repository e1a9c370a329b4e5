/**
 * The payment routes' hot reads, precompiled (db/database.ts `precompile`): built and compiled
 * once per database instead of on every request (Kysely's builder and compiler cost about as much
 * as a small indexed read itself), prepared on each connection, and on PostgreSQL sent over the
 * pipelined read connections. Each answers exactly what the query built per request did; inside
 * a transaction (SQLite) they wait their turn through Kysely like any query.
 */
import { sql } from 'kysely';
import { perDatabase, precompile } from '../db/database';
import type { Db } from '../db/types';
import type { PaymentSubmissionRow } from './tables';

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
    /** The debtor's name, as an authorization states it, and external key (for events). */
    debtorName: precompile(db, ['integer'], (debtorId) =>
      db
        .selectFrom('debtors')
        .select(['first_name', 'last_name', 'business_name', 'external_key'])
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
    /** A usable (not deleted) funding method of the debtor. */
    funding: precompile(db, ['integer', 'integer'], (debtorId, id) =>
      usableFundingOf(db, debtorId).where('id', '=', id),
    ),
    /** The same for a letter session: only a method that session added. */
    letterFunding: precompile(db, ['integer', 'text', 'integer'], (debtorId, sid, id) =>
      usableFundingOf(db, debtorId, sid).where('id', '=', id),
    ),
    /** By the account's number (a payment's reads, asked at once): see byAccountNumber. */
    byNumber: byAccountNumber(db),
  };
}

/**
 * The account's id by (normalized) number and debtor, as a subquery: the reads below find the
 * same rows as reads by the account's id once `account` has answered, but need not wait for it,
 * so a payment asks them all at once (submit-reads.ts; on PostgreSQL the reads of one turn of the
 * event loop leave together in one round trip, on SQLite each is a synchronous call of a few µs).
 * Only rows of the token debtor's own account can match; the caller uses them only once the
 * account read has found that account viewable. The same SQL on both databases.
 */
function byAccountNumber(db: Db) {
  const accountId = (accountNumber: string, debtorId: number) =>
    db
      .selectFrom('accounts')
      .select('accounts.id')
      .where('accounts.account_number', '=', accountNumber)
      .where('accounts.debtor_id', '=', debtorId);
  return {
    /** The account's submissions left in flight whose lease has passed (or that have none). */
    expiredSubmissions: precompile(db, ['text', 'integer', 'text'], (number, debtorId, stamp) =>
      db
        .selectFrom('payment_submissions')
        .selectAll()
        .where('status', '=', 'in_flight')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', stamp)]))
        .where('account_id', '=', accountId(number, debtorId)),
    ),
    /** The account's arrangements, by id. */
    arrangements: precompile(db, ['text', 'integer'], (number, debtorId) =>
      db
        .selectFrom('arrangements')
        .selectAll()
        .where('account_id', '=', accountId(number, debtorId))
        .orderBy('id'),
    ),
    /**
     * A submission with the dedupe key of the account: its id followed by `suffix` (`|first
     * date|first cents`, submit-reads.ts dedupeSuffix).
     */
    submissionByDedupeSuffix: precompile(
      db,
      ['text', 'integer', 'text'],
      (number, debtorId, suffix) => {
        const statement = sql<Pick<PaymentSubmissionRow, 'id'>>`select id from payment_submissions
        where dedupe_key = (select cast(id as text) from accounts
          where account_number = cast(${number} as text) and debtor_id = cast(${debtorId} as integer))
          || cast(${suffix} as text)`;
        return { compile: () => statement.compile(db) };
      },
    ),
    /**
     * A letter option of the account's letter with its schedule by `seq`: one row per payment
     * (`pay_date` and `amount_cents` null for an option without one), none when the account has
     * no such letter or the letter no such option.
     */
    letterOption: precompile(
      db,
      ['text', 'integer', 'integer', 'integer'],
      (number, debtorId, letterId, optionId) =>
        db
          .selectFrom('letters')
          .innerJoin('letter_options', 'letter_options.letter_id', 'letters.letter_id')
          .leftJoin(
            'letter_option_payments',
            'letter_option_payments.letter_option_id',
            'letter_options.id',
          )
          .select([
            'letters.letter_id',
            'letter_options.id as option_id',
            'letter_options.due_date',
            'letter_options.option_number',
            'letter_options.settlement_amount_cents',
            'letter_option_payments.pay_date',
            'letter_option_payments.amount_cents',
          ])
          .where('letters.letter_id', '=', letterId)
          .where('letters.account_id', '=', accountId(number, debtorId))
          .where('letter_options.id', '=', optionId)
          .orderBy('letter_option_payments.seq'),
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
