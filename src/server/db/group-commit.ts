/**
 * Group commit for SQLite: a write is on disk before anyone is told about it, and the writes of
 * requests that run at the same time share one fsync.
 *
 * With `synchronous = FULL`, SQLite fsyncs the WAL inside every commit: on the main thread, so
 * every request of the process waits for the disk, and once per commit (a payment made three).
 * The connection now runs `synchronous = NORMAL`: a commit writes its frames to the WAL (the
 * kernel has them: a killed process loses nothing) without syncing. This module then syncs the
 * WAL file itself (`fdatasync` on libuv's thread pool, off the main thread), and makes the
 * writer wait for it:
 *
 *   - every write through Kysely (a statement outside a transaction, or a whole transaction) is
 *     answered only once an fsync that started after it has finished (`DurableSqliteDialect`):
 *     to the code that awaits it, a write is exactly as durable as under FULL. The connection is
 *     handed to the next query first, and reads do not wait;
 *   - every HTTP answer waits the same way while writes of the process are not yet synced
 *     (`settled`, app.ts): nothing an answer shows (this request's writes, or another request's
 *     of the same process that it read) can be lost by a power cut after it was shown. Several
 *     processes on one file each sync their own writes before answering them; one may read
 *     another's write in the moment between its commit and that process's sync;
 *   - an fsync covers every write made before it started, so the writers waiting while one runs
 *     share the next one: under load, one fsync serves many commits.
 *
 * Why syncing the file gives SQLite's own guarantee: in WAL mode a commit is a run of frames
 * appended to the WAL with a commit mark, each checksummed; recovery replays the frames up to the
 * last valid commit mark. FULL does nothing more than fsync the WAL after appending them, and the
 * fsync is of the file (its inode), whichever descriptor asks. The checkpoints still sync the
 * WAL before and the database file after, as under NORMAL. The WAL file is removed only when the
 * last connection to the database closes, and this process's connection stays open as long as
 * the descriptor.
 *
 * Writes made straight through better-sqlite3 on purpose without a sync of their own
 * (db/sqlite-writes.ts) do not wait; the next sync covers them.
 *
 * A failed fsync fails that wait and every later one: after a write error the kernel may have
 * dropped the pages, and a later fsync that succeeds proves nothing. The process must be
 * restarted; until then its requests fail (500) rather than answer what may not be on disk.
 */
import { closeSync, fdatasync, openSync } from 'node:fs';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/** The function that syncs a file's data to disk (node's `fdatasync`; tests count the calls). */
export type SyncFile = (fd: number, done: (error: Error | null) => void) => void;

interface Waiter {
  upTo: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The disk refused a sync: every later write and answer of the process fails with this. */
export class SyncFailed extends Error {
  constructor(cause: unknown) {
    super(`the database's write-ahead log could not be synced to disk: ${String(cause)}`, {
      cause,
    });
  }
}

export class WalSync {
  /** Writes handed to SQLite so far, and how many of them are known to be on disk. */
  private written = 0;
  private synced = 0;
  private running = false;
  private waiters: Waiter[] = [];
  private fd: number | undefined;
  private failure: SyncFailed | undefined;
  /** fsyncs made, for the bench and the tests. */
  syncs = 0;

  constructor(
    private readonly walFile: string,
    private readonly syncFile: SyncFile = (fd, done) => fdatasync(fd, done),
  ) {}

  /**
   * A write is about to be handed to SQLite (never too late: at worst a sync too many). Throws
   * after a failed sync, so that nothing more is committed.
   */
  wrote(): void {
    if (this.failure) throw this.failure;
    this.written += 1;
  }

  /** Writes handed to SQLite so far. */
  get writes(): number {
    return this.written;
  }

  /**
   * Resolves once every write handed to SQLite before this call is on disk; undefined when
   * there is nothing to wait for (no promise made on the read path).
   */
  settled(): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (this.synced >= this.written) return undefined;
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ upTo: this.written, resolve, reject });
      if (!this.running) this.sync();
    });
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private sync(): void {
    // Everything written up to now is in the kernel's copy of the file: this fsync covers it.
    const upTo = this.written;
    let fd: number;
    try {
      fd = this.fd ??= openSync(this.walFile, 'r');
    } catch (error) {
      this.fail(error);
      return;
    }
    this.running = true;
    this.syncs += 1;
    this.syncFile(fd, (error) => {
      this.running = false;
      if (error) {
        this.fail(error);
        return;
      }
      this.synced = Math.max(this.synced, upTo);
      const waiting: Waiter[] = [];
      for (const waiter of this.waiters) {
        if (waiter.upTo <= upTo) waiter.resolve();
        else waiting.push(waiter);
      }
      this.waiters = waiting;
      // Writers that came while this fsync ran: one more for all of them.
      if (waiting.length > 0) this.sync();
    });
  }

  private fail(error: unknown): void {
    this.failure = new SyncFailed(error);
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(this.failure);
  }
}

/**
 * Kysely's SQLite driver, whose connection is handed back to other queries at once after a
 * query or a transaction, and whose caller then waits for the writes to be synced (see above):
 * other requests' queries run meanwhile, and join the next fsync if they write.
 */
class DurableSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly wal: WalSync,
  ) {
    super(config);
  }

  /** Writes handed to SQLite when the connection was taken (it has one user at a time). */
  private writesBefore = 0;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.writesBefore = this.wal.writes;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    const wrote = this.wal.writes !== this.writesBefore;
    await super.releaseConnection();
    // Only a user that wrote waits here; what a read saw is waited for before it is answered.
    if (wrote) await this.wal.settled();
  }
}

export class DurableSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly wal: WalSync,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(this.config, this.wal);
  }
}
