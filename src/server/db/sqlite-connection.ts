/**
 * The SQLite side of the portal database (db/database.ts opens it): better-sqlite3 at
 * DATA_DIR/portal.db with WAL, foreign keys and a busy timeout so several server processes can
 * share one file.
 *
 * WAL, synchronous = NORMAL on the one connection, and group commit (db/group-commit.ts): a write
 * through Kysely is answered once the WAL is synced, by an fsync off the main thread that the
 * writes of concurrent requests share (payment writes must survive a power cut); reads never
 * sync. Kysely's SQLite driver prepares every statement anew; compiling the SQL text is most of
 * the cost of a small indexed read, so prepared statements are kept per SQL text (bounded, least
 * recently used dropped). Kysely runs one query at a time on the connection, so a statement is
 * never shared by two queries in flight; one still iterating (a streamed query) is not handed out
 * again.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  type CompiledQuery,
  type QueryResult,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import { DurableSqliteDialect, WalSync, type SyncFile } from './group-commit';
import type { Database, Db } from './types';

/** How long a SQLite statement waits for another process's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Prepared statements kept per connection; the portal issues a few hundred distinct queries. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * WAL pages between SQLite's automatic checkpoints (its default is 1,000, about 4 MB). A checkpoint
 * copies the latest version of every page in the WAL into the database file and syncs that file.
 * A payment rewrites the same hot pages (the last leaf and the index pages of its tables) in each
 * of its commits, so checkpoints ten times rarer write each such page once where they wrote it
 * about ten times, and sync the database file a tenth as often. bench:api on 2026-12-04, SQLite,
 * 16 concurrent, six pairs taken in turn (1,000 pages, then 10,000 or 30,000): server CPU per
 * payment 1.35/1.27/1.32/1.23/1.11/1.26 ms → 1.13/1.19/1.24/1.17/1.08/1.14 ms, Account/Detailed
 * unchanged within noise, p99 not longer. The WAL file then grows to about 40 MB (it is reused,
 * not truncated, after a checkpoint), and a restart after a crash replays up to that much. Crash
 * safety is SQLite's and unchanged: a checkpoint syncs the WAL before it copies and the database
 * file after.
 */
export const WAL_CHECKPOINT_PAGES = 10_000;

/**
 * A connection's prepared statements by SQL text (better-sqlite3 compiles on every prepare()), the
 * least recently used dropped past `size`. A statement still busy (an iterator not run to its end)
 * is not handed out again: that use gets a fresh one.
 */
