/**
 * The bulk path of a streamed import: debtor records without funding methods or letters (the
 * shape of an agency's nightly file: the debtor, its phones, accounts with their plans and
 * transactions) are turned into rows table by table (`bulkRows`) and written a batch at a time
 * with the bulk path each database offers: on SQLite, statements prepared once and run straight on
 * the connection inside the batch's transaction (import-bulk-sqlite.ts); on PostgreSQL,
 * `COPY … FROM STDIN` into staging tables and one `INSERT … SELECT … ON CONFLICT` merge per table
 * (import-bulk-postgres.ts). What they write is what import-writes.ts writes for the same records:
 * debtors and accounts upserted by their keys, phones and an account's transactions replaced by
 * the file's, plans upserted by ref with their payments by day (days no longer in the file
 * deleted), imported funding methods marked deleted (the file lists none).
 */
import type { Transaction } from 'kysely';
import { digitsOnly, hashDateOfBirth, hashSsnLast4 } from '../auth/keys';
import type { Debtor } from '../../generated/types/import';
import { Checker, type ImportOptions } from './import-checks';
import { hasImportedConsent } from './import-consents';
import { accountValues, debtorValues } from './import-writes';
import type { Database } from './types';

const empty = (list: readonly unknown[] | undefined) => list === undefined || list.length === 0;

/** Whether the bulk path writes this record as the record-by-record path would. */
export function isSimpleDebtor(debtor: Debtor): boolean {
  return (
    !hasImportedConsent(debtor) && // consent (issue 43): written by import-consents.ts
    empty(debtor.fundingMethods) &&
    debtor.accounts.every(
      (a) =>
        empty(a.letters) &&
        (a.arrangements ?? []).every((arr) =>
          arr.payments.every((p) => p.fundingRef === undefined),
        ),
    )
  );
}

export type Row = Record<string, string | number | null>;

/**
 * A batch's rows, table by table, each naming its parent by natural key (`debtor_key`,
 * `account_number`, `arrangement_ref`) instead of by id, which the writers look up.
 */
export interface BulkRows {
  debtors: Row[];
  phones: Row[];
  accounts: Row[];
  arrangements: Row[];
  payments: Row[];
  transactions: Row[];
}

/**
 * Each table's columns in the rows bulkRows makes (the same every batch, whatever the records
 * hold: an absent value is null), found once from an empty record.
 */
export const BULK_COLUMNS: Record<keyof BulkRows, string[]> = {
  debtors: Object.keys(
    debtorValues(
      { key: '', lastName: '', accounts: [] },
      {
        identityHmacKey: Buffer.alloc(32),
        today: '2000-01-01',
        now: new Date(0),
      },
    ),
  ),
  phones: ['debtor_key', 'phone_number', 'type'],
  accounts: [
    'debtor_key',
    'account_number',
    ...Object.keys(
      accountValues(
        0,
        { accountNumber: '', balance: 0, originalBalance: 0, statusCode: '' },
        new Checker('2000-01-01'),
        '',
      ),
    ).filter((c) => c !== 'debtor_id'),
  ],
  arrangements: [
    'account_number',
    'external_ref',
    'type',
    'amount_cents',
    'active',
    'begin_balance_cents',
    'created',
    'allow_remaining',
    'modifiable_online',
  ],
  payments: [
    'account_number',
    'arrangement_ref',
    'pay_date',
    'amount_cents',
    'status',
    'is_pending_post',
    'is_electronic',
    'funding_id',
    'paid_with',
    'confirmation',
  ],
  transactions: [
    'account_number',
    'received_date',
    'amount_cents',
    'type',
    'auto_or_manual',
    'source',
    'confirmation_code',
    'is_pending',
    'total_payment_cents',
  ],
};

const flag = (value: boolean | undefined, fallback = false): number =>
  (value ?? fallback) ? 1 : 0;

