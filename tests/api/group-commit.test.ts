/**
 * SQLite's group commit seen from the API (src/server/db/group-commit.ts): a real server on a real
 * database file whose WAL syncs the test holds. No answer leaves before what it shows is on disk:
 * a sign-in's answer waits for the sync of its session, and a read's answer waits for the sync of
 * another request's write it may have seen. Once the syncs complete, the answers come, and the
 * payment answered is there once.
 */
import { fdatasync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import type { SyncFile } from '../../src/server/db/group-commit';
import { MARIA } from './debtor-fixtures';
import { call, startServer, tempDir, type RunningServer } from './harness';

/** Real fdatasync calls, held back by the test while `holding`. */
class HeldSync {
  holding = false;
  private readonly queued: (() => void)[] = [];
  readonly syncFile: SyncFile = (fd, done) => {
    const run = () => fdatasync(fd, done);
    if (this.holding) this.queued.push(run);
    else run();
  };
  get waiting(): number {
    return this.queued.length;
  }
  /** Stops holding and runs the syncs held so far. */
  letGo(): void {
    this.holding = false;
    for (const run of this.queued.splice(0)) run();
  }
}

const data = tempDir('portal-group-commit-');
const held = new HeldSync();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(() =>
    openDatabase({ dataDir: path.join(data.dir, 'data'), syncFile: held.syncFile }),
  );
});

afterAll(async () => {
  held.letGo();
  await server.close();
  data.remove();
});

function tracked<T>(promise: Promise<T>): { answered: () => boolean; promise: Promise<T> } {
  let answered = false;
  void promise.then(() => (answered = true));
  return { answered: () => answered, promise };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite group commit, from the API', () => {
  it("answers a sign-in only once its session's write is synced", async () => {
    held.holding = true;
    const signIn = tracked(
      call<{ accessToken: string }>(server, '/api/Authorization/VerifyIdentity', { body: MARIA }),
    );
    await pause(300);
    expect(signIn.answered()).toBe(false);
    expect(held.waiting).toBeGreaterThan(0);
    held.letGo();
    const res = await signIn.promise;
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toEqual(expect.any(String));
  });

  it("answers a read only once another request's write it may show is synced", async () => {
    const signIn = await call<{ accessToken: string }>(
      server,
      '/api/Authorization/VerifyIdentity',
      { body: MARIA },
    );
    const token = signIn.body.accessToken;
    held.holding = true;
    // Another request's write, committed but not yet synced.
    const write = server.database.db
      .insertInto('revoked_sessions')
      .values({ sid: 'elsewhere', reason: 'logout', revoked_at: new Date().toISOString() })
      .execute();
    const read = tracked(
      call(server, '/api/v2/Account/Detailed?accountNumber=LU1.10001', {
        token,
      }),
    );
    await pause(300);
    expect(read.answered()).toBe(false);
    held.letGo();
    await write;
    expect((await read.promise).status).toBe(200);
  });

  it('reads answer at once when nothing waits to be synced', async () => {
    const signIn = await call<{ accessToken: string }>(
      server,
      '/api/Authorization/VerifyIdentity',
      { body: MARIA },
    );
    held.holding = true;
    const res = await call(server, '/api/v2/Account/Detailed?accountNumber=LU1.10001', {
      token: signIn.body.accessToken,
    });
    expect(res.status).toBe(200);
    expect(held.waiting).toBe(0);
    held.letGo();
  });
});
