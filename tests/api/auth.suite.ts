/**
 * Sessions: refresh rotation with reuse detection, logout revocation, sessions holding several
 * debtors (v2), and Authorization/register (the registration confirmation PDF).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  decodeJwt,
  startServer,
  type DatabaseFactory,
  type RunningServer,
  type TokenPair,
} from './harness';
import {
  FAMILIES,
  JOHN,
  MARIA,
  ANNA,
  letterSignIn,
  pdfLines,
  signIn,
  type ErrorBody,
  clearLockout,
} from './debtor-fixtures';

export function authSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`sessions on ${dialect}`, () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    const refresh = (refreshToken: string, family = '/api') =>
      call<TokenPair & ErrorBody>(server, `${family}/Authorization/Refresh`, {
        body: { refreshToken },
      });
    const overview = (token: string) => call(server, '/api/Account/ListOverview', { token });

    it('rotates refresh tokens: each works once and the new pair keeps the session', async () => {
      for (const family of FAMILIES) {
        const first = await signIn(server, MARIA);
        const second = await refresh(first.refreshToken, family);
        expect(second.status, second.text).toBe(200);
        expect(second.body.refreshToken).not.toBe(first.refreshToken);
        expect(decodeJwt(second.body.accessToken).sid).toBe(decodeJwt(first.accessToken).sid);
        expect(decodeJwt(second.body.accessToken).sub).toBe(decodeJwt(first.accessToken).sub);
        expect((await overview(second.body.accessToken)).status).toBe(200);
        const third = await refresh(second.body.refreshToken, family);
        expect(third.status).toBe(200);
        expect((await overview(third.body.accessToken)).status).toBe(200);
      }
    });

    it('detects reuse of a used refresh token and revokes the whole session (401)', async () => {
      const first = await signIn(server, MARIA);
      const second = await refresh(first.refreshToken);
      expect(second.status).toBe(200);
      // The first token again: theft. Everything of the session stops working.
      const reused = await refresh(first.refreshToken);
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe('Your session has ended. Please sign in again.');
      expect((await refresh(second.body.refreshToken)).status).toBe(401);
      expect((await overview(second.body.accessToken)).status).toBe(401);
      expect((await overview(first.accessToken)).status).toBe(401);
      const sid = String(decodeJwt(first.accessToken).sid);
      const rows = await server.database.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('family', '=', sid)
        .execute();
      expect(rows.length).toBe(2);
      expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
      const revoked = await server.database.db
        .selectFrom('revoked_sessions')
        .selectAll()
        .where('sid', '=', sid)
        .executeTakeFirst();
      expect(revoked?.reason).toBe('refresh_reuse');
      // Other sessions are untouched.
      const other = await signIn(server, MARIA);
      expect((await overview(other.accessToken)).status).toBe(200);
    });

    it('lets only one of two concurrent refreshes with the same token win', async () => {
      const first = await signIn(server, JOHN);
      const results = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 401]);
    });

    it('refuses refresh with an access token, garbage, or a missing body', async () => {
      const pair = await signIn(server, MARIA);
      expect((await refresh(pair.accessToken)).status).toBe(401);
      expect((await refresh('x'.repeat(40))).status).toBe(401);
      const missing = await call<ErrorBody>(server, '/api/Authorization/Refresh', { body: {} });
      expect(missing.status).toBe(400);
      // A refresh token is not an access token either.
      expect((await overview(pair.refreshToken)).status).toBe(401);
    });

    it('keeps a letter session a letter session after refresh', async () => {
      const letter = await letterSignIn(server);
      const next = await refresh(letter.refreshToken);
      expect(next.status).toBe(200);
      expect(decodeJwt(next.body.accessToken)).toMatchObject({
        role: 'letter',
        accountNumber: 'LU1.10001',
        letterId: 57,
      });
    });

    it('logs out: the session access tokens answer 401 and refresh fails', async () => {
      for (const family of FAMILIES) {
        const pair = await signIn(server, MARIA);
        const rotated = await refresh(pair.refreshToken);
        const out = await call(server, `${family}/Authorization/Logout`, {
          method: 'POST',
          token: pair.accessToken,
        });
        expect(out.status).toBe(204);
        expect(out.text).toBe('');
        expect((await overview(pair.accessToken)).status).toBe(401);
        expect((await overview(rotated.body.accessToken)).status).toBe(401);
        expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
        // Logging out twice is fine with the refresh token; without anything valid it is 401.
        const again = await call(server, `${family}/Authorization/Logout`, {
          body: { refreshToken: rotated.body.refreshToken },
        });
        expect(again.status).toBe(204);
        const nothing = await call(server, `${family}/Authorization/Logout`, { method: 'POST' });
        expect(nothing.status).toBe(401);
      }
    });

    it('logs out with the refresh token when the access token is gone', async () => {
      const pair = await signIn(server, JOHN);
      const out = await call(server, '/api/Authorization/Logout', {
        body: { refreshToken: pair.refreshToken },
      });
      expect(out.status).toBe(204);
      expect((await overview(pair.accessToken)).status).toBe(401);
    });

    it('sees a logout made by another server process on the same database', async () => {
      const other = await startServer(makeDatabase);
      try {
        const pair = await signIn(server, MARIA);
        expect((await overview(pair.accessToken)).status).toBe(200);
        expect(
          (await call(other, '/api/Account/ListOverview', { token: pair.accessToken })).status,
        ).toBe(200);
        await call(other, '/api/Authorization/Logout', { method: 'POST', token: pair.accessToken });
        // This process never saw the logout: each signed-in read asks the database, those whose
        // statement carries the session check (accounts.ts) as well, also when it finds no row.
        const reads = [
          '/api/v2/Account/Detailed?accountNumber=LU1.10001',
          '/api/v2/Account/Detailed?accountNumber=LU1.99999',
          '/api/Debtor/PrimaryDebtorInfo',
          '/api/v2/Debtor/GetSessionDebtors',
        ];
        for (const read of reads) {
          expect((await call(server, read, { token: pair.accessToken })).status, read).toBe(401);
        }
        expect((await overview(pair.accessToken)).status).toBe(401);
      } finally {
        await other.close();
      }
    });

    describe('session debtors (v2 only)', () => {
      it('holds every debtor proved in the session and sets the selection', async () => {
        const maria = await signIn(server, MARIA);
        // John signs in carrying Maria's token: the same session now holds both.
        const john = await signIn(server, JOHN, maria.accessToken);
        expect(decodeJwt(john.accessToken).sid).toBe(decodeJwt(maria.accessToken).sid);
        const list = await call<
          { debtorId: number; lastName: string; selected: boolean; current: boolean }[]
        >(server, '/api/v2/Debtor/GetSessionDebtors', { token: john.accessToken });
        expect(list.status, list.text).toBe(200);
        expect(list.body.map((d) => d.lastName).sort()).toEqual(['Garcia', 'Smith']);
        expect(list.body.find((d) => d.current)?.lastName).toBe('Smith');
        const mariaId = Number(decodeJwt(maria.accessToken).sub);
        const johnId = Number(decodeJwt(john.accessToken).sub);

        const set = await call<{ debtorId: number; selected: boolean }[]>(
          server,
          `/api/v2/Debtor/SetSessionDebtors?debtors=${johnId}`,
          { method: 'POST', token: maria.accessToken },
        );
        expect(set.status, set.text).toBe(200);
        expect(set.body.find((d) => d.debtorId === johnId)?.selected).toBe(true);
        expect(set.body.find((d) => d.debtorId === mariaId)?.selected).toBe(false);

        // Anna was never verified in this session.
        const anna = await signIn(server, ANNA);
        const annaId = Number(decodeJwt(anna.accessToken).sub);
        const refused = await call<ErrorBody>(
          server,
          `/api/v2/Debtor/SetSessionDebtors?debtors=${mariaId},${annaId}`,
          { method: 'POST', token: maria.accessToken },
        );
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe('Each debtor must first be verified in this session.');
        const bad = await call(server, '/api/v2/Debtor/SetSessionDebtors?debtors=a,b', {
          method: 'POST',
          token: maria.accessToken,
        });
        expect(bad.status).toBe(400);

        // A separate sign-in is a separate session with only its own debtor.
        const alone = await call<{ lastName: string }[]>(
          server,
          '/api/v2/Debtor/GetSessionDebtors',
          {
            token: anna.accessToken,
          },
        );
        expect(alone.body.map((d) => d.lastName)).toEqual(['Lee']);
      });

      it('exists only under /api/v2 and only for account tokens', async () => {
        const maria = await signIn(server, MARIA);
        expect(
          (await call(server, '/api/Debtor/GetSessionDebtors', { token: maria.accessToken }))
            .status,
        ).toBe(404);
        const letter = await letterSignIn(server);
        expect(
          (await call(server, '/api/v2/Debtor/GetSessionDebtors', { token: letter.accessToken }))
            .status,
        ).toBe(403);
        expect((await call(server, '/api/v2/Debtor/GetSessionDebtors')).status).toBe(401);
      });
    });

    describe('Authorization/register', () => {
      it('registers once and answers the registration confirmation as a PDF', async () => {
        const maria = await signIn(server, MARIA);
        const codes: string[] = [];
        for (const family of FAMILIES) {
          const res = await call(server, `${family}/Authorization/register`, {
            method: 'POST',
            token: maria.accessToken,
          });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('application/pdf');
          expect(res.headers.get('content-disposition')).toMatch(
            /attachment; filename="portal-registration-REG-/,
          );
          expect(res.text.startsWith('%PDF-1.7')).toBe(true);
          const lines = await pdfLines(res);
          expect(lines).toContain('Portal registration confirmation');
          expect(lines).toContain('Name: Maria Garcia');
          expect(lines.some((l) => l.startsWith('LU1.10001'))).toBe(true);
          codes.push(lines.find((l) => l.startsWith('Confirmation code: ')) ?? '');
        }
        expect(codes[0]).toBe(codes[1]);
        const es = await call(server, '/api/Authorization/register', {
          method: 'POST',
          token: maria.accessToken,
          lang: 'es',
        });
        expect(await pdfLines(es)).toContain('Confirmación de registro en el portal');
      });

      it('needs an account token', async () => {
        expect((await call(server, '/api/Authorization/register', { method: 'POST' })).status).toBe(
          401,
        );
        const letter = await letterSignIn(server);
        const res = await call(server, '/api/Authorization/register', {
          method: 'POST',
          token: letter.accessToken,
        });
        expect(res.status).toBe(403);
      });
    });
  });
}
