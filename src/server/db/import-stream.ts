/**
 * A streamed import (issue 42, item 3): JSON Lines or CSV, one record a line, read as it comes.
 * Each record is checked on its own (import-records.ts); a bad one goes to the reject sink with its
 * line number and reasons while the others import. Good records are written in batches, one
 * transaction each, in the file's order: debtor records without funding methods or letters by the
 * bulk path of each database (import-bulk.ts: COPY into staging tables and one merge per table on
 * PostgreSQL, statements prepared once on SQLite), the others statement by statement
 * (import-writes.ts, import-deltas.ts). A debtor record identical to the one last imported
 * is skipped (import-digests.ts) and a delta that says what the account already holds changes
 * nothing (import-deltas.ts): the same file twice changes 0 rows, and the result says so.
 *
 * A batch that the database refuses (a constraint, say) is written again one record a
 * transaction, so that only the records it refuses are rejected.
 */
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { analyzeImported } from './import';
import { bulkRows, isSimpleDebtor, type BulkWriter } from './import-bulk';
import { importConnection } from './import-connection';
import { defaultClientIds, type ImportCounts, type ImportOptions } from './import-checks';
import { writeDeltas, type DeltaLine } from './import-deltas';
import { digestKey, digestOf, keepDigests, storedDigests } from './import-digests';
import { checkRecord, type CheckedRecord } from './import-records';
import { cpuReport, profileReport, timed } from './import-profile';
import { csvRows, jsonLines, type SourceLine } from './import-sources';
import { writeDebtor } from './import-writes';
import type { Db, Database } from './types';

export type StreamFormat = 'jsonl' | 'csv';

export interface StreamImportOptions extends ImportOptions {
  format: StreamFormat;
  /** Records a transaction (default 2000). */
  batchSize?: number;
  /** Called for each bad record, in line order; never given the record's contents. */
  reject: (line: number, reasons: readonly string[]) => void | Promise<void>;
  /** Called after each batch is committed with the totals so far. */
  progress?: (result: StreamImportResult) => void;
}

export interface StreamImportResult {
  /** Records read (blank lines and the CSV header are not records). */
  records: number;
  /** Records written (or skipped as unchanged). */
  imported: number;
  /** Imported records that changed the database. */
  changed: number;
  unchanged: number;
  rejected: number;
}

/** The format a file name says: `.jsonl`/`.ndjson`, `.csv`; null for anything else. */
export function formatOf(file: string): StreamFormat | null {
  if (/\.(jsonl|ndjson)$/i.test(file)) return 'jsonl';
  if (/\.csv$/i.test(file)) return 'csv';
  return null;
}

interface Pending {
  line: number;
  record: CheckedRecord;
  /** Debtor records: their digest. */
  digest?: string;
}

const emptyCounts = (): ImportCounts => ({
  debtors: 0,
  phones: 0,
  accounts: 0,
  arrangements: 0,
  payments: 0,
  transactions: 0,
  letters: 0,
  letterOptions: 0,
  fundingMethods: 0,
});

export async function importStream(
  database: Db,
  input: Readable,
  options: StreamImportOptions,
): Promise<StreamImportResult> {
  const connection = await importConnection(database);
  try {
    const result = await importOn(connection.db, connection.bulk, input, options);
    const profile = [...profileReport(), ...cpuReport(connection.backendPid ?? null)];
    for (const line of profile) process.stderr.write(`${line}\n`);
    return result;
  } finally {
    await connection.close();
  }
}

