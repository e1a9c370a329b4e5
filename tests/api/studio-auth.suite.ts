/**
 * The staff studio's sign-in, sessions and audit log (issue 24, slice 1), tried as an attacker
 * would, against a real server whose clock the test moves (nothing sleeps):
 * - every studio route × {no session, a debtor's token, each staff role, a disabled staff
 *   member} answers what the role table says, and nothing else;
 * - CSRF: a missing or wrong X-CSRF-Token, another session's token, or a foreign Origin is 403;
 * - lockout after 5 failures (the right password is then refused until it ends), TOTP codes
 *   wrong, expired or replayed, the idle and absolute session limits, sign-out;
 * - a studio cookie opens nothing of the debtor API, which keeps working;
 * - the audit log records every action, filters, exports CSV safely (quoting, no formulas), and
 *   cannot be changed: no route, and the database refuses UPDATE and DELETE.
 * Studio calls go through the studio's own fetch helper (studio-fixtures.ts), not the harness's
 * `call()`, whose answers the contract suite checks against the OpenAPI document of /api (which
 * has no studio routes).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/server/db/types';
import { totpCode } from '../../src/server/studio/totp';
import {
  call,
  freshIp,
  startServer,
  type DatabaseFactory,
  type RunningServer,
  type TokenPair,
} from './harness';
import { MARIA, clearLockout } from './debtor-fixtures';
import {
  MINUTE,
  PASSWORD,
  TestClock,
  studioClient,
  type Account,
  type Answer,
  type Session,
  type StudioCall,
} from './studio-fixtures';

export function studioAuthSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  // Every sign-in hashes a password with scrypt (about 128 MB and a few hundred ms, more on a
  // busy machine): the tests that sign in many times get more time than the default.
  describe(`staff studio sign-in and audit on ${dialect}`, { timeout: 120_000 }, () => {
    const clock = new TestClock();
    const tag = `${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    let server: RunningServer;
    const accounts = {} as Record<StaffRole | 'disabled' | 'lock' | 'code' | 'idle', Account>;

    const { studio, makeAccount, acceptInvitation, signInRaw, signIn } = studioClient(
      () => server,
      clock,
      tag,
    );

    const audit = async (query: string, session: Session) => {
      const res = await studio<
        {
          action: string;
          subject: string | null;
          staffId: number | null;
          detail: Record<string, unknown>;
        }[]
      >(`/audit?${query}`, { session });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      await clearLockout(server);
      for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
        accounts[role] = await makeAccount(role.replace('_', '-'), role);
      }
      for (const name of ['disabled', 'lock', 'code', 'idle'] as const) {
        accounts[name] = await makeAccount(name, 'editor');
      }
    });
    afterAll(async () => {
      await server?.close();
    });

    const ANY: StaffRole[] = ['editor', 'approver', 'client_manager', 'admin'];
    // Every studio route, with what a call needs to pass its own checks; `expect` is the answer
    // for a role allowed on it (past the guard) when it is not 200.
    const routes = (
      victimId: () => number,
    ): {
      method: string;
      path: string | (() => string);
      roles: StaffRole[];
      body?: () => unknown;
      expect?: number;
    }[] => [
      { method: 'GET', path: '/me', roles: ['editor', 'approver', 'client_manager', 'admin'] },
      { method: 'GET', path: '/staff', roles: ['admin'] },
      {
        method: 'POST',
        path: '/staff',
        roles: ['admin'],
        body: () => ({
          email: `made-${Math.random().toString(36).slice(2)}-${tag}@studio.example`,
          name: 'Made',
          role: 'editor',
        }),
      },
      // A member's own credentials: a body that fails validation is 400 past the guard.
      {
        method: 'POST',
        path: '/me/password',
        roles: ANY,
        body: () => ({ currentPassword: PASSWORD, code: '1', newPassword: PASSWORD }),
        expect: 400,
      },
      {
        method: 'POST',
        path: '/me/totp',
        roles: ANY,
        body: () => ({ password: PASSWORD, code: '1' }),
        expect: 400,
      },
      {
        method: 'POST',
        path: '/me/totp/confirm',
        roles: ANY,
        body: () => ({ code: '000000' }),
        // Nothing started: past the guard, 409.
        expect: 409,
      },
      {
        method: 'POST',
        path: () => `/staff/${victimId()}/invitation`,
        roles: ['admin'],
        body: () => ({}),
        // The victim has no invitation to answer (made with a password): past the guard, 409.
        expect: 409,
      },
      {
        method: 'POST',
        path: () => `/staff/${victimId()}/role`,
        roles: ['admin'],
        body: () => ({ role: 'client_manager' }),
      },
      { method: 'GET', path: '/staff/grants', roles: ['admin'] },
      {
        method: 'POST',
        path: '/staff/grants/2147483647/approve',
        roles: ['admin'],
        body: () => ({}),
        expect: 404,
      },
      {
        method: 'POST',
        path: '/staff/grants/2147483647/cancel',
        roles: ['admin'],
        body: () => ({}),
        expect: 404,
      },
      {
        method: 'POST',
        path: () => `/staff/${victimId()}/disable`,
        roles: ['admin'],
        body: () => ({}),
      },
      { method: 'GET', path: '/audit', roles: ['admin', 'approver'] },
      { method: 'GET', path: '/audit.csv', roles: ['admin', 'approver'] },
      {
        method: 'POST',
        path: '/sign-out',
        roles: ['editor', 'approver', 'client_manager', 'admin'],
        body: () => ({}),
      },
    ];

    const callRoute = (
      route: ReturnType<typeof routes>[number],
      options: StudioCall,
    ): Promise<Answer> =>
      studio(typeof route.path === 'function' ? route.path() : route.path, {
        method: route.method,
        ...(route.body ? { body: route.body() } : {}),
        ...options,
      });

    it('answers each studio route by the role table: 401 without a session or with a debtor token, 403 for a role without the right', async () => {
      const victim = await makeAccount(`victim`, 'editor');
      const table = routes(() => victim.id);
      const debtor = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', {
        body: MARIA,
      });
      expect(debtor.status, debtor.text).toBe(200);
      for (const route of table) {
        const label = `${route.method} ${String(route.path)}`;
        expect((await callRoute(route, {})).status, `${label} no session`).toBe(401);
        const withToken = await callRoute(route, { token: debtor.body.accessToken });
        expect(withToken.status, `${label} debtor token`).toBe(401);
      }
      for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
        // The sign-out route ends the session: it is called last (the table's last row).
        const session = await signIn(accounts[role]);
        for (const route of table) {
          const res = await callRoute(route, { session });
          const expected = route.roles.includes(role)
            ? route.path === '/sign-out'
              ? 204
              : route.path === '/staff' && route.method === 'POST'
                ? 201
                : (route.expect ?? 200)
            : 403;
          expect(res.status, `${role} ${route.method} ${String(route.path)}: ${res.text}`).toBe(
            expected,
          );
        }
      }
    });

    it('refuses a disabled staff member: every route 401 with a session opened before, and the sign-in 401', async () => {
      const session = await signIn(accounts.disabled);
      const admin = await signIn(accounts.admin);
      const disabled = await studio<{ disabledAt: string | null }>(
        `/staff/${accounts.disabled.id}/disable`,
        { method: 'POST', body: {}, session: admin },
      );
      expect(disabled.status, disabled.text).toBe(200);
      expect(disabled.body.disabledAt).toEqual(clock.now().toISOString());
      for (const route of routes(() => accounts.admin.id)) {
        expect((await callRoute(route, { session })).status, String(route.path)).toBe(401);
      }
      const again = await signInRaw(accounts.disabled);
      expect(again.status).toBe(401);
      // An admin cannot disable themselves (there must stay one who can sign in).
      const self = await studio(`/staff/${accounts.admin.id}/disable`, {
        method: 'POST',
        body: {},
        session: admin,
      });
      expect(self.status).toBe(409);
      const entries = await audit(`action=staff.disable&staffId=${accounts.admin.id}`, admin);
      expect(entries.map((e) => e.subject)).toContain(accounts.disabled.email);
    });

    it('sets the session cookie HttpOnly, SameSite=Strict, Path=/studio, Secure on https; answers a CSRF token, never the session id in the body', async () => {
      const res = await signInRaw(accounts.editor);
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('studio_session=')) ?? '';
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Strict/i);
      expect(cookie).toMatch(/; Path=\/studio(;|$)/);
      expect(cookie).not.toMatch(/; Secure/i);
      const id = cookie.split(';')[0]?.split('=')[1] ?? '';
      expect(Buffer.from(id, 'base64url')).toHaveLength(32);
      expect(res.text).not.toContain(id);
      expect(res.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.staff).toEqual({
        id: accounts.editor.id,
        email: accounts.editor.email,
        name: 'editor',
        role: 'editor',
      });
      // The database keeps only hashes.
      const stored = await server.database.db.selectFrom('staff_sessions').selectAll().execute();
      expect(stored.some((row) => row.id_hash === id || row.csrf_hash === res.body.csrfToken)).toBe(
        false,
      );
      clock.advance(31_000);
      const https = await studio('/sign-in', {
        body: {
          email: accounts.editor.email,
          password: PASSWORD,
          code: totpCode(accounts.editor.secret, clock.now()),
        },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.status).toBe(200);
      expect(https.headers.getSetCookie().join('\n')).toMatch(/studio_session=[^;]+;.*; Secure/i);
      // The logs hold no password, code, CSRF token or session id.
      const logs = server.logs.text();
      expect(logs).not.toContain(PASSWORD);
      expect(logs).not.toContain(id);
      expect(logs).not.toContain(res.body.csrfToken);
    });

    it('refuses a state-changing call without the CSRF token, with a wrong one, with another session’s, or from a foreign Origin (403)', async () => {
      const admin = await signIn(accounts.admin);
      const other = await signIn(accounts.editor);
      const body = () => ({
        email: `csrf-${Math.random().toString(36).slice(2)}-${tag}@studio.example`,
        name: 'Csrf',
        role: 'editor',
      });
      const cases: [string, StudioCall][] = [
        ['no token', { csrf: false, session: { cookie: admin.cookie, csrf: '' } }],
        ['wrong token', { session: admin, csrf: 'x'.repeat(43) }],
        ['another session’s token', { session: admin, csrf: other.csrf }],
        ['foreign origin', { session: admin, origin: 'https://evil.example' }],
        ['null origin', { session: admin, origin: 'null' }],
      ];
      for (const [label, options] of cases) {
        const res = await studio('/staff', { body: body(), ...options });
        expect(res.status, label).toBe(403);
        expect(res.body, label).toEqual({ message: expect.any(String) });
      }
      for (const [label, options] of cases) {
        const res = await studio('/sign-out', { body: {}, ...options });
        expect(res.status, `sign-out ${label}`).toBe(403);
      }
      // A foreign Origin is refused on the sign-in too (no sign-in forged from another site).
      clock.advance(31_000);
      const forged = await studio('/sign-in', {
        body: {
          email: accounts.editor.email,
          password: PASSWORD,
          code: totpCode(accounts.editor.secret, clock.now()),
        },
        origin: 'https://evil.example',
      });
      expect(forged.status).toBe(403);
      const ok = await studio('/staff', { body: body(), session: admin, origin: server.url });
      expect(ok.status, ok.text).toBe(201);
      // The admin session still works: refusals end nothing.
      expect((await studio('/me', { session: admin })).status).toBe(200);
    });

    it('answers the same 401 for an unknown email, a wrong password and a wrong, expired or replayed code', async () => {
      const account = accounts.code;
      const unknown = await studio('/sign-in', {
        body: { email: `nobody-${tag}@studio.example`, password: PASSWORD, code: '123456' },
      });
      const password = await signInRaw(account, { password: `${PASSWORD}x` });
      const wrong = await signInRaw(account, {
        code: String((Number(totpCode(account.secret, clock.now())) + 1) % 1_000_000).padStart(
          6,
          '0',
        ),
      });
      const expired = await signInRaw(account, {
        code: totpCode(account.secret, new Date(clock.now().getTime() - 95_000)),
      });
      for (const res of [unknown, password, wrong, expired]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(unknown.body);
      }
      // One step back is still accepted (clock drift), once.
      clock.advance(31_000);
      const previous = totpCode(account.secret, new Date(clock.now().getTime() - 30_000));
      const drift = await studio('/sign-in', {
        body: { email: account.email, password: PASSWORD, code: previous },
      });
      expect(drift.status, drift.text).toBe(200);
      const replay = await studio('/sign-in', {
        body: { email: account.email, password: PASSWORD, code: previous },
      });
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual(unknown.body);
    });

    it('locks an email after 5 failures for 15 minutes: the right password and code are refused until it ends', async () => {
      const account = accounts.lock;
      for (let i = 0; i < 5; i += 1) {
        expect((await signInRaw(account, { password: 'Wrong password 1' })).status).toBe(401);
      }
      const locked = await signInRaw(account);
      expect(locked.status).toBe(423);
      // Each sign-in moves the clock 31 s: this one is 14 minutes 2 seconds into the lock.
      clock.advance(13 * MINUTE);
      expect((await signInRaw(account)).status).toBe(423);
      clock.advance(MINUTE);
      const after = await signInRaw(account);
      expect(after.status, after.text).toBe(200);
      // An unknown email locks the same way: a lock does not tell that an account exists.
      const nobody = { ...account, email: `ghost-${tag}@studio.example` };
      for (let i = 0; i < 5; i += 1) expect((await signInRaw(nobody)).status).toBe(401);
      expect((await signInRaw(nobody)).status).toBe(423);

      const admin = await signIn(accounts.admin);
      const entries = await audit(`staffId=${account.id}`, admin);
      const actions = entries.map((e) => `${e.action}:${String(e.detail.reason ?? '')}`);
      expect(actions).toContain('sign-in.lockout:');
      expect(actions).toContain('sign-in.failure:locked');
      expect(actions).toContain('sign-in.failure:password');
      expect(actions).toContain('sign-in.success:');
    });

    it('limits sign-ins per client address (429 with Retry-After)', async () => {
      const limited = await startServer(makeDatabase, {
        now: clock.now,
        rateLimit: { signInPerAddress: 2 },
      });
      try {
        const ip = freshIp();
        const body = { email: `nobody-${tag}@studio.example`, password: 'x', code: '000000' };
        const answers: number[] = [];
        let retryAfter: string | null = null;
        for (let i = 0; i < 3; i += 1) {
          const res = await fetch(`${limited.url}/studio/api/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify(body),
          });
          answers.push(res.status);
          retryAfter = res.headers.get('retry-after');
        }
        expect(answers).toEqual([401, 401, 429]);
        expect(Number(retryAfter)).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    });

    it('gives a reloaded page its CSRF token again (GET /me): the one sign-in gave, that session’s only', async () => {
      const session = await signIn(accounts.admin);
      const other = await signIn(accounts.admin);
      const me = await studio<{ csrfToken: string; role: string }>('/me', {
        session: { cookie: session.cookie, csrf: '' },
      });
      expect(me.status, me.text).toBe(200);
      expect(me.body.role).toBe('admin');
      expect(me.body.csrfToken).toBe(session.csrf);
      expect(me.body.csrfToken).not.toBe(other.csrf);
      // The token from /me opens a state change of its own session, not of another.
      const withIt = { cookie: session.cookie, csrf: me.body.csrfToken };
      const created = await studio('/staff', {
        session: withIt,
        body: {
          email: `reload-${tag}@studio.example`,
          name: 'Reload',
          role: 'editor',
        },
      });
      expect(created.status, created.text).toBe(201);
      const crossed = await studio('/sign-out', {
        body: {},
        session: { cookie: other.cookie, csrf: me.body.csrfToken },
      });
      expect(crossed.status).toBe(403);
    });

    it('ends the session on sign-out: the cookie opens nothing afterwards', async () => {
      const session = await signIn(accounts.approver);
      expect((await studio('/me', { session })).status).toBe(200);
      const out = await studio('/sign-out', { body: {}, session });
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie().join('\n')).toMatch(/studio_session=;/);
      expect((await studio('/me', { session })).status).toBe(401);
      expect((await studio('/audit', { session })).status).toBe(401);
    });

    it('keeps the studio and the debtor API apart: a studio cookie opens no /api call, and the debtor API works as before', async () => {
      const session = await signIn(accounts.admin);
      const withCookie = await call(server, '/api/Account/ListOverview', {
        headers: { cookie: session.cookie },
      });
      expect(withCookie.status).toBe(401);
      const debtor = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', {
        body: MARIA,
      });
      expect(debtor.status).toBe(200);
      const overview = await call(server, '/api/Account/ListOverview', {
        token: debtor.body.accessToken,
        headers: { cookie: session.cookie },
      });
      expect(overview.status).toBe(200);
    });

    it('validates every body and query: bad input is 400, never 5xx', async () => {
      const admin = await signIn(accounts.admin);
      const cases: [string, StudioCall][] = [
        ['/sign-in', { body: {} }],
        ['/sign-in', { body: { email: 'not an email', password: 'x', code: '123456' } }],
        ['/sign-in', { body: { email: 'a@b.example', password: 'x', code: '12345' } }],
        ['/sign-in', { body: { email: 'a@b.example', password: 'x', code: '123456', role: 1 } }],
        ['/sign-in', { body: { email: 'a@b.example', password: 'x'.repeat(201), code: '123456' } }],
        ['/staff', { session: admin, body: { email: 'a@b.example', name: 'A', role: 'root' } }],
        ['/staff', { session: admin, body: { email: 'a@b.example', name: ' ', role: 'editor' } }],
        [
          // An admin cannot choose a member's password (issue 39): the field is refused.
          '/staff',
          {
            session: admin,
            body: {
              email: `weak-${tag}@studio.example`,
              name: 'W',
              role: 'editor',
              password: PASSWORD,
            },
          },
        ],
        ['/staff/1/role', { session: admin, body: { role: 'root' } }],
        ['/staff/grants/abc/approve', { session: admin, body: {} }],
        ['/invitation', { body: {} }],
        ['/invitation', { body: { token: 'short' } }],
        ['/invitation/password', { body: { token: 'x'.repeat(43) } }],
        ['/invitation/confirm', { body: { token: 'x'.repeat(43), code: 'abcdef' } }],
        [
          '/me/password',
          { session: admin, body: { currentPassword: PASSWORD, code: '123456', newPassword: '' } },
        ],
        ['/me/totp/confirm', { session: admin, body: { code: '12345' } }],
        ['/staff/abc/disable', { session: admin, body: {} }],
        ['/staff/0/disable', { session: admin, body: {} }],
        ['/audit?staffId=abc', { session: admin }],
        ['/audit?from=yesterday', { session: admin }],
        ['/audit?to=2026-02-30T99:00:00Z', { session: admin }],
        ['/audit?limit=100000', { session: admin }],
        ['/audit?unknown=1', { session: admin }],
        ['/audit.csv?action=DROP%20TABLE', { session: admin }],
      ];
      for (const [path, options] of cases) {
        const res = await studio(path, options);
        expect(res.status, `${path} ${JSON.stringify(options.body ?? '')}: ${res.text}`).toBe(400);
        expect(res.body).toMatchObject({ message: expect.any(String) });
      }
      const taken = await studio('/staff', {
        session: admin,
        body: {
          email: accounts.editor.email.toUpperCase(),
          name: 'E',
          role: 'editor',
        },
      });
      expect(taken.status).toBe(409);
      const missing = await studio('/staff/2147483647/disable', { session: admin, body: {} });
      expect(missing.status).toBe(404);
    });

    it('records every action in the audit log, filters it and exports CSV that is quoted and formula-safe', async () => {
      const admin = await signIn(accounts.admin);
      const from = clock.now().toISOString();
      const made = await studio<{
        staff: { id: number; email: string };
        invitation: { url: string };
      }>('/staff', {
        session: admin,
        body: {
          email: `=cmd-${tag}@studio.example`,
          name: 'Eve, "the" =HYPERLINK("x")',
          role: 'editor',
        },
      });
      expect(made.status, made.text).toBe(201);
      // A sign-in attempt with an email that is a formula.
      const attempt = await studio('/sign-in', {
        body: { email: `+1+cmd-${tag}@evil.example`, password: PASSWORD, code: '000000' },
      });
      expect(attempt.status).toBe(401);
      // The new member sets their own password and TOTP with the invitation, then signs in.
      const approver = await acceptInvitation(made.body.invitation.url, 'editor');
      expect(approver.id).toBe(made.body.staff.id);
      await signIn(approver);

      const created = await audit(`action=staff.create&from=${encodeURIComponent(from)}`, admin);
      expect(created).toEqual([
        expect.objectContaining({
          action: 'staff.create',
          staffId: accounts.admin.id,
          subject: approver.email,
          detail: { id: approver.id, name: 'Eve, "the" =HYPERLINK("x")', role: 'editor' },
        }),
      ]);
      const mine = await audit(`staffId=${approver.id}`, admin);
      expect(mine.map((e) => e.action).sort()).toEqual([
        'sign-in.success',
        'staff.invitation.accept',
      ]);
      expect(
        await audit(`action=staff.create&to=${from.slice(0, 10)}&from=2000-01-01`, admin),
      ).toEqual(expect.arrayContaining(created));
      expect(await audit('action=staff.create&to=2000-01-01', admin)).toEqual([]);

      const csv = await studio(`/audit.csv?from=${encodeURIComponent(from)}`, { session: admin });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.headers.get('content-disposition')).toMatch(/attachment/);
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,at,staffId,staffEmail,action,subject,detail,ip');
      const createdLine = lines.find((line) => line.includes(',staff.create,')) ?? '';
      expect(createdLine).toContain(`,'=cmd-${tag}@studio.example,`);
      expect(createdLine).toContain(
        `"{""id"":${approver.id},""name"":""Eve, \\""the\\"" =HYPERLINK(\\""x\\"")"",""role"":""editor""}"`,
      );
      const attemptLine = lines.find((line) => line.includes('evil.example')) ?? '';
      expect(attemptLine).toContain(`,'+1+cmd-${tag}@evil.example,`);
      // No cell of any line starts a formula.
      for (const line of lines) {
        for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/);
      }
      // An approver may read the audit log too.
      const approverSession = await signIn(accounts.approver);
      expect((await studio('/audit.csv', { session: approverSession })).status).toBe(200);
    });

    it('keeps the audit log append-only: no route changes it (404) and the database refuses UPDATE and DELETE', async () => {
      const admin = await signIn(accounts.admin);
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        for (const path of ['/audit', '/audit/1', '/audit.csv']) {
          const res = await studio(path, { method, session: admin, body: {} });
          expect(res.status, `${method} ${path}`).toBe(404);
        }
      }
      const db = server.database.db;
      const before = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      await expect(db.updateTable('audit_log').set({ action: 'forged' }).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      if (dialect === 'PostgreSQL') {
        await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
      }
      const after = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('ends a session after the idle limit, and at the absolute limit however active', async () => {
      const idle = await signIn(accounts.idle);
      clock.advance(15 * MINUTE + 1000);
      expect((await studio('/me', { session: idle })).status).toBe(401);

      const active = await signIn(accounts.idle);
      const started = clock.now().getTime();
      // A call every 10 minutes keeps it alive until 12 hours after sign-in.
      while (clock.now().getTime() + 10 * MINUTE < started + 12 * 60 * MINUTE) {
        clock.advance(10 * MINUTE);
        expect((await studio('/me', { session: active })).status).toBe(200);
      }
      clock.advance(started + 12 * 60 * MINUTE - clock.now().getTime());
      expect((await studio('/me', { session: active })).status).toBe(401);
    });
  });
}
