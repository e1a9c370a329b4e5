/**
 * Small writes whose commit need not be synced to disk on its own, run on SQLite straight through
 * better-sqlite3 with `synchronous = NORMAL` for that one statement: in WAL mode such a commit is
 * written but not fsynced, and the next synced (FULL) commit of the connection makes it durable
 * too, the WAL being written in order. An fsync costs more CPU than a small write (the kernel's
 * share is counted in the portal's CPU per payment), and a payment made four of them.
 *
 * The settings are changed and put back around the statement with no await in between, so no
 * other query of the process can run under them; and only when the connection is in no
 * transaction (better-sqlite3 is synchronous: no other query can be under way either, as
 * database.ts `precompile` relies on too). Inside a transaction, or on PostgreSQL, the write runs
 * through Kysely as usual.
 *
 * What may be written this way (a power cut loses at most what came after the last synced commit):
 *   - a session's last call (writeWithoutWaiting): the session may then end sooner;
 *   - an Idempotency-Key's claim and its stored answer (payments/idempotency.ts): the payment's
 *     own commits before charging and before answering stay FULL and sync them; a claim lost with
 *     a power cut is as if the request never came, and a stored answer lost is a key left in
 *     flight, which its lease settles from the payment's row (as after a crash).
 */
import type SqliteDatabase from 'better-sqlite3';
import { createQueryId, type Compilable } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteConnectionOf, statementCache } from './database';
import type { Db } from './types';

interface Statements {
  noWait: SqliteDatabase.Statement;
  wait: SqliteDatabase.Statement;
  noSync: SqliteDatabase.Statement;
  sync: SqliteDatabase.Statement;
  /** The writes, prepared once per SQL text. */
  prepared: (sql: string) => SqliteDatabase.Statement;
}

/** Distinct SQL texts kept per connection (a handful are written this way). */
const MAX_WRITES = 100;

const statementsOf = new WeakMap<SqliteDatabase.Database, Statements>();

function statements(sqlite: SqliteDatabase.Database): Statements {
  let made = statementsOf.get(sqlite);
  if (!made) {
    made = {
      noWait: sqlite.prepare('PRAGMA busy_timeout = 0'),
      wait: sqlite.prepare(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`),
      noSync: sqlite.prepare('PRAGMA synchronous = NORMAL'),
      sync: sqlite.prepare('PRAGMA synchronous = FULL'),
      prepared: statementCache(sqlite, MAX_WRITES),
    };
    statementsOf.set(sqlite, made);
  }
  return made;
}

/**
 * A write whose commit is not synced on its own (see above); its rows when it has a RETURNING
 * clause. Errors are the driver's, as through Kysely.
 */
export async function writeUnsynced<R>(db: Db, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite || sqlite.inTransaction) {
    const result = await db.executeQuery<R>(compiled);
    return result.rows;
  }
  const statement = statements(sqlite).prepared(compiled.sql);
  const { noSync, sync } = statements(sqlite);
  noSync.run();
  try {
    return statement.reader
      ? (statement.all(...compiled.parameters) as R[])
      : (statement.run(...compiled.parameters), []);
  } finally {
    sync.run();
  }
}

/**
 * A small write that must never hold a request up behind another process's write lock (a
 * session's last call, auth/sessions.ts `touch`), and is not synced on its own either. On SQLite
 * it runs at once, with no busy wait, and is skipped (false) when another process holds the
 * write lock or this connection is inside a transaction: better-sqlite3 waits for a lock
 * synchronously, which would stall every request of the process for the busy timeout. On
 * PostgreSQL it runs as usual (a row lock is held only by another short write). Other errors are
 * thrown.
 */
export async function writeWithoutWaiting(db: Db, query: Compilable<unknown>): Promise<boolean> {
  const compiled = query.compile();
  const sqlite = sqliteConnectionOf(db);
  if (sqlite) {
    if (sqlite.inTransaction) return false;
    const statement = statements(sqlite).prepared(compiled.sql);
    const { noWait, wait, noSync, sync } = statements(sqlite);
    noWait.run();
    noSync.run();
    try {
      statement.run(...compiled.parameters);
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
      throw error;
    } finally {
      wait.run();
      sync.run();
    }
  }
  await db.executeQuery({
    query: compiled.query,
    queryId: createQueryId(),
    sql: compiled.sql,
    parameters: compiled.parameters,
  });
  return true;
}
