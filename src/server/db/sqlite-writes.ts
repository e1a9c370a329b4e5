/**
 * Small writes whose commit need not be synced on its own, run on SQLite straight through
 * better-sqlite3: the connection runs `synchronous = NORMAL` (db/group-commit.ts), so in WAL mode
 * such a commit is written but not fsynced, and these writes do not wait for the group commit's
 * next fsync as Kysely's writes do; that fsync, made for the next write that waits or answer that
 * shows one, makes them durable too (the WAL is written in order). An fsync costs CPU (the
 * kernel's share is counted in the portal's CPU per payment) and time.
 *
 * Only when the connection is in no transaction (better-sqlite3 is synchronous: no other query
 * can be under way either, as database.ts `precompile` relies on too). Inside a transaction, or
 * on PostgreSQL, the write runs through Kysely as usual.
 *
 * What may be written this way (a power cut loses at most what came after the last fsync):
 *   - a session's last call (writeWithoutWaiting): the session may then end sooner;
 *   - an Idempotency-Key's claim and its stored answer (payments/idempotency.ts): the payment's
 *     own writes before charging and before answering wait for the sync, and sync these too; a
 *     claim lost with a power cut is as if the request never came, and a stored answer lost is a
 *     key left in flight, which its lease settles from the payment's row (as after a crash). The
 *     answer leaves only once the payment's own writes are synced (app.ts); its stored copy may
 *     not be yet. An accepted payment's answer is not written here: it is part of the payment's
 *     own transaction (payments/idempotency.ts ClaimedKey), synced with it.
 */
import type SqliteDatabase from 'better-sqlite3';
import { isCompilable, type Compilable, type CompiledQuery } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS, sqliteConnectionOf, statementCache } from './database';
import type { Db } from './types';

interface Statements {
  noWait: SqliteDatabase.Statement;
  wait: SqliteDatabase.Statement;
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
export async function writeUnsynced<R>(
  db: Db,
  query: Compilable<R> | CompiledQuery<R>,
): Promise<R[]> {
  const compiled = isCompilable(query) ? query.compile() : query;
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite || sqlite.inTransaction) {
    const result = await db.executeQuery<R>(compiled);
    return result.rows;
  }
  const statement = statements(sqlite).prepared(compiled.sql);
  return statement.reader
    ? (statement.all(...compiled.parameters) as R[])
    : (statement.run(...compiled.parameters), []);
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
export async function writeWithoutWaiting(
  db: Db,
  query: Compilable<unknown> | CompiledQuery,
): Promise<boolean> {
  const compiled = isCompilable(query) ? query.compile() : query;
  const sqlite = sqliteConnectionOf(db);
  if (sqlite) {
    if (sqlite.inTransaction) return false;
    const statement = statements(sqlite).prepared(compiled.sql);
    const { noWait, wait } = statements(sqlite);
    noWait.run();
    try {
      statement.run(...compiled.parameters);
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
      throw error;
    } finally {
      wait.run();
    }
  }
  await db.executeQuery(compiled);
  return true;
}
