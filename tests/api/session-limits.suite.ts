/**
 * Sessions end on the server (issue 20), tried through the API with the server's clock moved by
 * the test (an injected clock; nothing sleeps):
 * - idle: 15 minutes without a call ends the session; a call or a refresh (the browser's "Stay
 *   signed in") counts as activity, also when another server process on the same database saw it;
 * - absolute: 12 hours after sign-in the session ends, however active; no token outlives it and a
 *   refresh cannot move it;
 * - afterwards every call answers 401, and the refresh says why (`reason`: idle or limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  decodeJwt,
  startServer,
  TestClock,
  type DatabaseFactory,
  type RunningServer,
  type TokenPair,
} from './harness';
import { MARIA, JOHN, MARIA_LETTER, clearLockout, type ErrorBody } from './debtor-fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface RefreshAnswer extends TokenPair, ErrorBody {
  reason?: string;
}

export function sessionLimitsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`sessions end on the server, on ${dialect}`, () => {
    const clock = new TestClock();
    let server: RunningServer;
    let other: RunningServer;
    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      // A second server process on the same database, with the same clock.
      other = await startServer(makeDatabase, { now: clock.now });
      await clearLockout(server);
    });
    afterAll(async () => {
      await other?.close();
      await server?.close();
    });

    const signIn = async (body = MARIA, token?: string): Promise<TokenPair> => {
      const res = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', {
        body,
        token,
      });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const refresh = (pair: TokenPair, on: RunningServer = server, lang?: string) =>
      call<RefreshAnswer>(on, '/api/Authorization/Refresh', {
        body: { refreshToken: pair.refreshToken },
        lang,
      });
    const read = (pair: TokenPair, on: RunningServer = server) =>
      call(on, '/api/Debtor/PrimaryDebtorInfo', { token: pair.accessToken });
    const hotRead = (pair: TokenPair) =>
      call(server, '/api/v2/Account/Detailed?accountNumber=LU1.10001', {
        token: pair.accessToken,
      });

    it('ends a session after 15 minutes without a call: every call 401, the refresh says why', async () => {
      const pair = await signIn();
      clock.advance(15 * MINUTE + 1000);
      expect((await read(pair)).status).toBe(401);
      expect((await hotRead(pair)).status).toBe(401);
      const refused = await refresh(pair);
      expect(refused.status).toBe(401);
      expect(refused.body.reason).toBe('idle');
      expect(refused.body.accessToken).toBeUndefined();
      expect(refused.body.message).toBe(
        'You were signed out because there was no activity for 15 minutes. Please sign in again.',
      );
      // Ended for good: the session is revoked, with the reason kept.
      const again = await refresh(pair, server, 'es');
      expect(again.status).toBe(401);
      expect(again.body.reason).toBe('ended');
      expect(again.body.message).toBe('Su sesión ha terminado. Por favor, inicie sesión de nuevo.');
      const revoked = await server.database.db
        .selectFrom('revoked_sessions')
        .select('reason')
        .where('sid', '=', String(decodeJwt(pair.accessToken).sid))
        .executeTakeFirst();
      expect(revoked?.reason).toBe('idle');
    });

    it('says so in Spanish too', async () => {
      const pair = await signIn();
      clock.advance(16 * MINUTE);
      const refused = await refresh(pair, server, 'es');
      expect(refused.body).toMatchObject({
        reason: 'idle',
        message:
          'Se cerró su sesión porque no hubo actividad durante 15 minutos. Vuelva a iniciar sesión.',
      });
    });

    it('keeps a session for 15 minutes after its last call, not its sign-in', async () => {
      const pair = await signIn();
      clock.advance(10 * MINUTE);
      expect((await hotRead(pair)).status).toBe(200);
      // 24 minutes after sign-in, 14 after the last call: the access token has expired, the
      // session has not.
      clock.advance(14 * MINUTE);
      expect((await read(pair)).status).toBe(401);
      const renewed = await refresh(pair);
      expect(renewed.status, renewed.text).toBe(200);
      expect((await read(renewed.body)).status).toBe(200);
    });

    it('counts a refresh as activity ("Stay signed in")', async () => {
      let pair = await signIn();
      for (let i = 0; i < 4; i += 1) {
        clock.advance(14 * MINUTE);
        const renewed = await refresh(pair);
        expect(renewed.status, renewed.text).toBe(200);
        pair = renewed.body;
      }
      clock.advance(15 * MINUTE + 1000);
      const refused = await refresh(pair);
      expect(refused.status).toBe(401);
      expect(refused.body.reason).toBe('idle');
    });

    it('counts a call made on another server process of the same database', async () => {
      const pair = await signIn();
      clock.advance(10 * MINUTE);
      expect((await read(pair, other)).status).toBe(200);
      clock.advance(14 * MINUTE);
      const renewed = await refresh(pair);
      expect(renewed.status, renewed.text).toBe(200);
      // And the idle end found by one process holds on the other.
      clock.advance(15 * MINUTE + 1000);
      expect((await refresh(renewed.body, other)).body.reason).toBe('idle');
      expect((await refresh(renewed.body)).status).toBe(401);
    });

    it('ends a session 12 hours after sign-in however active, and no token outlives it', async () => {
      const start = clock.time;
      const end = Math.floor((start + 12 * HOUR) / 1000);
      let pair = await signIn();
      expect(Number(decodeJwt(pair.refreshToken).exp)).toBe(end);
      let last: TokenPair = pair;
      while (clock.time + 10 * MINUTE < start + 12 * HOUR) {
        clock.advance(10 * MINUTE);
        expect((await read(pair)).status).toBe(200);
        const renewed = await refresh(pair);
        expect(renewed.status, renewed.text).toBe(200);
        pair = renewed.body;
        last = pair;
        const access = decodeJwt(pair.accessToken);
        expect(Number(access.exp)).toBeLessThanOrEqual(end);
        expect(Number(decodeJwt(pair.refreshToken).exp)).toBe(end);
      }
      // The last renewal, less than 15 minutes before the end: its access token stops at the end.
      expect(Number(decodeJwt(last.accessToken).exp)).toBe(end);
      clock.advance(start + 12 * HOUR - clock.time - 1000);
      expect((await read(last)).status).toBe(200);
      clock.advance(1000);
      expect((await read(last)).status).toBe(401);
      expect((await hotRead(last)).status).toBe(401);
      const refused = await refresh(last);
      expect(refused.status).toBe(401);
      expect(refused.body.reason).toBe('limit');
      expect(refused.body.message).toBe(
        'For your security, a session lasts at most 12 hours. Please sign in again.',
      );
      const es = await refresh(last, server, 'es');
      expect(es.body.reason).toBe('limit');
      expect(es.body.message).toBe(
        'Por su seguridad, una sesión dura como máximo 12 horas. Vuelva a iniciar sesión.',
      );
    });

    it('keeps the session end when another debtor joins the session', async () => {
      const start = clock.time;
      const end = Math.floor((start + 12 * HOUR) / 1000);
      let maria = await signIn();
      // Active until 11 h 50 min after sign-in: a refresh every 10 minutes.
      while (clock.time + 10 * MINUTE <= start + 11 * HOUR + 50 * MINUTE) {
        clock.advance(10 * MINUTE);
        const renewed = await refresh(maria);
        expect(renewed.status, renewed.text).toBe(200);
        maria = renewed.body;
      }
      const john = await signIn(JOHN, maria.accessToken);
      expect(decodeJwt(john.accessToken).sid).toBe(decodeJwt(maria.accessToken).sid);
      expect(Number(decodeJwt(john.refreshToken).exp)).toBe(end);
      expect(Number(decodeJwt(john.accessToken).exp)).toBe(end);
    });

    it('refuses the refresh of a session the server has no record of (signed in before sessions were kept)', async () => {
      const pair = await signIn();
      await server.database.db
        .deleteFrom('sessions')
        .where('sid', '=', String(decodeJwt(pair.accessToken).sid))
        .execute();
      const refused = await refresh(pair);
      expect(refused.status).toBe(401);
      expect(refused.body.reason).toBe('ended');
    });

    it('lets no access token outlive a shorter idle limit (SESSION_IDLE_MINUTES)', async () => {
      const short = await startServer(makeDatabase, {
        now: clock.now,
        session: { idleMs: MINUTE },
      });
      try {
        const res = await call<TokenPair>(short, '/api/Authorization/VerifyIdentity', {
          body: MARIA,
        });
        expect(res.status, res.text).toBe(200);
        const access = decodeJwt(res.body.accessToken);
        expect(Number(access.exp) - Number(access.iat)).toBe(60);
        clock.advance(MINUTE + 1000);
        // Idle past the limit: the token has expired with it, and nothing brings the session back.
        expect((await read(res.body, short)).status).toBe(401);
        const refused = await refresh(res.body, short);
        expect(refused.body.reason).toBe('idle');
        expect(refused.body.message).toContain('no activity for 1 minutes');
      } finally {
        await short.close();
      }
    });

    it('ends letter sessions the same way', async () => {
      const res = await call<TokenPair>(server, '/api/Authorization/VerifyLetter', {
        body: MARIA_LETTER,
      });
      expect(res.status, res.text).toBe(200);
      clock.advance(15 * MINUTE + 1000);
      const refused = await refresh(res.body);
      expect(refused.body.reason).toBe('idle');
    });
  });
}
