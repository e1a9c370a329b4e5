/**
 * SQLite's group commit (src/server/db/group-commit.ts) on a real database file: a write through
 * Kysely is answered only after an fsync of the WAL that started after it, concurrent writes share
 * fsyncs, reads never wait, and a failed fsync fails every later write.
 */
import { fstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  execute,
  firstRow,
  openDatabase,
  precompileStatement,
  transactionSteps,
  type TransactionSteps,
  sqliteConnectionOf,
  walSyncOf,
  writesSettled,
} from '../../../src/server/db/database';
import type { SyncFile } from '../../../src/server/db/group-commit';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { writeUnsynced } from '../../../src/server/db/sqlite-writes';
import type { Db } from '../../../src/server/db/types';

/** A sync whose completion the test decides; the real fdatasync runs when it is let go. */
class HeldSync {
  readonly calls: { fd: number; done: (error: Error | null) => void }[] = [];
  fail: Error | null = null;
  readonly syncFile: SyncFile = (fd, done) => {
    this.calls.push({ fd, done });
  };
  /** Completes every sync asked for so far. */
  release(): void {
    for (const call of this.calls.splice(0)) call.done(this.fail);
  }
}

/** Lets every pending promise turn and I/O callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let dir: string;
let held: HeldSync;
let database: ReturnType<typeof openDatabase>;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-group-commit-'));
  // Migrations first, with the real sync, then the database the test holds the syncs of.
  const setup = openDatabase({ dataDir: dir });
  await migrateToLatest(setup.db);
  await setup.destroy();
  held = new HeldSync();
  database = openDatabase({ dataDir: dir, syncFile: held.syncFile });
  db = database.db;
});

afterEach(async () => {
  held.release();
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const revoke = (sid: string) =>
  db
    .insertInto('revoked_sessions')
    .values({ sid, reason: 'logout', revoked_at: '2026-01-01T00:00:00.000Z' })
    .execute();

/** Whether a promise has settled by now. */
function tracked<T>(promise: Promise<T>): { done: () => boolean; promise: Promise<T> } {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  return { done: () => done, promise };
}

