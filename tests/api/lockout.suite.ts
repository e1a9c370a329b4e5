/**
 * Lockouts that count before they judge, and sign-in failures that write a bounded amount
 * (issue 39, items 1 and 7), against real servers on the suite's database:
 * - a burst of sign-ins, with a success among them, leaves the studio lock in force;
 * - a stranger's failures with the same last name do not lock another debtor, and a stranger's
 *   success does not clear another debtor's count;
 * - failed studio sign-ins from one address in one minute (the 423 of a lock included) are one
 *   audit row with their count, the rate limit answers before anything is written, and lapsed
 *   lockout rows (debtor and staff) are deleted;
 * - across two server PROCESSES on one database (`lockoutProcessesSuite`): 60 concurrent wrong TOTP
 *   codes with the right password for one email, 60 concurrent wrong factors for one debtor from
 *   60 addresses, and 60 from one address, get at most the limit (5) judged; the others the
 *   lockout answer (423; for a debtor's lock a failure's 404, told apart in the servers' logs;
 *   403 for an address).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersHealth, freePort } from '../../scripts/lib/server-process';
import type { PortalDatabase } from '../../src/server/db/database';
import { createStaff } from '../../src/server/studio/staff';
import { totpCode } from '../../src/server/studio/totp';
import {
  REPO_ROOT,
  TestClock,
  call,
  freshDatabase,
  freshIp,
  startServer,
  TEST_SECRET,
  testKeys,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { importFixture } from './payments-fixtures';
import { MINUTE, PASSWORD, secretOf, studioClient, type Session } from './studio-fixtures';

/** Two debtors of one last name each, for the stranger tests. */
const PEOPLE = {
  hart1: { lastName: 'Lockhart', ssn: '1111', dob: '1970-01-11' },
  hart2: { lastName: 'Lockhart', ssn: '2222', dob: '1980-02-22' },
  ridge1: { lastName: 'Lockridge', ssn: '3333', dob: '1975-03-13' },
  ridge2: { lastName: 'Lockridge', ssn: '4444', dob: '1985-04-24' },
} as const;
interface Person {
  lastName: string;
  ssn: string;
  dob: string;
}

const FIXTURE = {
  debtors: Object.entries(PEOPLE).map(([key, person]) => ({
    key: `lockout-${key}`,
    firstName: 'Lee',
    lastName: person.lastName,
    ssnLast4: person.ssn,
    dateOfBirth: person.dob,
    accounts: [],
  })),
};

const identityBody = (person: Person, ssn = person.ssn) => ({
  lastName: person.lastName,
  option1: 'SocialSecurityNumber',
  option2: 'DateOfBirth',
  socialSecurityNumber: ssn,
  dateOfBirth: person.dob,
});

