/**
 * Opens the portal database: PostgreSQL (pg Pool) when a database URL is given, otherwise SQLite
 * (better-sqlite3) at DATA_DIR/portal.db with WAL, foreign keys and a busy timeout so several
 * server processes can share one file.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './types';

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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      location: redactUrl(options.databaseUrl),
      destroy: () => db.destroy(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'portal.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', location: file, destroy: () => db.destroy() };
}
