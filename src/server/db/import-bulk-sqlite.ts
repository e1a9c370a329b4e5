/**
 * The bulk path of a streamed import on SQLite (import-bulk.ts): the batch's rows are written
 * straight on the better-sqlite3 connection, inside the batch's transaction (which Kysely opened on
 * that same connection and holds while this runs), with statements prepared once per SQL text:
 * no query building and no promise turn per row, a few microseconds a row.
 */
import type SqliteDatabase from 'better-sqlite3';
import { direct, walSyncOfConnection } from './sqlite-connection';
import { BULK_COLUMNS, type BulkRows, type BulkWriter } from './import-bulk';

/** The columns of a row that the statement sets (parent keys are looked up, not written). */
const PARENT_KEYS = new Set(['debtor_key', 'account_number', 'arrangement_ref']);

const setExcluded = (columns: readonly string[]) =>
  columns.map((c) => `${c} = excluded.${c}`).join(', ');

export function sqliteBulkWriter(sqlite: SqliteDatabase.Database): BulkWriter {
  const prepared = direct(sqlite).prepared;
  return (_trx, rows: BulkRows, stamp: string) => {
    walSyncOfConnection(sqlite)?.wrote();
    const debtorIds = new Map<string, number>();
    const accountIds = new Map<string, number>();
    const arrangementIds = new Map<string, number>();
    // Rows made by this batch have no children yet: their deletes of stale children are skipped.
    const maxId = (table: string) =>
      (prepared(`select coalesce(max(id), 0) as id from ${table}`).get() as { id: number }).id;
    const oldDebtor = maxId('debtors');
    const oldAccount = maxId('accounts');
    const oldArrangement = maxId('arrangements');

    if (rows.debtors.length > 0) {
      const columns = BULK_COLUMNS.debtors;
      const upsert = prepared(
        `insert into debtors (${columns.join(', ')}, created_at) values (${columns.map(() => '?').join(', ')}, ?)
         on conflict (external_key) do update set ${setExcluded(columns)} returning id`,
      );
      const dropPhones = prepared('delete from debtor_phones where debtor_id = ?');
      const dropFunding = prepared(
        `update funding_methods set deleted_at = ? where debtor_id = ?
         and external_ref is not null and deleted_at is null`,
      );
      for (const row of rows.debtors) {
        const { id } = upsert.get(...columns.map((c) => row[c]), stamp) as { id: number };
        debtorIds.set(row.external_key as string, id);
        if (id <= oldDebtor) {
          dropPhones.run(id);
          dropFunding.run(stamp, id);
        }
      }
    }
    if (rows.phones.length > 0) {
      const insert = prepared(
        'insert into debtor_phones (debtor_id, phone_number, type, created_at) values (?, ?, ?, ?)',
      );
      for (const row of rows.phones) {
        insert.run(debtorIds.get(row.debtor_key as string), row.phone_number, row.type, stamp);
      }
    }
    if (rows.accounts.length > 0) {
      const columns = BULK_COLUMNS.accounts.filter((c) => !PARENT_KEYS.has(c));
      const upsert = prepared(
        `insert into accounts (debtor_id, account_number, ${columns.join(', ')}, created_at)
         values (?, ?, ${columns.map(() => '?').join(', ')}, ?)
         on conflict (account_number) do update set debtor_id = excluded.debtor_id,
         ${setExcluded(columns)} returning id`,
      );
      const dropTransactions = prepared('delete from transactions where account_id = ?');
      for (const row of rows.accounts) {
        const { id } = upsert.get(
          debtorIds.get(row.debtor_key as string),
          row.account_number,
          ...columns.map((c) => row[c]),
          stamp,
        ) as { id: number };
        accountIds.set(row.account_number as string, id);
        if (id <= oldAccount) dropTransactions.run(id);
      }
    }
    if (rows.arrangements.length > 0) {
      const columns = BULK_COLUMNS.arrangements.filter(
        (c) => !PARENT_KEYS.has(c) && c !== 'external_ref',
      );
      const upsert = prepared(
        `insert into arrangements (account_id, external_ref, ${columns.join(', ')})
         values (?, ?, ${columns.map(() => '?').join(', ')})
         on conflict (account_id, external_ref) do update set ${setExcluded(columns)} returning id`,
      );
      for (const row of rows.arrangements) {
        const { id } = upsert.get(
          accountIds.get(row.account_number as string),
          row.external_ref,
          ...columns.map((c) => row[c]),
        ) as { id: number };
        arrangementIds.set(`${String(row.account_number)}\n${String(row.external_ref)}`, id);
      }
      // Days of a plan no longer in the file go (as import-writes.ts).
      const days = new Map<number, string[]>();
      for (const row of rows.payments) {
        const id = arrangementIds.get(
          `${String(row.account_number)}\n${String(row.arrangement_ref)}`,
        )!;
        days.set(id, [...(days.get(id) ?? []), row.pay_date as string]);
      }
      const stale = prepared(
        `delete from arrangement_payments where arrangement_id = ?
         and pay_date not in (select value from json_each(?))`,
      );
      for (const id of arrangementIds.values()) {
        if (id <= oldArrangement) stale.run(id, JSON.stringify(days.get(id) ?? []));
      }
    }
    if (rows.payments.length > 0) {
      const columns = BULK_COLUMNS.payments.filter((c) => !PARENT_KEYS.has(c) && c !== 'pay_date');
      const upsert = prepared(
        `insert into arrangement_payments (arrangement_id, pay_date, ${columns.join(', ')}, created)
         values (?, ?, ${columns.map(() => '?').join(', ')}, ?)
         on conflict (arrangement_id, pay_date) do update set ${setExcluded(columns)}`,
      );
      for (const row of rows.payments) {
        upsert.run(
          arrangementIds.get(`${String(row.account_number)}\n${String(row.arrangement_ref)}`),
          row.pay_date,
          ...columns.map((c) => row[c]),
          stamp,
        );
      }
    }
    if (rows.transactions.length > 0) {
      const columns = BULK_COLUMNS.transactions.filter((c) => !PARENT_KEYS.has(c));
      const insert = prepared(
        `insert into transactions (account_id, ${columns.join(', ')})
         values (?, ${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows.transactions) {
        insert.run(accountIds.get(row.account_number as string), ...columns.map((c) => row[c]));
      }
    }
    return Promise.resolve();
  };
}