export function lockoutSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  // Studio sign-ins hash passwords with scrypt (hundreds of ms each on a busy machine).
  describe(`lockouts count before they judge on ${dialect}`, { timeout: 120_000 }, () => {
    const clock = new TestClock();
    const tag = `lock-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    let server: RunningServer;
    const { studio, makeAccount, signInRaw, signIn } = studioClient(() => server, clock, tag);

    const verify = (body: unknown) =>
      call(server, '/api/Authorization/VerifyIdentity', { body }).then((res) => res.status);

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      await importFixture(server.database.db, FIXTURE);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("a stranger's failures with the same last name do not lock another debtor", async () => {
      const { hart1, hart2 } = PEOPLE;
      // Someone guessing the first Lockhart's SSN (her birth date known), from many addresses:
      // 5 judged, then she is locked. Her lock answers as a failure (404): a 403 would tell that
      // the birth date matched.
      for (let i = 0; i < 6; i += 1) expect(await verify(identityBody(hart1, `90${i}0`))).toBe(404);
      // The other Lockhart signs in; the first stays locked, her right factors too.
      expect(await verify(identityBody(hart2))).toBe(200);
      expect(await verify(identityBody(hart1))).toBe(404);
    });

    it("a stranger's success does not clear another debtor's failures", async () => {
      const { ridge1, ridge2 } = PEOPLE;
      for (let i = 0; i < 4; i += 1)
        expect(await verify(identityBody(ridge2, `80${i}0`))).toBe(404);
      // The other Lockridge signs in: it clears her count, not this one's.
      expect(await verify(identityBody(ridge1))).toBe(200);
      expect(await verify(identityBody(ridge2, '8050'))).toBe(404);
      // Locked: her right factors are refused (as a failure), where a cleared count let them in.
      expect(await verify(identityBody(ridge2))).toBe(404);
      expect(await verify(identityBody(ridge1))).toBe(200);
    });

    it('a success in a burst of sign-ins does not lift the lock the burst ran into', async () => {
      const account = await makeAccount('burst', 'editor');
      for (let i = 0; i < 4; i += 1) {
        expect((await signInRaw(account, { password: 'Wrong password 1' })).status).toBe(401);
      }
      clock.advance(31_000);
      const right = { email: account.email, password: PASSWORD };
      const burst = await Promise.all([
        studio('/sign-in', { body: { ...right, code: totpCode(account.secret, clock.now()) } }),
        ...Array.from({ length: 5 }, () =>
          studio('/sign-in', { body: { ...right, password: 'Wrong password 2', code: '000000' } }),
        ),
      ]);
      const statuses = burst.map((res) => res.status);
      // One slot was left: one of the six is judged (200 or 401), the others refused.
      expect(statuses.filter((status) => status !== 423)).toHaveLength(1);
      // Whichever it was, the lock holds: the right password and a new code are refused.
      expect((await signInRaw(account)).status).toBe(423);
      clock.advance(16 * MINUTE);
      expect((await signInRaw(account)).status).toBe(200);
    });

    it('writes failed studio sign-ins from one address in one minute as one audit row with their count (the 423 of a lock too)', async () => {
      const admin = await signIn(await makeAccount('auditor', 'admin'));
      // All in one minute of the server's clock: it does not move between these calls.
      clock.advance(MINUTE - (clock.time % MINUTE) + 1000);
      const ip = freshIp();
      const body = { email: `nobody-${tag}@studio.example`, password: 'x', code: '000000' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await studio('/sign-in', { body, ip })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 423]);

      const rows = await server.database.db
        .selectFrom('sign_in_failures')
        .select(['minute', 'failures'])
        .where('address', '=', ip)
        .execute();
      expect(rows).toEqual([{ minute: clock.now().toISOString().slice(0, 16), failures: 6 }]);
      const audit = await auditFor(admin, ip);
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'sign-in.failure',
          subject: body.email,
          detail: { reason: 'unknownEmail', failuresInMinute: 6 },
        }),
      ]);
      // The next minute's first failure is a row of its own.
      clock.advance(MINUTE);
      expect(
        (await studio('/sign-in', { body: { ...body, email: `x${body.email}` }, ip })).status,
      ).toBe(401);
      expect(await auditFor(admin, ip)).toHaveLength(2);
    });

    const auditFor = async (session: Session, ip: string) => {
      const res = await studio<{ action: string; ip: string }[]>(
        '/audit?action=sign-in.failure&limit=1000',
        { session },
      );
      expect(res.status, res.text).toBe(200);
      return res.body.filter((row) => row.ip === ip);
    };

    it('answers over the rate limit per address before it writes anything', async () => {
      const limited = await startServer(makeDatabase, {
        now: clock.now,
        rateLimit: { signInPerAddress: 2 },
      });
      try {
        const ip = freshIp();
        const emails = [0, 1, 2].map((i) => `limited-${i}-${tag}@studio.example`);
        const statuses: number[] = [];
        for (const email of emails) {
          const res = await fetch(`${limited.url}/studio/api/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ email, password: 'x', code: '000000' }),
          });
          statuses.push(res.status);
        }
        expect(statuses).toEqual([401, 401, 429]);
        const db = limited.database.db;
        const failures = await db
          .selectFrom('sign_in_failures')
          .select('failures')
          .where('address', '=', ip)
          .execute();
        expect(failures.map((row) => row.failures)).toEqual([2]);
        const counted = await db
          .selectFrom('lockout_counters')
          .select('key')
          .where(
            'key',
            'in',
            emails.map((email) => `staff:${email}`),
          )
          .execute();
        expect(counted.map((row) => row.key).sort()).toEqual(
          emails.slice(0, 2).map((e) => `staff:${e}`),
        );
      } finally {
        await limited.close();
      }
    });

    it('deletes lockout rows (debtor and staff) once their window and lock have ended', async () => {
      const fresh = await freshDatabase(makeDatabase);
      const own = new TestClock();
      const other = await startServer(fresh.makeDatabase, { now: own.now });
      try {
        const email = (name: string) => `${name}-${tag}@studio.example`;
        const staffTry = async (name: string) =>
          (
            await fetch(`${other.url}/studio/api/sign-in`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
              body: JSON.stringify({ email: email(name), password: 'x', code: '000000' }),
            })
          ).status;
        const debtorIp = freshIp();
        const keys = async () =>
          (await other.database.db.selectFrom('lockout_counters').select('key').execute())
            .map((row) => row.key)
            .sort();

        // Two emails tried once, one locked, and a debtor's failed try from one address.
        expect(await staffTry('once-a')).toBe(401);
        expect(await staffTry('once-b')).toBe(401);
        const locking: number[] = [];
        for (let i = 0; i < 6; i += 1) locking.push(await staffTry('locked'));
        expect(locking).toEqual([401, 401, 401, 401, 401, 423]);
        const nobody = { ...identityBody(PEOPLE.hart1), lastName: 'Nobody Here' };
        expect(
          (await call(other, '/api/Authorization/VerifyIdentity', { body: nobody, ip: debtorIp }))
            .status,
        ).toBe(404);
        expect(await keys()).toEqual(
          [
            // The count an attempt that matched no debtor makes, to take the time of one that did.
            'idle:',
            `ip:${debtorIp}`,
            `staff:${email('locked')}`,
            `staff:${email('once-a')}`,
            `staff:${email('once-b')}`,
          ].sort(),
        );
        // 10 minutes on, one more email; 6 more, all but that one have lapsed.
        own.advance(10 * MINUTE);
        expect(await staffTry('later')).toBe(401);
        own.advance(6 * MINUTE);
        expect(await staffTry('last')).toBe(401);
        expect(await keys()).toEqual([`staff:${email('last')}`, `staff:${email('later')}`].sort());
      } finally {
        await other.close();
        await fresh.remove();
      }
    });
  });
}

