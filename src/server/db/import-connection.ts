/**
 * The connection a streamed import writes on, and its bulk writer (import-bulk.ts):
 * - SQLite: the database's own connection; the bulk rows are written straight on it
 *   (import-bulk-sqlite.ts) inside the batch's Kysely transaction.
 * - PostgreSQL: a connection of its own (outside the server's pool, as a LISTEN has), with a
 *   Kysely instance over just that connection, so the batch's transaction and its
 *   `COPY … FROM STDIN` (import-bulk-postgres.ts) run on the same session.
 * - Anything else (a Kysely instance openDatabase did not make): no bulk writer; every record goes
 *   through import-writes.ts.
 */
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { BulkWriter } from './import-bulk';
import { sqliteBulkWriter } from './import-bulk-sqlite';
import { dedicatedPostgresClient } from './postgres-connection';
import { sqliteConnectionOf } from './sqlite-connection';
import type { Database, Db } from './types';

export interface ImportConnection {
  db: Db;
  bulk: BulkWriter | null;
  close: () => Promise<void>;
  /** PostgreSQL: the import session's server process (for IMPORT_PROFILE's CPU figure). */
  backendPid?: number;
}

export async function importConnection(db: Db): Promise<ImportConnection> {
  const sqlite = sqliteConnectionOf(db);
  if (sqlite) return { db, bulk: sqliteBulkWriter(sqlite), close: () => Promise.resolve() };
  const client = dedicatedPostgresClient(db);
  if (!client) return { db, bulk: null, close: () => Promise.resolve() };
  // Loaded here: SQLite never needs pg-copy-streams.
  const { postgresBulkWriter } = await import('./import-bulk-postgres');
  client.on('error', () => undefined);
  await client.connect();
  // A pool of this one connection, which Kysely never releases to anyone else.
  const pool: PostgresPool = {
    connect: () =>
      Promise.resolve(
        Object.assign(client, { release: () => undefined }) as unknown as PostgresPoolClient,
      ),
    end: () => client.end(),
  };
  const own = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const backendPid = (client as unknown as { processID?: number }).processID;
  return { db: own, bulk: postgresBulkWriter(client), close: () => own.destroy(), backendPid };
}