describe('SQLite group commit', () => {
  it('answers a write only after the WAL file is synced, by an fsync off the connection', async () => {
    const write = tracked(revoke('a'));
    await settle();
    expect(write.done()).toBe(false);
    expect(held.calls).toHaveLength(1);
    // The file synced is the database's write-ahead log.
    const synced = fstatSync(held.calls[0]?.fd ?? -1);
    expect(synced.ino).toBe(statSync(path.join(dir, 'portal.db-wal')).ino);
    // The connection is free meanwhile: another request reads the committed row.
    const rows = await db.selectFrom('revoked_sessions').select('sid').execute();
    expect(rows).toEqual([{ sid: 'a' }]);
    held.release();
    await write.promise;
    expect(write.done()).toBe(true);
  });

  it('a transaction waits for the sync after its commit, not while it holds the connection', async () => {
    const transaction = tracked(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('revoked_sessions')
          .values({ sid: 't', reason: 'logout', revoked_at: '2026-01-01T00:00:00.000Z' })
          .execute();
        return 'committed';
      }),
    );
    await settle();
    expect(transaction.done()).toBe(false);
    expect(held.calls).toHaveLength(1);
    held.release();
    expect(await transaction.promise).toBe('committed');
  });

  it('writes made while an fsync runs share the next one', async () => {
    const first = tracked(revoke('first'));
    await settle();
    expect(held.calls).toHaveLength(1);
    const later = Array.from({ length: 20 }, (_, i) => tracked(revoke(`later-${i}`)));
    await settle();
    // The running fsync may have started before their commits: they wait for the next one.
    expect(held.calls).toHaveLength(1);
    held.release();
    await first.promise;
    await settle();
    expect(later.every((w) => !w.done())).toBe(true);
    expect(held.calls).toHaveLength(1);
    held.release();
    await Promise.all(later.map((w) => w.promise));
    expect(walSyncOf(db)?.syncs).toBe(2);
  });

  it('reads never wait, and nothing waits once every write is synced', async () => {
    await db.selectFrom('revoked_sessions').select('sid').execute();
    expect(writesSettled(db)).toBeUndefined();
    const write = revoke('a');
    await settle();
    held.release();
    await write;
    expect(writesSettled(db)).toBeUndefined();
    await db.selectFrom('revoked_sessions').select('sid').execute();
    expect(held.calls).toHaveLength(0);
    expect(walSyncOf(db)?.syncs).toBe(1);
  });

  it('an unsynced write does not wait; the next sync covers it', async () => {
    const unsynced = tracked(
      writeUnsynced(
        db,
        db
          .insertInto('revoked_sessions')
          .values({ sid: 'u', reason: 'logout', revoked_at: '2026-01-01T00:00:00.000Z' }),
      ),
    );
    await settle();
    expect(unsynced.done()).toBe(true);
    expect(held.calls).toHaveLength(0);
    const synced = tracked(revoke('s'));
    await settle();
    expect(held.calls).toHaveLength(1);
    held.release();
    await synced.promise;
  });

  it('a precompiled write (precompileStatement, run with executeQuery) waits for the sync like a built one', async () => {
    const revokeAt = precompileStatement(['text', 'text'], (sid, at) =>
      db.insertInto('revoked_sessions').values({ sid, reason: 'logout', revoked_at: at }),
    );
    const write = tracked(db.executeQuery(revokeAt('p', '2026-01-01T00:00:00.000Z')));
    await settle();
    expect(write.done()).toBe(false);
    expect(held.calls).toHaveLength(1);
    // Another call binds its own values to the same statement.
    const transaction = tracked(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(revokeAt('q', '2026-01-02T00:00:00.000Z'));
        return 'committed';
      }),
    );
    await settle();
    expect(transaction.done()).toBe(false);
    held.release();
    await write.promise;
    await settle();
    expect(transaction.done()).toBe(false);
    expect(held.calls).toHaveLength(1);
    held.release();
    expect(await transaction.promise).toBe('committed');
    const rows = await db
      .selectFrom('revoked_sessions')
      .select(['sid', 'revoked_at'])
      .orderBy('sid')
      .execute();
    expect(rows).toEqual([
      { sid: 'p', revoked_at: '2026-01-01T00:00:00.000Z' },
      { sid: 'q', revoked_at: '2026-01-02T00:00:00.000Z' },
    ]);
    // Unsynced on purpose (db/sqlite-writes.ts): a precompiled write there does not wait.
    const unsynced = tracked(writeUnsynced(db, revokeAt('u', '2026-01-03T00:00:00.000Z')));
    await settle();
    expect(unsynced.done()).toBe(true);
    expect(held.calls).toHaveLength(0);
  });

  it('a write run straight on the connection (execute, transactionSteps) waits for the sync as through Kysely', async () => {
    const revokeAt = precompileStatement(['text', 'text'], (sid, at) =>
      db
        .insertInto('revoked_sessions')
        .values({ sid, reason: 'logout', revoked_at: at })
        .onConflict((oc) => oc.column('sid').doNothing())
        .returning('sid'),
    );
    const write = tracked(firstRow(db, revokeAt('s', '2026-01-01T00:00:00.000Z')));
    await settle();
    // Committed at once (the connection is free), answered only after the fsync.
    expect(write.done()).toBe(false);
    expect(held.calls).toHaveLength(1);
    expect(sqliteConnectionOf(db)?.inTransaction).toBe(false);
    held.release();
    expect(await write.promise).toEqual({ sid: 's' });
    // A whole transaction of steps: every statement, then one sync after its COMMIT.
    const steps = tracked(
      transactionSteps(db, function* (): TransactionSteps<string> {
        const first = yield revokeAt('t1', '2026-01-02T00:00:00.000Z');
        const again = yield revokeAt('s', '2026-01-02T00:00:00.000Z');
        yield revokeAt('t2', '2026-01-02T00:00:00.000Z');
        return `${first.rows.length} ${again.rows.length}`;
      }),
    );
    await settle();
    expect(steps.done()).toBe(false);
    expect(held.calls).toHaveLength(1);
    held.release();
    expect(await steps.promise).toBe('1 0');
    // A step that throws rolls the whole transaction back (and waits as the driver's release would).
    const failed = tracked(
      transactionSteps(db, function* (): TransactionSteps<void> {
        yield revokeAt('gone', '2026-01-03T00:00:00.000Z');
        throw new Error('settled by someone else');
      }),
    );
    await settle();
    held.release();
    await expect(failed.promise).rejects.toThrow('settled by someone else');
    const rows = await db.selectFrom('revoked_sessions').select('sid').orderBy('sid').execute();
    expect(rows.map((row) => row.sid)).toEqual(['s', 't1', 't2']);
    // Inside another request's open transaction it waits its turn through Kysely.
    let release = () => undefined as void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction().execute(async (trx) => {
      await trx.selectFrom('revoked_sessions').select('sid').execute();
      await hold;
    });
    await settle();
    const queued = tracked(execute(db, revokeAt('late', '2026-01-04T00:00:00.000Z')));
    await settle();
    expect(queued.done()).toBe(false);
    release();
    await open;
    await settle();
    held.release();
    expect((await queued.promise).rows).toEqual([{ sid: 'late' }]);
  });

  it('runs SQLite with synchronous = NORMAL: the commits are synced here, not one by one', async () => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]?.synchronous).toBe(1);
  });

  it('a failed fsync fails its writes and every later one, and the answers wait no more', async () => {
    const write = revoke('a');
    await settle();
    held.fail = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    held.release();
    await expect(write).rejects.toThrow(/could not be synced/);
    // A later write is refused before it runs: nothing more is committed.
    await expect(revoke('b')).rejects.toThrow(/could not be synced/);
    const sqlite = sqliteConnectionOf(db);
    expect(sqlite?.prepare("select sid from revoked_sessions where sid = 'b'").all()).toEqual([]);
    await expect(writesSettled(db)).rejects.toThrow(/could not be synced/);
  });
});
