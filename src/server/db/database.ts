/**
 * Opens the portal database: PostgreSQL (pg Pool, db/postgres-connection.ts) when a database URL
 * is given, otherwise SQLite (better-sqlite3, db/sqlite-connection.ts) at DATA_DIR/portal.db.
 * Queries compiled once and run with new values (`precompile`, `precompileStatement`, `execute`,
 * `transactionSteps`) are in db/precompiled.ts; this module is the one the rest of the server
 * imports them from.
 */
import type { SyncFile } from './group-commit';
import { openPostgres } from './postgres-connection';
import { openSqlite } from './sqlite-connection';
import type { Db } from './types';

export {
  POSTGRES_CONNECT_TIMEOUT_MS,
  POSTGRES_POOL_SIZE,
  dedicatedPostgresClient,
} from './postgres-connection';
export {
  SQLITE_BUSY_TIMEOUT_MS,
  STATEMENT_CACHE_SIZE,
  WAL_CHECKPOINT_PAGES,
  direct,
  sqliteConnectionOf,
  statementCache,
  walSyncOf,
  withStatementCache,
  writesSettled,
} from './sqlite-connection';
export {
  execute,
  firstRow,
  perDatabase,
  precompile,
  precompileStatement,
  transactionSteps,
  type ArgumentKind,
  type ArgumentsOf,
  type TransactionSteps,
} from './precompiled';

export type DialectName = 'sqlite' | 'postgres';

export interface PortalDatabase {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, for the start-up line (never contains a password). */
  location: string;
  destroy(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, SQLite is not used. */
  databaseUrl?: string | undefined;
  /** Folder for portal.db (created when missing). */
  dataDir: string;
  /** SQLite: how the WAL file is synced (node's fdatasync; tests hold or count the syncs). */
  syncFile?: SyncFile | undefined;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

export function openDatabase(options: OpenDatabaseOptions): PortalDatabase {
  if (options.databaseUrl) {
    const { db, destroy } = openPostgres(options.databaseUrl);
    return { db, dialect: 'postgres', location: redactUrl(options.databaseUrl), destroy };
  }
  const { db, location } = openSqlite(options.dataDir, options.syncFile);
  return { db, dialect: 'sqlite', location, destroy: () => db.destroy() };
}