/** What the spawned servers share: the database, and the secret every process is given. */
const PORTAL_SECRET = TEST_SECRET;

interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  /** The server's log lines (JSON) so far. */
  logs: string[];
}

function databaseEnv(database: PortalDatabase): Record<string, string> {
  return database.dialect === 'sqlite'
    ? { DATA_DIR: path.dirname(database.location), DATABASE_URL: '' }
    : { DATABASE_URL: database.location };
}

async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      PORTAL_FAILPOINT: '',
      PORTAL_SECRET,
      FLOWS_DIR: path.join(REPO_ROOT, 'flows'),
      WEB_DIR: path.join(REPO_ROOT, 'no-web-dir-for-lockout-tests'),
      // The test is the proxy: the client address is the X-Forwarded-For it sends. The rate
      // limits are out of reach, so what refuses is a lockout.
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL: '',
      RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000000',
      RATE_LIMIT_SIGN_IN_PER_IDENTITY: '1000000',
      LOCKOUT_MAX_FAILURES: '5',
      LOCKOUT_MAX_FAILURES_PER_ADDRESS: '5',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    logs.push(...lines.filter(Boolean));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  if (await answersHealth(url, 60_000)) return { url, child, exited, logs };
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** How many of `statuses` are each status. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

export function lockoutProcessesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`lockouts across two server processes on ${dialect}`, { timeout: 180_000 }, () => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    let database: PortalDatabase;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      fresh = await freshDatabase(makeDatabase);
      database = fresh.makeDatabase();
      const env = databaseEnv(database);
      // The first loads the demo data into the empty database; then the second starts.
      servers.push(await startProcess(env));
      servers.push(await startProcess(env));
    }, 180_000);

    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await database?.destroy();
      await fresh?.remove();
    }, 60_000);

    it('60 concurrent wrong TOTP codes with the right password for one email: at most 5 are judged (401), the rest 423', async () => {
      // The keys the servers derive from PORTAL_SECRET (TEST_SECRET).
      const keys = testKeys();
      const email = `burst-${dialect.toLowerCase()}@studio.example`;
      const made = await createStaff(
        database.db,
        keys.totpKey,
        { email, name: 'Burst', role: 'editor', password: PASSWORD },
        new Date(),
      );
      if (!made.ok) throw new Error(made.problem);
      const secret = secretOf(made.otpauthUri);
      const now = Date.now();
      const valid = new Set(
        [-3, -2, -1, 0, 1, 2, 3].map((k) => totpCode(secret, new Date(now + k * 30_000))),
      );
      const codes: string[] = [];
      for (let n = 100_000; codes.length < 60; n += 7919) {
        const code = String(n % 1_000_000).padStart(6, '0');
        if (!valid.has(code)) codes.push(code);
      }
      const answers = await Promise.all(
        codes.map(async (code, i) => {
          const res = await fetch(`${servers[i % 2]!.url}/studio/api/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD, code }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      const counts = tally(answers);
      expect(Object.keys(counts).filter((status) => !['401', '423'].includes(status))).toEqual([]);
      expect(counts[401] ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
      expect((counts[401] ?? 0) + (counts[423] ?? 0)).toBe(60);
      // The right code is refused too while the lock holds, on either process.
      const right = await fetch(`${servers[1]!.url}/studio/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, code: totpCode(secret, new Date()) }),
      });
      expect(right.status).toBe(423);
    });

    /** How the servers judged sign-ins: `identity not verified` lines by reason. */
    const verdicts = () => {
      const reasons: Record<string, number> = {};
      for (const line of servers.flatMap((server) => server.logs)) {
        // The start-up line is text; the log entries are JSON.
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; reason?: string };
        if (entry.msg !== 'identity not verified') continue;
        const reason = entry.reason ?? '';
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
      return reasons;
    };

    it('60 concurrent wrong factors for one debtor from 60 addresses: at most 5 are judged, the rest refused as failures', async () => {
      // Maria Garcia of the demo data: her birth date right, 60 wrong SSNs, 60 addresses.
      const maria = { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' };
      const before = verdicts();
      const answers = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const res = await call(servers[i % 2]!, '/api/Authorization/VerifyIdentity', {
            body: identityBody(maria, String(5000 + i)),
            ip: `198.51.100.${i + 1}`,
          });
          return res.status;
        }),
      );
      // A debtor's lock answers as a failure (a 403 would tell that her birth date matched).
      expect(tally(answers)).toEqual({ 404: 60 });
      // Her right factors are refused too while the lock holds, on either process.
      for (const server of servers) {
        const right = await call(server, '/api/Authorization/VerifyIdentity', {
          body: identityBody(maria),
          ip: '198.51.100.99',
        });
        expect(right.status).toBe(404);
      }
      // What the servers did (their logs, which reach this process a little later): at most 5
      // compared, the rest refused unjudged.
      const seen = () => {
        const after = verdicts();
        return {
          judged: (after.no_match ?? 0) - (before.no_match ?? 0),
          refused: (after.locked ?? 0) - (before.locked ?? 0),
        };
      };
      for (let wait = 0; wait < 100; wait += 1) {
        const { judged, refused } = seen();
        if (judged + refused >= 62) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { judged, refused } = seen();
      expect(judged).toBeGreaterThanOrEqual(1);
      expect(judged).toBeLessThanOrEqual(5);
      expect(judged + refused).toBe(62);
    });

    it('60 concurrent wrong factors from one address: at most 5 are judged (404), the rest 403', async () => {
      // John Smith of the demo data: his birth date right, 60 wrong SSNs, one address.
      const john = { lastName: 'Smith', ssn: '5678', dob: '1975-06-30' };
      const answers = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const res = await call(servers[i % 2]!, '/api/Authorization/VerifyIdentity', {
            body: identityBody(john, String(6000 + i)),
            ip: '203.0.113.9',
          });
          return res.status;
        }),
      );
      const counts = tally(answers);
      expect(Object.keys(counts).filter((status) => !['403', '404'].includes(status))).toEqual([]);
      expect(counts[404] ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts[404] ?? 0).toBeLessThanOrEqual(5);
      // The right factors from that address are refused with the lockout answer.
      const right = await call(servers[0]!, '/api/Authorization/VerifyIdentity', {
        body: identityBody(john),
        ip: '203.0.113.9',
      });
      expect(right.status).toBe(403);
    });
  });
}