/**
 * Identity HMACs by value, per key: an SSN's last 4 has 10,000 values and a date of birth a few
 * tens of thousands, so in a file of a million debtors nearly every one has been hashed before.
 * Bounded: emptied when it reaches MEMO_SIZE entries.
 */
const MEMO_SIZE = 200_000;
const memos = new WeakMap<Buffer, Map<string, string>>();

function memoHmac(key: Buffer, kind: 's' | 'd', value: string): string {
  let memo = memos.get(key);
  if (!memo) memos.set(key, (memo = new Map()));
  const id = kind + value;
  let hash = memo.get(id);
  if (hash === undefined) {
    hash = kind === 's' ? hashSsnLast4(key, value) : hashDateOfBirth(key, value);
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(id, hash);
  }
  return hash;
}

/** The rows of simple debtor records (isSimpleDebtor; no key or account number twice). */
export function bulkRows(
  records: readonly { debtor: Debtor; check: Checker }[],
  options: ImportOptions,
): BulkRows {
  const stamp = options.now.toISOString();
  const rows: BulkRows = {
    debtors: [],
    phones: [],
    accounts: [],
    arrangements: [],
    payments: [],
    transactions: [],
  };
  for (const { debtor, check } of records) {
    const { ssnLast4, dateOfBirth } = debtor;
    const values: Row = debtorValues(
      { ...debtor, ssnLast4: undefined, dateOfBirth: undefined },
      options,
    );
    const key = options.identityHmacKey;
    values.ssn_last4_hmac = ssnLast4 ? memoHmac(key, 's', ssnLast4) : null;
    values.dob_hmac = dateOfBirth ? memoHmac(key, 'd', dateOfBirth) : null;
    rows.debtors.push(values);
    for (const p of debtor.phones ?? []) {
      rows.phones.push({
        debtor_key: debtor.key,
        phone_number: digitsOnly(p.phoneNumber),
        type: p.type ?? 'mobile',
      });
    }
    for (const account of debtor.accounts) {
      const { debtor_id: _debtorId, ...values } = accountValues(0, account, check, stamp);
      const number = account.accountNumber;
      rows.accounts.push({ debtor_key: debtor.key, account_number: number, ...values });
      for (const arr of account.arrangements ?? []) {
        rows.arrangements.push({
          account_number: number,
          external_ref: arr.ref,
          type: arr.type,
          amount_cents: check.cents(arr.amount, ''),
          active: flag(arr.active, true),
          begin_balance_cents: check.cents(arr.beginBalance, ''),
          created: check.day(arr.created, '') ?? stamp.slice(0, 10),
          allow_remaining: flag(arr.allowRemaining, true),
          modifiable_online: flag(arr.modifiableOnline, true),
        });
        for (const payment of arr.payments) {
          rows.payments.push({
            account_number: number,
            arrangement_ref: arr.ref,
            pay_date: check.day(payment.date, ''),
            amount_cents: check.cents(payment.amount, ''),
            status: payment.status,
            is_pending_post: flag(payment.isPendingPost),
            is_electronic: flag(payment.isElectronic, true),
            funding_id: payment.fundingId ?? null,
            paid_with: payment.paidWith ?? null,
            confirmation: payment.confirmation ?? null,
          });
        }
      }
      for (const tx of account.transactions ?? []) {
        rows.transactions.push({
          account_number: number,
          received_date: check.day(tx.date, ''),
          amount_cents: Math.round(tx.amount * 100),
          type: tx.type,
          auto_or_manual: tx.autoOrManual ?? null,
          source: tx.source ?? null,
          confirmation_code: tx.confirmationCode ?? null,
          is_pending: flag(tx.isPending),
          total_payment_cents:
            tx.totalPayment === undefined ? null : Math.round(tx.totalPayment * 100),
        });
      }
    }
  }
  return rows;
}

/** Writes a batch's bulk rows in the batch's transaction (stamp: the import's ISO time). */
export type BulkWriter = (
  trx: Transaction<Database>,
  rows: BulkRows,
  stamp: string,
) => Promise<void>;
