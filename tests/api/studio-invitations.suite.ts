/**
 * Four eyes per person (issue 39, item 4), against a real server whose clock the test moves:
 * - an admin adds a member without a password: the answer is a one-time invitation link, never a
 *   password, TOTP secret or otpauth URI; the member sets their own password and enrols their own
 *   TOTP with it (confirmed by a code), once; the link ends after 24 hours, when a new one is
 *   issued, or when the member is disabled; an unknown token is refused;
 * - the approver and admin roles wait for a second admin: the admin who asked cannot approve
 *   them (403), the member has no role (a new member) or keeps the lesser one until then;
 * - a member changes their own password and re-enrols their TOTP (password and a current code,
 *   then a code from the new secret).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/server/studio/totp';
import { startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  MINUTE,
  PASSWORD,
  TestClock,
  secretOf,
  studioClient,
  tokenOf,
  type Account,
  type Session,
} from './studio-fixtures';

interface Made {
  staff: {
    id: number;
    email: string;
    role: string;
    roleGranted: boolean;
    pendingRole: string | null;
    status: string;
  };
  invitation: { url: string; expiresAt: string };
}

const NEW_PASSWORD = 'Another pass 2027?';

export function studioInvitationsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(
    `studio invitations and four eyes per person on ${dialect}`,
    { timeout: 180_000 },
    () => {
      const clock = new TestClock();
      const tag = `invite-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
      let server: RunningServer;
      const { studio, makeAccount, acceptInvitation, signInRaw, signIn } = studioClient(
        () => server,
        clock,
        tag,
      );
      let adminA: Account;
      let adminB: Account;
      let a: Session;
      let b: Session;
      let counter = 0;

      const invite = async (session: Session, role: string) => {
        counter += 1;
        const res = await studio<Made>('/staff', {
          session,
          body: {
            email: `member-${counter}-${tag}@studio.example`,
            name: `Member ${counter}`,
            role,
          },
        });
        expect(res.status, res.text).toBe(201);
        return res;
      };

      beforeAll(async () => {
        server = await startServer(makeDatabase, { now: clock.now });
        adminA = await makeAccount('admin-a', 'admin');
        adminB = await makeAccount('admin-b', 'admin');
        a = await signIn(adminA);
        b = await signIn(adminB);
      });
      afterAll(async () => {
        await server?.close();
      });

      it('answers the admin an invitation link, never a password, TOTP secret or otpauth URI; the member sets both, once', async () => {
        const made = await invite(a, 'editor');
        expect(Object.keys(made.body).sort()).toEqual(['invitation', 'staff']);
        expect(made.text).not.toMatch(/otpauth|secret|password/i);
        expect(made.body.staff).toMatchObject({
          role: 'editor',
          roleGranted: true,
          status: 'invited',
        });
        const { url, expiresAt } = made.body.invitation;
        expect(url).toMatch(/^http:\/\/[^/]+\/studio\/join#[A-Za-z0-9_-]{43}$/);
        expect(Date.parse(expiresAt) - clock.now().getTime()).toBe(24 * 60 * MINUTE);
        const token = tokenOf(url);
        // The database keeps only the token's hash.
        const rows = await server.database.db.selectFrom('staff_invitations').selectAll().execute();
        expect(JSON.stringify(rows)).not.toContain(token);
        const email = made.body.staff.email;
        // Before the member accepts, nobody signs in (no password verifies).
        const before = await studio('/sign-in', {
          body: { email, password: 'invited', code: '000000' },
        });
        expect(before.status).toBe(401);

        const about = await studio<Record<string, unknown>>('/invitation', { body: { token } });
        expect(about.status, about.text).toBe(200);
        expect(about.body).toMatchObject({ email, role: 'editor', passwordSet: false });
        // A code before a password: 409; a weak password: 400.
        expect(
          (await studio('/invitation/confirm', { body: { token, code: '123456' } })).status,
        ).toBe(409);
        const weak = await studio('/invitation/password', {
          body: { token, password: 'alllowercaseletters' },
        });
        expect(weak.status).toBe(400);
        const set = await studio<{ otpauthUri: string; secret: string }>('/invitation/password', {
          body: { token, password: PASSWORD },
        });
        expect(set.status, set.text).toBe(200);
        expect(set.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
        const secret = secretOf(set.body.otpauthUri);
        expect(secret).toBe(set.body.secret);
        // A wrong code does not activate the account.
        const wrongCode = String((Number(totpCode(secret, clock.now())) + 1) % 1_000_000).padStart(
          6,
          '0',
        );
        const wrong = await studio('/invitation/confirm', { body: { token, code: wrongCode } });
        expect(wrong.status).toBe(400);
        const ok = await studio('/invitation/confirm', {
          body: { token, code: totpCode(secret, clock.now()) },
        });
        expect(ok.status, ok.text).toBe(200);
        const member = { id: made.body.staff.id, email, secret, role: 'editor' as const };
        const session = await signIn(member);
        const me = await studio<{ role: string }>('/me', { session });
        expect(me.body.role).toBe('editor');
        // Used: every invitation route answers 410 with a message.
        for (const [path, body] of [
          ['/invitation', { token }],
          ['/invitation/password', { token, password: NEW_PASSWORD }],
          ['/invitation/confirm', { token, code: totpCode(secret, clock.now()) }],
        ] as const) {
          const again = await studio<{ message: string }>(path, { body });
          expect(again.status, path).toBe(410);
          expect(again.body.message).toMatch(/already been used/);
        }
        const list = await studio<Made['staff'][]>('/staff', { session: a });
        expect(list.body.find((row) => row.id === member.id)?.status).toBe('active');
        // The logs hold neither the token nor the password.
        expect(server.logs.text()).not.toContain(token);
        expect(server.logs.text()).not.toContain(PASSWORD);
      });

      it('ends an invitation after 24 hours, when a new link is issued, or when the member is disabled; refuses an unknown token', async () => {
        const expired = await invite(a, 'client_manager');
        clock.advance(24 * 60 * MINUTE);
        const late = await studio<{ message: string }>('/invitation', {
          body: { token: tokenOf(expired.body.invitation.url) },
        });
        expect(late.status).toBe(410);
        expect(late.body.message).toMatch(/expired/);
        // A new link for the same member works; the old one is withdrawn.
        const reissued = await studio<Made>(`/staff/${expired.body.staff.id}/invitation`, {
          session: await signIn(adminA),
          body: {},
        });
        expect(reissued.status, reissued.text).toBe(200);
        const fresh = tokenOf(reissued.body.invitation.url);
        expect((await studio('/invitation', { body: { token: fresh } })).status).toBe(200);
        const older = await invite(await signIn(adminA), 'editor');
        const again = await studio<Made>(`/staff/${older.body.staff.id}/invitation`, {
          session: await signIn(adminA),
          body: {},
        });
        expect(again.status).toBe(200);
        const withdrawn = await studio<{ message: string }>('/invitation', {
          body: { token: tokenOf(older.body.invitation.url) },
        });
        expect(withdrawn.status).toBe(410);
        expect(withdrawn.body.message).toMatch(/withdrawn/);
        const member = await acceptInvitation(reissued.body.invitation.url, 'client_manager');
        expect((await signInRaw(member)).status).toBe(200);
        // An active member has no invitation to send.
        const admin = await signIn(adminA);
        expect(
          (await studio(`/staff/${member.id}/invitation`, { session: admin, body: {} })).status,
        ).toBe(409);
        // A disabled member's invitation is withdrawn.
        const gone = await invite(admin, 'editor');
        expect(
          (await studio(`/staff/${gone.body.staff.id}/disable`, { session: admin, body: {} }))
            .status,
        ).toBe(200);
        const disabled = await studio('/invitation', {
          body: { token: tokenOf(gone.body.invitation.url) },
        });
        expect(disabled.status).toBe(410);
        // An unknown token: 404 with a message.
        const unknown = await studio<{ message: string }>('/invitation/password', {
          body: { token: 'A'.repeat(43), password: PASSWORD },
        });
        expect(unknown.status).toBe(404);
        expect(unknown.body.message).toEqual(expect.any(String));
      });

      it('keeps a new approver or admin without a role until a second admin approves; the admin who asked cannot (403)', async () => {
        a = await signIn(adminA);
        b = await signIn(adminB);
        const made = await invite(a, 'approver');
        expect(made.body.staff).toMatchObject({
          role: 'approver',
          roleGranted: false,
          pendingRole: 'approver',
        });
        const member = await acceptInvitation(made.body.invitation.url, 'approver');
        // The member has no role yet: the right password and code open no session, and say why.
        const early = await signInRaw(member);
        expect(early.status).toBe(403);
        expect(early.headers.getSetCookie()).toEqual([]);
        expect((early.body as unknown as { message: string }).message).toMatch(
          /waiting for another admin's approval/,
        );
        const grants = await studio<{ id: number; staff: { id: number }; role: string }[]>(
          '/staff/grants',
          { session: a },
        );
        const grant = grants.body.find((row) => row.staff.id === member.id);
        expect(grant).toMatchObject({ role: 'approver', requestedBy: { id: adminA.id } });
        const own = await studio<{ message: string }>(`/staff/grants/${grant?.id}/approve`, {
          session: a,
          body: {},
        });
        expect(own.status).toBe(403);
        expect(own.body.message).toMatch(/Another admin/);
        const approved = await studio<Made['staff']>(`/staff/grants/${grant?.id}/approve`, {
          session: b,
          body: {},
        });
        expect(approved.status, approved.text).toBe(200);
        expect(approved.body).toMatchObject({
          role: 'approver',
          roleGranted: true,
          pendingRole: null,
        });
        const session = await signIn(member);
        expect((await studio<{ role: string }>('/me', { session })).body.role).toBe('approver');
        expect((await studio('/audit', { session })).status).toBe(200);
        // Approved once: not again.
        expect(
          (await studio(`/staff/grants/${grant?.id}/approve`, { session: b, body: {} })).status,
        ).toBe(409);
      });

      it('keeps an editor an editor while the admin role they were given waits; a second admin approves it; nobody changes their own role', async () => {
        a = await signIn(adminA);
        b = await signIn(adminB);
        const editor = await makeAccount('promoted', 'editor');
        const asked = await studio<Made['staff']>(`/staff/${editor.id}/role`, {
          session: a,
          body: { role: 'admin' },
        });
        expect(asked.status, asked.text).toBe(200);
        expect(asked.body).toMatchObject({
          role: 'editor',
          roleGranted: true,
          pendingRole: 'admin',
        });
        const session = await signIn(editor);
        expect((await studio<{ role: string }>('/me', { session })).body.role).toBe('editor');
        expect((await studio('/staff', { session })).status).toBe(403);
        const grants = await studio<{ id: number; staff: { id: number } }[]>('/staff/grants', {
          session: b,
        });
        const grant = grants.body.find((row) => row.staff.id === editor.id);
        // The member cannot approve it either (not an admin yet: 403 by the role table).
        expect(
          (await studio(`/staff/grants/${grant?.id}/approve`, { session, body: {} })).status,
        ).toBe(403);
        expect(
          (await studio(`/staff/grants/${grant?.id}/approve`, { session: a, body: {} })).status,
        ).toBe(403);
        const ok = await studio(`/staff/grants/${grant?.id}/approve`, { session: b, body: {} });
        expect(ok.status, ok.text).toBe(200);
        expect((await studio('/staff', { session })).status).toBe(200);
        // An admin does not change their own role, and a lesser role is given at once.
        expect(
          (await studio(`/staff/${adminA.id}/role`, { session: a, body: { role: 'editor' } }))
            .status,
        ).toBe(409);
        const lesser = await studio<Made['staff']>(`/staff/${editor.id}/role`, {
          session: b,
          body: { role: 'client_manager' },
        });
        expect(lesser.body).toMatchObject({ role: 'client_manager', pendingRole: null });
        // A request cancelled is not approved afterwards.
        const again = await studio(`/staff/${editor.id}/role`, {
          session: a,
          body: { role: 'approver' },
        });
        expect(again.status).toBe(200);
        const pending = await studio<{ id: number; staff: { id: number } }[]>('/staff/grants', {
          session: b,
        });
        const second = pending.body.find((row) => row.staff.id === editor.id);
        expect(
          (await studio(`/staff/grants/${second?.id}/cancel`, { session: a, body: {} })).status,
        ).toBe(200);
        expect(
          (await studio(`/staff/grants/${second?.id}/approve`, { session: b, body: {} })).status,
        ).toBe(409);
        const audit = await studio<{ action: string }[]>(
          `/audit?staffId=${adminB.id}&action=staff.role.approve`,
          { session: b },
        );
        expect(audit.body.length).toBeGreaterThan(0);
      });

      it('lets a member change their own password (current password and code) and re-enrol their TOTP (confirmed by a code from the new secret)', async () => {
        const member = await makeAccount('self', 'editor');
        const session = await signIn(member);
        const change = (body: Record<string, string>) => studio('/me/password', { session, body });
        clock.advance(31_000);
        expect(
          (
            await change({
              currentPassword: 'Wrong pass 2026!',
              code: totpCode(member.secret, clock.now()),
              newPassword: NEW_PASSWORD,
            })
          ).status,
        ).toBe(403);
        clock.advance(31_000);
        expect(
          (
            await change({
              currentPassword: PASSWORD,
              code: totpCode(member.secret, clock.now()),
              newPassword: 'short',
            })
          ).status,
        ).toBe(400);
        clock.advance(31_000);
        const changed = await change({
          currentPassword: PASSWORD,
          code: totpCode(member.secret, clock.now()),
          newPassword: NEW_PASSWORD,
        });
        expect(changed.status, changed.text).toBe(204);
        expect((await signInRaw(member)).status).toBe(401);
        expect((await signInRaw(member, { password: NEW_PASSWORD })).status).toBe(200);

        // TOTP: nothing to confirm before a start; a wrong code is refused.
        expect(
          (await studio('/me/totp/confirm', { session, body: { code: '123456' } })).status,
        ).toBe(409);
        clock.advance(31_000);
        expect(
          (
            await studio('/me/totp', {
              session,
              body: { password: PASSWORD, code: totpCode(member.secret, clock.now()) },
            })
          ).status,
        ).toBe(403);
        clock.advance(31_000);
        const started = await studio<{ otpauthUri: string; secret: string }>('/me/totp', {
          session,
          body: { password: NEW_PASSWORD, code: totpCode(member.secret, clock.now()) },
        });
        expect(started.status, started.text).toBe(200);
        const fresh = secretOf(started.body.otpauthUri);
        expect(fresh).not.toBe(member.secret);
        // Until confirmed, the old secret still signs in.
        expect((await signInRaw(member, { password: NEW_PASSWORD })).status).toBe(200);
        clock.advance(31_000);
        const oldCode = await studio('/me/totp/confirm', {
          session,
          body: { code: totpCode(member.secret, clock.now()) },
        });
        expect(oldCode.status).toBe(400);
        const confirmed = await studio('/me/totp/confirm', {
          session,
          body: { code: totpCode(fresh, clock.now()) },
        });
        expect(confirmed.status, confirmed.text).toBe(200);
        expect((await signInRaw(member, { password: NEW_PASSWORD })).status).toBe(401);
        const renewed = { ...member, secret: fresh };
        expect((await signInRaw(renewed, { password: NEW_PASSWORD })).status).toBe(200);
        const audit = await studio<{ action: string }[]>(`/audit?staffId=${member.id}`, {
          session: await signIn(adminA),
        });
        expect(audit.body.map((row) => row.action)).toEqual(
          expect.arrayContaining(['staff.password.change', 'staff.totp.change']),
        );
      });

      it("counts a wrong current password in the member's sign-in lockout: after 5, both the change and the sign-in are locked (423)", async () => {
        const member = await makeAccount('guessed', 'editor');
        const session = await signIn(member);
        for (let i = 0; i < 5; i += 1) {
          clock.advance(31_000);
          const wrong = await studio('/me/password', {
            session,
            body: {
              currentPassword: `Guess number ${i} 2026!`,
              code: totpCode(member.secret, clock.now()),
              newPassword: NEW_PASSWORD,
            },
          });
          expect(wrong.status).toBe(403);
        }
        clock.advance(31_000);
        // The right password and code now: refused, without judging them.
        const locked = await studio('/me/password', {
          session,
          body: {
            currentPassword: PASSWORD,
            code: totpCode(member.secret, clock.now()),
            newPassword: NEW_PASSWORD,
          },
        });
        expect(locked.status).toBe(423);
        clock.advance(31_000);
        expect(
          (
            await studio('/me/totp', {
              session,
              body: { password: PASSWORD, code: totpCode(member.secret, clock.now()) },
            })
          ).status,
        ).toBe(423);
        clock.advance(31_000);
        expect((await signInRaw(member)).status).toBe(423);
        // The lock ends after 15 minutes; the unchanged password signs in again.
        clock.advance(15 * 60_000);
        expect((await signInRaw(member)).status).toBe(200);
      });
    },
  );
}