async function importOn(
  db: Db,
  bulkWriter: BulkWriter | null,
  input: Readable,
  options: StreamImportOptions,
): Promise<StreamImportResult> {
  const result: StreamImportResult = {
    records: 0,
    imported: 0,
    changed: 0,
    unchanged: 0,
    rejected: 0,
  };
  const checkOptions: ImportOptions = {
    ...options,
    clientIds: options.clientIds ?? defaultClientIds(),
  };
  const batchSize = options.batchSize ?? 2000;
  type Bad = { line: number; reasons: readonly string[] };
  /** The bad records of the batch being read. */
  let rejects: Bad[] = [];
  const reject = (line: number, reasons: readonly string[], into: Bad[] = rejects) => {
    result.rejected += 1;
    into.push({ line, reasons });
  };

  /** Writes one run of records (all debtors or all deltas) in the transaction. */
  const writeRun = async (trx: Transaction<Database>, run: Pending[]) => {
    if (run[0]?.record.kind === 'delta') {
      const lines: DeltaLine[] = run.map((p) => ({
        line: p.line,
        delta: (p.record as Extract<CheckedRecord, { kind: 'delta' }>).delta,
      }));
      const outcome = await writeDeltas(trx, lines, options.today, options.now.toISOString());
      return { changed: outcome.changed, unchanged: outcome.unchanged, rejects: outcome.rejects };
    }
    const digests = new Map<string, string>();
    const debtors = run.flatMap((p) => (p.record.kind === 'debtor' ? [p.record] : []));
    // Simple records in bulk (import-bulk.ts), unless a key or account number repeats in the run.
    const keys = new Set(debtors.map((r) => r.debtor.key));
    const numbers = debtors.flatMap((r) => r.debtor.accounts.map((a) => a.accountNumber));
    const bulk =
      bulkWriter !== null &&
      keys.size === debtors.length &&
      new Set(numbers).size === numbers.length;
    const simple = bulk ? debtors.filter((r) => isSimpleDebtor(r.debtor)) : [];
    if (bulkWriter && simple.length > 0) {
      const rows = await timed('bulk rows', () => bulkRows(simple, checkOptions));
      await timed('bulk write', () => bulkWriter(trx, rows, options.now.toISOString()));
    }
    const written = new Set(simple);
    for (const record of debtors) {
      if (!written.has(record)) {
        await writeDebtor(trx, record.debtor, record.check, checkOptions, emptyCounts());
      }
    }
    for (const pending of run) {
      if (pending.record.kind === 'debtor') {
        digests.set(digestKey(pending.record.debtor.key), pending.digest ?? '');
      }
    }
    await timed('keep digests', () => keepDigests(trx, digests, options.now.toISOString()));
    return { changed: run.length, unchanged: 0, rejects: [] };
  };

  /** Writes records in one transaction, in runs of one kind, in the file's order. */
  const writeAll = async (records: Pending[]) =>
    db.transaction().execute(async (trx) => {
      const totals = { changed: 0, unchanged: 0, rejects: [] as Bad[] };
      let start = 0;
      while (start < records.length) {
        let end = start + 1;
        const kind = records[start]!.record.kind;
        while (end < records.length && records[end]!.record.kind === kind) end += 1;
        const outcome = await writeRun(trx, records.slice(start, end));
        totals.changed += outcome.changed;
        totals.unchanged += outcome.unchanged;
        totals.rejects.push(...outcome.rejects);
        start = end;
      }
      return totals;
    });

  /** Writes a batch, then hands on its bad records (those read and those refused) in line order. */
  const flush = async (batch: Pending[], bad: Bad[]) => {
    if (batch.length > 0) await writeBatch(batch, bad);
    bad.sort((a, b) => a.line - b.line);
    for (const { line, reasons } of bad) await options.reject(line, reasons);
    options.progress?.({ ...result });
  };

  const writeBatch = async (batch: Pending[], bad: Bad[]) => {
    // Debtor records whose digest is the one kept (or an earlier line's in this batch): skipped.
    const keys = batch.flatMap((p) =>
      p.record.kind === 'debtor' ? [digestKey(p.record.debtor.key)] : [],
    );
    const known = await timed('stored digests', () => storedDigests(db, keys));
    const toWrite: Pending[] = [];
    for (const pending of batch) {
      if (pending.record.kind === 'debtor') {
        const key = digestKey(pending.record.debtor.key);
        if (known.get(key) === pending.digest) {
          result.imported += 1;
          result.unchanged += 1;
          continue;
        }
        known.set(key, pending.digest ?? '');
      }
      toWrite.push(pending);
    }
    let outcomes: { changed: number; unchanged: number; rejects: Bad[] }[];
    try {
      outcomes = [await timed('batch transaction', () => writeAll(toWrite))];
    } catch {
      // The database refused the batch: one transaction a record, to reject only the bad ones.
      outcomes = [];
      for (const pending of toWrite) {
        try {
          outcomes.push(await writeAll([pending]));
        } catch (error) {
          const message = error instanceof Error ? error.message : 'refused';
          outcomes.push({
            changed: 0,
            unchanged: 0,
            rejects: [{ line: pending.line, reasons: [`/: the database refused it: ${message}`] }],
          });
        }
      }
    }
    for (const outcome of outcomes) {
      result.changed += outcome.changed;
      result.unchanged += outcome.unchanged;
      result.imported += outcome.changed + outcome.unchanged;
      for (const refused of outcome.rejects) reject(refused.line, refused.reasons, bad);
    }
  };

  const source: AsyncIterable<SourceLine> =
    options.format === 'csv' ? csvRows(input) : jsonLines(input);
  let batch: Pending[] = [];
  // One batch is written while the next is read and checked: the database's work and this
  // process's overlap (the writes stay one batch at a time, in the file's order).
  let writing: Promise<void> = Promise.resolve();
  for await (const item of source) {
    result.records += 1;
    if ('error' in item) {
      reject(item.line, [`/: ${item.error}`]);
    } else {
      const outcome = await timed('check record', () =>
        checkRecord(item.value, options.format === 'csv' ? 'csv' : 'json', checkOptions),
      );
      if (!outcome.ok) {
        reject(item.line, outcome.reasons);
      } else {
        const digest =
          outcome.record.kind === 'debtor'
            ? digestOf(item.value, options.today, item.text)
            : undefined;
        batch.push({ line: item.line, record: outcome.record, digest });
      }
    }
    if (batch.length >= batchSize || rejects.length >= batchSize) {
      await writing;
      writing = flush(batch, rejects);
      // Awaited before the next batch or at the end; until then, a failure is held, not unhandled.
      writing.catch(() => undefined);
      batch = [];
      rejects = [];
    }
  }
  await writing;
  await flush(batch, rejects);
  if (result.changed > 0) await timed('analyze', () => analyzeImported(db));
  return result;
}
