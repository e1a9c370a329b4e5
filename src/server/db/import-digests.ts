/**
 * What makes a streamed debtor record idempotent and cheap to import again: a SHA-256 digest of
 * the record as imported (its JSON, and the import day when it names relative days), kept by
 * debtor key in `import_records` (migration 0018). The same record again is skipped and counted
 * unchanged; a changed one is written (its lists replaced, as a full file does) and its digest
 * kept. A whole-JSON import forgets the digests of the debtors it wrote.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types';

/** Keys per statement: below SQLite's and PostgreSQL's parameter limits at 3 per row. */
const CHUNK = 300;

export const digestKey = (debtorKey: string): string => `debtor:${debtorKey}`;

/**
 * The digest of a record: its text as read (a JSON line as it is in the file; a CSV row's record
 * as JSON), and the import day when it reads relative days.
 */
export function digestOf(record: unknown, today: string, line?: string): string {
  const text = line ?? JSON.stringify(record);
  const hash = createHash('sha256').update(text);
  if (text.includes('"today')) hash.update(`\n${today}`);
  return hash.digest('base64url');
}

/** The digests kept for these record keys. */
export async function storedDigests(
  db: Kysely<Database> | Transaction<Database>,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db
      .selectFrom('import_records')
      .select(['record_key', 'digest'])
      .where('record_key', 'in', keys.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.set(row.record_key, row.digest);
  }
  return found;
}

export async function keepDigests(
  trx: Transaction<Database>,
  digests: ReadonlyMap<string, string>,
  stamp: string,
): Promise<void> {
  const rows = [...digests].map(([record_key, digest]) => ({
    record_key,
    digest,
    imported_at: stamp,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('import_records')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.column('record_key').doUpdateSet((eb) => ({
          digest: eb.ref('excluded.digest'),
          imported_at: eb.ref('excluded.imported_at'),
        })),
      )
      .execute();
  }
}

/** Forgets the digests of these debtors (a whole-JSON import wrote them). */
export async function forgetDigests(
  trx: Transaction<Database>,
  debtorKeys: readonly string[],
): Promise<void> {
  const keys = debtorKeys.map(digestKey);
  for (let i = 0; i < keys.length; i += CHUNK) {
    await trx
      .deleteFrom('import_records')
      .where('record_key', 'in', keys.slice(i, i + CHUNK))
      .execute();
  }
}
