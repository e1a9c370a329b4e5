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
 *   - a session's last call (writeWithoutWaiting): the session may then end sooner. It is not
 *     even run at once: it waits on the connection for the next unsynced write (a payment's
 *     Idempotency-Key claim, a few microtasks later in the same request), whose commit it joins,
 *     or for the end of the event loop's turn (setImmediate), where the calls queued meanwhile
 *     share one commit. A process killed in between loses it, which is what a power cut may do
 *     anyway: the session ends sooner, never later;
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
import { SQLITE_BUSY_TIMEOUT_MS, direct, sqliteConnectionOf } from './database';
import type { Db } from './types';

/** A write queued by writeWithoutWaiting, and what to tell its caller (written or skipped). */
interface Queued {
  statement: SqliteDatabase.Statement;
  parameters: readonly unknown[];
  done: (written: boolean) => void;
}

/**
 * Per connection: the busy-timeout pragmas, and the writes queued by writeWithoutWaiting with
 * whether their flush is scheduled. The writes themselves and their transaction are the
 * connection's direct statements (database.ts `direct`).
 */
interface Statements {
  noWait: SqliteDatabase.Statement;
  wait: SqliteDatabase.Statement;
  prepared: (sql: string) => SqliteDatabase.Statement;
  together: (run: () => unknown) => unknown;
  queued: Queued[];
  flushScheduled: boolean;
}

const statementsOf = new WeakMap<SqliteDatabase.Database, Statements>();

function statements(sqlite: SqliteDatabase.Database): Statements {
  let made = statementsOf.get(sqlite);
  if (!made) {
    made = {
      noWait: sqlite.prepare('PRAGMA busy_timeout = 0'),
      wait: sqlite.prepare(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`),
      prepared: direct(sqlite).prepared,
      together: direct(sqlite).transaction,
      queued: [],
      flushScheduled: false,
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
  const made = statements(sqlite);
  const statement = made.prepared(compiled.sql);
  const run = (): R[] =>
    statement.reader
      ? (statement.all(...compiled.parameters) as R[])
      : (statement.run(...compiled.parameters), []);
  const queued = made.queued;
  if (queued.length === 0) return run();
  // The writes queued by writeWithoutWaiting join this one's commit. This write takes the write
  // lock anyway, so they make nothing wait longer. Should one of them fail, the transaction is
  // rolled back, they are skipped, and this write runs alone.
  made.queued = [];
  let queuedFailed = false;
  try {
    const rows = made.together(() => {
      try {
        for (const write of queued) write.statement.run(...write.parameters);
      } catch (error) {
        queuedFailed = true;
        throw error;
      }
      return run();
    }) as R[];
    for (const write of queued) write.done(true);
    return rows;
  } catch (error) {
    for (const write of queued) write.done(false);
    if (!queuedFailed) throw error;
  }
  return run();
}

/**
 * Runs the writes queued by writeWithoutWaiting that no other write took along: together, in one
 * commit, with no busy wait (all skipped when another process holds the write lock, or when a
 * transaction of this connection is open: better-sqlite3 would wait synchronously).
 */
function flushQueued(sqlite: SqliteDatabase.Database, made: Statements): void {
  made.flushScheduled = false;
  const queued = made.queued;
  if (queued.length === 0) return;
  made.queued = [];
  if (sqlite.inTransaction || !sqlite.open) {
    for (const write of queued) write.done(false);
    return;
  }
  let written = false;
  made.noWait.run();
  try {
    made.together(() => {
      for (const write of queued) write.statement.run(...write.parameters);
    });
    written = true;
  } catch {
    // SQLITE_BUSY (another process's write lock) or any other failure: never fails a request;
    // the session's next call writes it again.
  } finally {
    made.wait.run();
  }
  for (const write of queued) write.done(written);
}

/**
 * A small write that must never hold a request up behind another process's write lock (a
 * session's last call, auth/sessions.ts `touch`), and is not synced on its own either. On SQLite
 * it is queued on the connection (see the top of this file): it joins the commit of the next
 * writeUnsynced, or runs at the end of the event loop's turn with the other writes queued
 * meanwhile, in one commit, with no busy wait; the promise says whether it was written (false:
 * skipped, because another process held the write lock or this connection was inside a
 * transaction: better-sqlite3 waits for a lock synchronously, which would stall every request of
 * the process for the busy timeout; or because it failed). On PostgreSQL it runs at once (a row
 * lock is held only by another short write) and its errors are thrown.
 */
export function writeWithoutWaiting(
  db: Db,
  query: Compilable<unknown> | CompiledQuery,
): Promise<boolean> {
  const compiled = isCompilable(query) ? query.compile() : query;
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) return db.executeQuery(compiled).then(() => true);
  const made = statements(sqlite);
  const statement = made.prepared(compiled.sql);
  return new Promise<boolean>((done) => {
    made.queued.push({ statement, parameters: compiled.parameters, done });
    if (!made.flushScheduled) {
      made.flushScheduled = true;
      setImmediate(() => flushQueued(sqlite, made));
    }
  });
}

/** Whether writeWithoutWaiting queues its writes on this database (SQLite) instead of running them. */
export function queuesWrites(db: Db): boolean {
  return sqliteConnectionOf(db) !== undefined;
}