export function statementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): (sql: string) => SqliteDatabase.Statement {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (sql) => {
    const cached = statements.get(sql);
    if (cached && !cached.busy) {
      // Most recently used last: Map keeps insertion order.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = sqlite.prepare(sql);
    if (!cached) {
      if (statements.size >= size) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** The SQLite connection as Kysely sees it, with prepared statements reused by SQL text. */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
  wal?: WalSync,
): KyselySqliteDatabase {
  const cached = statementCache(sqlite, size);
  const prepare = wal
    ? (sql: string) => {
        const statement = cached(sql);
        // Handed out to run now: a statement that writes makes its caller wait for the sync.
        if (!statement.readonly) wal.wrote();
        return statement;
      }
    : cached;
  return {
    prepare,
    close: () => {
      sqlite.close();
      wal?.close();
    },
  };
}

/** Opens (and creates when missing) DATA_DIR/portal.db as Kysely's database. */
export function openSqlite(
  dataDir: string,
  syncFile: SyncFile | undefined,
): { db: Db; location: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal.db');
  const sqlite = new SqliteDatabase(file);
  const journal: unknown = sqlite.pragma('journal_mode = WAL', { simple: true });
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  let dialect: SqliteDialect;
  if (journal === 'wal') {
    // Commits are synced by group commit (db/group-commit.ts), not by SQLite one by one.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    const wal = new WalSync(`${file}-wal`, syncFile);
    walOf.set(sqlite, wal);
    dialect = new DurableSqliteDialect(
      { database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, wal) },
      wal,
    );
  } else {
    // A file system without WAL (no shared memory): SQLite syncs every commit itself.
    sqlite.pragma('synchronous = FULL');
    dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  }
  const db = new Kysely<Database>({ dialect });
  sqliteOf.set(db, sqlite);
  return { db, location: file };
}

/**
 * The SQLite connection behind a Kysely instance that openDatabase made, for precompiled reads
 * (db/precompiled.ts).
 * Kysely runs every SQLite query through its driver: a connection mutex (one connection, so a
 * transaction holds it across its awaits), a query id, a few promise turns; about 6 µs a query,
 * a third of the Account/Detailed statement's own time. better-sqlite3 is synchronous, so when no
 * transaction is open on the connection (`inTransaction`) no other query can be under way either,
 * and a precompiled read runs its statement at once, seeing exactly what it would after waiting
 * for the mutex. While a transaction is open it waits its turn through Kysely instead (it must not
 * read another request's uncommitted rows). An instance from `withPlugin` or a transaction is not
 * in this map: it always goes through Kysely (and its plugins).
 */
const sqliteOf = new WeakMap<Db, SqliteDatabase.Database>();

/** The SQLite connection behind a Kysely instance that openDatabase made (undefined otherwise). */
export function sqliteConnectionOf(db: Db): SqliteDatabase.Database | undefined {
  return sqliteOf.get(db);
}

/** Each SQLite connection's group commit (db/group-commit.ts), when in WAL mode. */
const walOf = new WeakMap<SqliteDatabase.Database, WalSync>();

/** A SQLite connection's group commit (undefined when it is not in WAL mode). */
export function walSyncOfConnection(sqlite: SqliteDatabase.Database): WalSync | undefined {
  return walOf.get(sqlite);
}

/** The group commit of the SQLite connection behind a Kysely instance (undefined otherwise). */
export function walSyncOf(db: Db): WalSync | undefined {
  const sqlite = sqliteOf.get(db);
  return sqlite && walOf.get(sqlite);
}

/**
 * Resolves once every write this process has handed to the database is on disk (SQLite's group
 * commit); undefined when nothing waits to be synced, and always on PostgreSQL, whose commits are
 * synced before they are answered. Every HTTP answer waits for it (app.ts).
 */
export function writesSettled(db: Db): Promise<void> | undefined {
  return walSyncOf(db)?.settled();
}

/**
 * Statements that run straight on a SQLite connection (`execute`, `transactionSteps`, and
 * db/sqlite-writes.ts), prepared once per SQL text, with the connection's transaction wrapper
 * (better-sqlite3 keeps its BEGIN, COMMIT and ROLLBACK prepared).
 */
interface Direct {
  prepared: (sql: string) => SqliteDatabase.Statement;
  transaction: (run: () => unknown) => unknown;
}

/** Distinct SQL texts run straight per connection (the payment's writes and the unsynced ones). */
const MAX_DIRECT_STATEMENTS = 200;

const directOf = new WeakMap<SqliteDatabase.Database, Direct>();

export function direct(sqlite: SqliteDatabase.Database): Direct {
  let made = directOf.get(sqlite);
  if (!made) {
    made = {
      prepared: statementCache(sqlite, MAX_DIRECT_STATEMENTS),
      transaction: sqlite.transaction((run: () => unknown) => run()),
    };
    directOf.set(sqlite, made);
  }
  return made;
}

/**
 * Runs a compiled query on the SQLite connection at once, as Kysely's SQLite driver runs it: rows
 * when the statement returns any, else the rows changed and the last insert's id. A statement
 * that writes is marked for the group commit first (`wrote`, as the prepare wrapper marks it).
 */
export function runOnConnection<R>(
  sqlite: SqliteDatabase.Database,
  wal: WalSync | undefined,
  query: CompiledQuery<R>,
): QueryResult<R> {
  const statement = direct(sqlite).prepared(query.sql);
  if (!statement.readonly) wal?.wrote();
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    rows: [],
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
  };
}
