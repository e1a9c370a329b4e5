/**
 * Imports portal data (schemas/import.schema.json): validates the whole file with ajv, checks
 * what a schema cannot (dates, cents, duplicates), then upserts by natural keys in one transaction.
 * If any record is bad, every problem is reported with its JSON path and nothing is written.
 */
import { sql } from 'kysely';
import type { Import } from '../../generated/types/import';
import {
  checkRecords,
  defaultSchemaFile,
  describe,
  validator,
  type ImportCounts,
  type ImportOptions,
  type ImportResult,
} from './import-checks';
import { forgetDigests } from './import-digests';
import { writeDebtor } from './import-writes';
import type { Db } from './types';

export type { ImportCounts, ImportOptions, ImportProblem, ImportResult } from './import-checks';

/** The tables an import writes, whose planner statistics it brings up to date. */
const IMPORTED_TABLES = [
  'debtors',
  'debtor_phones',
  'accounts',
  'arrangements',
  'arrangement_payments',
  'transactions',
  'letters',
  'letter_options',
  'letter_option_payments',
  'funding_methods',
] as const;

export async function importPortalData(
  db: Db,
  data: unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const validate = validator(options.schemaFile ?? defaultSchemaFile);
  if (!validate(data)) {
    return { ok: false, problems: (validate.errors ?? []).map(describe) };
  }
  const file = data as Import;
  const check = checkRecords(file, options);
  if (check.problems.length > 0) return { ok: false, problems: check.problems };

  const counts: ImportCounts = {
    debtors: 0,
    phones: 0,
    accounts: 0,
    arrangements: 0,
    payments: 0,
    transactions: 0,
    letters: 0,
    letterOptions: 0,
    fundingMethods: 0,
  };
  await db.transaction().execute(async (trx) => {
    for (const debtor of file.debtors) {
      await writeDebtor(trx, debtor, check, options, counts);
    }
    // A streamed record of these debtors is written again next time, over what this file wrote.
    await forgetDigests(
      trx,
      file.debtors.map((debtor) => debtor.key),
    );
  });
  await analyzeImported(db);
  return { ok: true, counts };
}

/**
 * The planner's statistics for the rows just written. Until autovacuum's next analyze (a minute
 * or more later, and only past its thresholds), PostgreSQL plans with default estimates (the
 * account read took its payments from a sequential scan of every scheduled payment, and ran at
 * 15,600 instead of 18,900 a second in pgbench on the benchmark's data). SQLite keeps them too.
 */
export async function analyzeImported(db: Db): Promise<void> {
  for (const table of IMPORTED_TABLES) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}
