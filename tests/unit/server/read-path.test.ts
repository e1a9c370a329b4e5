/**
 * The signed-in read path's shortcuts keep the answers exact: reused SQLite statements,
 * precompiled queries, and remembered access-token verifications (expiry and revocation still
 * checked on every call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIVITY_WRITE_MS,
  SESSION_DEFAULTS,
  SessionStore,
} from '../../../src/server/auth/sessions';
import { ACCESS_SECONDS } from '../../../src/server/auth/jwt';
import { TokenService } from '../../../src/server/auth/tokens';
import { VERIFIED_IDLE_MS } from '../../../src/server/auth/verified-access';
import {
  openDatabase,
  precompile,
  sqliteConnectionOf,
  withStatementCache,
  walSyncOf,
  writesSettled,
  type PortalDatabase,
} from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { writeUnsynced, writeWithoutWaiting } from '../../../src/server/db/sqlite-writes';

let dir: string;
let database: PortalDatabase;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-read-path-'));
  database = openDatabase({ dataDir: dir });
  await migrateToLatest(database.db);
});

afterEach(async () => {
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite statement cache', () => {
  it('reuses a statement per SQL text, bounded, and never hands out a busy one', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1 as n');
    const b = cached.prepare('select 2 as n');
    expect(b).not.toBe(a);
    expect(cached.prepare('select 1 as n')).toBe(a);
    cached.prepare('select 3 as n'); // the least recently used (select 2) is dropped
    expect(cached.prepare('select 1 as n')).toBe(a);
    expect(cached.prepare('select 2 as n')).not.toBe(b);

    const iterating = cached.prepare('select 1 as n union all select 2');
    const rows = iterating.iterate([]);
    rows.next();
    const other = cached.prepare('select 1 as n union all select 2');
    expect(other).not.toBe(iterating);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    cached.close();
  });
});

describe('precompile', () => {
  it('answers like the built query, with constants kept and arguments bound per call', async () => {
    const { db } = database;
    const stamp = new Date(0).toISOString();
    await db
      .insertInto('audit_log')
      .values([
        { action: 'a', subject: 'failure', at: stamp, detail: '{}' },
        { action: 'a', subject: 'other', at: stamp, detail: '{}' },
        { action: 'b', subject: 'failure', at: stamp, detail: '{}' },
      ])
      .execute();
    const find = precompile(db, ['text', 'integer'], (key, minId) =>
      db
        .selectFrom('audit_log')
        .select(['id', 'action', 'subject'])
        .where('action', '=', key)
        .where('subject', '=', 'failure')
        .where('id', '>=', minId)
        .orderBy('id'),
    );
    const built = (key: string, minId: number) =>
      db
        .selectFrom('audit_log')
        .select(['id', 'action', 'subject'])
        .where('action', '=', key)
        .where('subject', '=', 'failure')
        .where('id', '>=', minId)
        .orderBy('id')
        .execute();
    for (const [key, minId] of [
      ['a', 0],
      ['b', 0],
      ['b', 4],
      ['c', 0],
    ] as const) {
      expect(await find(key, minId)).toEqual(await built(key, minId));
    }
    expect(await find('a', 0)).toEqual([{ id: 1, action: 'a', subject: 'failure' }]);
  });

  it("never reads another request's uncommitted rows: while a transaction is open it waits for it", async () => {
    const { db } = database;
    const count = precompile(db, ['text'], (key) =>
      db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', key),
    );
    const stamp = new Date(0).toISOString();
    expect(await count('t')).toEqual([{ n: 0 }]);
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const writer = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('audit_log')
        .values({ action: 't', subject: 'failure', at: stamp, detail: '{}' })
        .execute();
      inserted();
      // Another request's read comes while this transaction is still open.
      await finished;
    });
    await insertedYet;
    let read: { n: number }[] | undefined;
    const reading = count('t').then((rows) => (read = rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not answered from the open transaction's connection: it waits for the commit.
    expect(read).toBeUndefined();
    finish();
    await writer;
    await reading;
    expect(read).toEqual([{ n: 1 }]);
    // With no transaction open it answers at once, and sees the committed row.
    expect(await count('t')).toEqual([{ n: 1 }]);
  });

  it('makes each row as the driver does: the same columns, in the same order, with the same values', async () => {
    const { db } = database;
    const stamp = new Date(0).toISOString();
    await db
      .insertInto('audit_log')
      .values([
        { action: 'r', subject: 'failure', at: stamp, detail: '{}' },
        { action: 'r', subject: 'other', at: stamp, detail: '{}' },
      ])
      .execute();
    // Built on every call, as Kysely runs it: the driver's own row objects.
    const built = (key: string) =>
      db
        .selectFrom('audit_log')
        .select(['subject', 'id', 'at', 'action'])
        .select((eb) => eb.val(null).as('nothing'))
        .where('action', '=', key)
        .orderBy('id')
        .execute();
    const find = precompile(db, ['text'], (key) =>
      db
        .selectFrom('audit_log')
        .select(['subject', 'id', 'at', 'action'])
        .select((eb) => eb.val(null).as('nothing'))
        .where('action', '=', key)
        .orderBy('id'),
    );
    for (const key of ['r', 'none']) {
      const expected = (await built(key)).map((row) => Object.entries(row));
      expect((await find(key)).map((row) => Object.entries(row))).toEqual(expected);
    }
    expect(await find('r')).toHaveLength(2);
  });

  it('refuses a query that leaves an argument out', () => {
    const { db } = database;
    expect(() =>
      precompile(db, ['text', 'text'], (sid) =>
        db.selectFrom('revoked_sessions').select('sid').where('sid', '=', sid),
      ),
    ).toThrow(/argument 1/);
  });
});

describe('access token verification cache', () => {
  const key = new Uint8Array(32).fill(3);
  let clock: Date;
  const now = () => clock;

  beforeEach(async () => {
    clock = new Date('2030-01-01T12:00:00Z');
    const stamp = clock.toISOString();
    await database.db
      .insertInto('debtors')
      .values({
        external_key: 'd1',
        last_name: 'Garcia',
        last_name_key: 'garcia',
        require_ssn: 0,
        allow_sms: 0,
        allow_email: 0,
        pref_email: 0,
        pref_sms: 0,
        pref_letter: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  });

  it('still refuses an expired token it has verified before, and a forged one', async () => {
    const tokens = new TokenService(database.db, key, now);
    const { accessToken } = await tokens.issue(1, 'account');
    const claims = await tokens.verifyAccess(accessToken);
    expect(claims).toMatchObject({ debtorId: 1, role: 'account' });
    // The caller gets its own copy.
    if (claims) claims.debtorId = 99;
    expect((await tokens.verifyAccess(accessToken))?.debtorId).toBe(1);

    const [head, body, signature = ''] = accessToken.split('.');
    const forged = `${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await tokens.verifyAccess(forged)).toBeNull();

    clock = new Date(clock.getTime() + (ACCESS_SECONDS - 1) * 1000);
    expect(await tokens.verifyAccess(accessToken)).not.toBeNull();
    clock = new Date(clock.getTime() + 1000);
    expect(await tokens.verifyAccess(accessToken)).toBeNull();
  });

  it('forgets tokens idle for VERIFIED_IDLE_MS, so memory levels off at the tokens in use', async () => {
    const tokens = new TokenService(database.db, key, now);
    const first = await tokens.issue(1, 'account');
    await tokens.verifyAccess(first.accessToken);
    const second = await tokens.issue(1, 'account');
    await tokens.verifyAccess(second.accessToken);
    expect(tokens.rememberedTokens).toBe(2);
    // The first stays in use, the second goes idle.
    clock = new Date(clock.getTime() + VERIFIED_IDLE_MS - 1000);
    await tokens.verifyAccess(first.accessToken);
    clock = new Date(clock.getTime() + 2000);
    const third = await tokens.issue(1, 'account');
    await tokens.verifyAccess(third.accessToken);
    expect(tokens.rememberedTokens).toBe(2);
    // A forgotten token still in its time is verified again, not refused.
    expect(await tokens.verifyAccess(second.accessToken)).toMatchObject({ debtorId: 1 });
  });

  it('sees a revocation made by another process at once', async () => {
    const here = new TokenService(database.db, key, now);
    const elsewhere = new TokenService(database.db, key, now);
    const { accessToken } = await here.issue(1, 'account');
    const claims = await here.verifyAccess(accessToken);
    expect(claims).not.toBeNull();
    await elsewhere.revokeSession(claims?.sid ?? '', 'logout');
    expect(await here.verifyAccess(accessToken)).toBeNull();
  });
});

describe('writeWithoutWaiting on SQLite', () => {
  it('writes, skips while another connection holds the write lock, and leaves the connection as it found it', async () => {
    const update = () =>
      database.db.updateTable('sessions').set({ last_active_at: 'x' }).where('sid', '=', 'none');
    expect(await writeWithoutWaiting(database.db, update())).toBe(true);
    const other = new SqliteDatabase(path.join(dir, 'portal.db'));
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      // No busy wait: answered false at once, not after the 5 s busy timeout.
      const started = performance.now();
      expect(await writeWithoutWaiting(database.db, update())).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
      other.prepare('ROLLBACK').run();
    } finally {
      other.close();
    }
    // The connection's settings are put back: NORMAL (group commit syncs) and the lock wait.
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
    expect(rows[0]?.synchronous).toBe(1);
    const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(database.db);
    expect(Object.values(timeout.rows[0] ?? {})[0]).toBe(5000);
  });
});

/** A revocation's insert: it fails on a sid already there. */
const insertRevoked = (sid: string) =>
  database.db
    .insertInto('revoked_sessions')
    .values({ sid, reason: 'logout', revoked_at: '2026-01-01T00:00:00.000Z' });

