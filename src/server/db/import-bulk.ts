/**
 * The bulk path of a streamed import: debtor records that carry only the debtor, its phones and
 * accounts (no funding methods, plans, transactions or letters: the shape of most lines of an
 * agency's nightly file) are written a few hundred at a time with multi-row statements: one
 * `INSERT … ON CONFLICT DO UPDATE` for the debtors, one for their accounts, one `DELETE` and one
 * `INSERT` for their phones, instead of several statements (and on PostgreSQL as many round trips)
 * a record. What they write is what import-writes.ts writes for the same records: phones and an
 * account's transactions are replaced by the file's (none), imported funding methods missing
 * from the file are marked deleted.
 */
import type { Transaction } from 'kysely';
import { digitsOnly } from '../auth/keys';
import type { Debtor } from '../../generated/types/import';
import type { Checker, ImportOptions } from './import-checks';
import { accountValues, debtorValues } from './import-writes';
import type { Database } from './types';

/** Rows a statement: debtors have 22 columns, accounts 37 (below 65,535 and 32,766 parameters). */
const ROWS = 400;

const empty = (list: readonly unknown[] | undefined) => list === undefined || list.length === 0;

/** Whether the bulk path writes this record as the record-by-record path would. */
export function isSimpleDebtor(debtor: Debtor): boolean {
  return (
    empty(debtor.fundingMethods) &&
    debtor.accounts.every((a) => empty(a.arrangements) && empty(a.transactions) && empty(a.letters))
  );
}

/** `excluded.<column>` for every column of a row: the upsert sets what the file says. */
function fromExcluded(columns: readonly string[]) {
  return Object.fromEntries(columns.map((column) => [column, `excluded.${column}`]));
}

/**
 * Writes simple debtor records (isSimpleDebtor; no key or account number twice among them, which
 * one multi-row upsert cannot take) in the transaction.
 */
export async function writeSimpleDebtors(
  trx: Transaction<Database>,
  records: readonly { debtor: Debtor; check: Checker }[],
  options: ImportOptions,
): Promise<void> {
  const stamp = options.now.toISOString();
  for (let i = 0; i < records.length; i += ROWS) {
    const chunk = records.slice(i, i + ROWS);
    const debtorRows = chunk.map(({ debtor }) => ({
      ...debtorValues(debtor, options),
      created_at: stamp,
    }));
    const debtorColumns = Object.keys(debtorRows[0]!).filter((c) => c !== 'created_at');
    const ids = await trx
      .insertInto('debtors')
      .values(debtorRows)
      .onConflict((oc) =>
        oc
          .column('external_key')
          .doUpdateSet((eb) =>
            Object.fromEntries(
              Object.entries(fromExcluded(debtorColumns)).map(([c, ref]) => [
                c,
                eb.ref(ref as never),
              ]),
            ),
          ),
      )
      .returning(['id', 'external_key'])
      .execute();
    const idOf = new Map(ids.map((row) => [row.external_key, row.id]));
    const debtorIds = [...idOf.values()];

    await trx.deleteFrom('debtor_phones').where('debtor_id', 'in', debtorIds).execute();
    const phones = chunk.flatMap(({ debtor }) =>
      (debtor.phones ?? []).map((p) => ({
        debtor_id: idOf.get(debtor.key)!,
        phone_number: digitsOnly(p.phoneNumber),
        type: p.type ?? 'mobile',
        created_at: stamp,
      })),
    );
    for (let p = 0; p < phones.length; p += ROWS) {
      await trx
        .insertInto('debtor_phones')
        .values(phones.slice(p, p + ROWS))
        .execute();
    }
    await trx
      .updateTable('funding_methods')
      .set({ deleted_at: stamp })
      .where('debtor_id', 'in', debtorIds)
      .where('external_ref', 'is not', null)
      .where('deleted_at', 'is', null)
      .execute();

    const accountRows = chunk.flatMap(({ debtor, check }) =>
      debtor.accounts.map((account) => ({
        ...accountValues(idOf.get(debtor.key)!, account, check, stamp),
        account_number: account.accountNumber,
        created_at: stamp,
      })),
    );
    if (accountRows.length === 0) continue;
    const accountColumns = Object.keys(accountRows[0]!).filter(
      (c) => c !== 'created_at' && c !== 'account_number',
    );
    const accountIds: number[] = [];
    for (let a = 0; a < accountRows.length; a += ROWS) {
      const rows = await trx
        .insertInto('accounts')
        .values(accountRows.slice(a, a + ROWS))
        .onConflict((oc) =>
          oc
            .column('account_number')
            .doUpdateSet((eb) =>
              Object.fromEntries(
                Object.entries(fromExcluded(accountColumns)).map(([c, ref]) => [
                  c,
                  eb.ref(ref as never),
                ]),
              ),
            ),
        )
        .returning('id')
        .execute();
      accountIds.push(...rows.map((row) => row.id));
    }
    // The file lists no transactions for these accounts: as import-writes.ts, none are kept.
    for (let a = 0; a < accountIds.length; a += ROWS) {
      await trx
        .deleteFrom('transactions')
        .where('account_id', 'in', accountIds.slice(a, a + ROWS))
        .execute();
    }
  }
}