/** A write that answers the row it wrote (none on a conflict). */
const revoke = (sid: string) =>
  insertRevoked(sid)
    .onConflict((oc) => oc.column('sid').doNothing())
    .returning('sid');

describe('writeUnsynced on SQLite', () => {
  it('answers RETURNING rows, none on a conflict, and asks for no sync of its own', async () => {
    const syncs = walSyncOf(database.db)?.syncs;
    expect(await writeUnsynced(database.db, revoke('a'))).toEqual([{ sid: 'a' }]);
    expect(await writeUnsynced(database.db, revoke('a'))).toEqual([]);
    expect(walSyncOf(database.db)?.syncs).toBe(syncs);
    // Nor does an answer wait for one: the next sync made for a write that waits covers them.
    expect(writesSettled(database.db)).toBeUndefined();
  });

  it("while another request's transaction is open, waits its turn and never joins it", async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('revoked_sessions').select('sid').execute();
        await held;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const written = writeUnsynced(database.db, revoke('b'));
    release();
    await transaction;
    // Written after the rollback: the transaction's undoing did not take it along.
    expect(await written).toEqual([{ sid: 'b' }]);
    const left = await database.db.selectFrom('revoked_sessions').select('sid').execute();
    expect(left).toEqual([{ sid: 'b' }]);
  });
});

describe('writes queued by writeWithoutWaiting on SQLite', () => {
  const sids = async () =>
    (await database.db.selectFrom('revoked_sessions').select('sid').orderBy('sid').execute()).map(
      (row) => row.sid,
    );

  it("are not run at once, and join the next unsynced write's commit", async () => {
    const touched = writeWithoutWaiting(database.db, insertRevoked('queued'));
    expect(await sids()).toEqual([]);
    const syncs = walSyncOf(database.db)?.syncs;
    expect(await writeUnsynced(database.db, revoke('claim'))).toEqual([{ sid: 'claim' }]);
    // Resolved by that write, before the end of the turn; one transaction, no sync of its own.
    let settled: boolean | undefined;
    void touched.then((written) => (settled = written));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
    expect(await sids()).toEqual(['claim', 'queued']);
    expect(walSyncOf(database.db)?.syncs).toBe(syncs);
  });

  it('run together at the end of the turn when no write takes them along', async () => {
    const first = writeWithoutWaiting(database.db, revoke('one'));
    const second = writeWithoutWaiting(database.db, revoke('two'));
    await Promise.resolve();
    expect(
      sqliteConnectionOf(database.db)?.prepare('select count(*) as n from revoked_sessions').get(),
    ).toEqual({ n: 0 });
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(await sids()).toEqual(['one', 'two']);
  });

  it('a queued write that fails is skipped, and the write it joined runs alone', async () => {
    await writeUnsynced(database.db, revoke('taken'));
    // A second row with the same primary key fails inside the joined transaction.
    const failing = writeWithoutWaiting(database.db, insertRevoked('taken'));
    expect(await writeUnsynced(database.db, revoke('alone'))).toEqual([{ sid: 'alone' }]);
    expect(await failing).toBe(false);
    expect(await sids()).toEqual(['alone', 'taken']);
    expect(sqliteConnectionOf(database.db)?.inTransaction).toBe(false);
  });
});

describe("sessions' last writes remembered", () => {
  it('keeps only those written in the last ACTIVITY_WRITE_MS', () => {
    const store = new SessionStore(
      database.db,
      () => new Date(),
      SESSION_DEFAULTS,
      () => Promise.resolve(false),
    );
    for (let i = 0; i < 1000; i += 1) store.remember(`s${i}`, i * 100);
    // 1000 sessions over 100 s, one every 100 ms: those of the last 5 s are the ones kept.
    expect(store.remembered).toBe(ACTIVITY_WRITE_MS / 100);
    store.remember('late', 1_000_000);
    expect(store.remembered).toBe(1);
  });
});
