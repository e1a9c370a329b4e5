/**
 * Guest, management and analytics calls: OptOut, DateCompare, Feedback, ContactUs (public and
 * signed in), ListAllServices, Time (GET, POST, time travel only when allowed) and Analytic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  clearLockout,
  FAMILIES,
  MARIA,
  messageAt,
  signIn,
  snapshotDemo,
  type ErrorBody,
} from './debtor-fixtures';

const schemas = apiValidators();
const today = () => calendarDay(new Date(), DEFAULT_TIME_ZONE);

const contact = {
  name: 'Maria Garcia',
  reason: 'paymentPlan',
  phoneNumber: '5552010001',
  message: 'Please call me about a payment plan.',
  finalVerify: true,
};

export function guestSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`guest, management and analytics on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    let maria: string;

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      restore = await snapshotDemo(server);
      maria = (await signIn(server, MARIA)).accessToken;
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    describe('Guest/OptOut', () => {
      it('records the address, turns e-mail off for it, and answers 204 either way', async () => {
        for (const family of FAMILIES) {
          const res = await call(server, `${family}/Guest/OptOut/Maria.Garcia%40Example.com`, {
            method: 'POST',
          });
          expect(res.status).toBe(204);
          expect(res.text).toBe('');
        }
        const unknown = await call(server, '/api/Guest/OptOut/nobody%40example.com', {
          method: 'POST',
        });
        expect(unknown.status).toBe(204);
        const rows = await server.database.db.selectFrom('email_opt_outs').selectAll().execute();
        expect(rows.map((r) => r.email)).toEqual(
          expect.arrayContaining(['maria.garcia@example.com', 'nobody@example.com']),
        );
        const debtor = await server.database.db
          .selectFrom('debtors')
          .select('pref_email')
          .where('last_name', '=', 'Garcia')
          .executeTakeFirstOrThrow();
        expect(debtor.pref_email).toBe(0);
        const bad = await call<ErrorBody>(server, '/api/Guest/OptOut/not-an-email', {
          method: 'POST',
        });
        expect(bad.status).toBe(400);
      });
    });

    describe('Guest/DateCompare', () => {
      it('compares two days and counts the days between', async () => {
        const cases: [Record<string, string>, number, string, number][] = [
          [{ date1: '2025-01-10', date2: '2025-03-01' }, -1, 'before', 50],
          [{ date1: '2025-03-01', date2: '2025-03-01' }, 0, 'same', 0],
          [{ date1: '2024-03-01', date2: '2024-02-28' }, 1, 'after', -2],
          // A date-time counts as its day in the agency's time zone (New York: still Jan 9).
          [{ date1: '2025-01-10T03:00:00Z', date2: '2025-01-09' }, 0, 'same', 0],
        ];
        for (const family of FAMILIES) {
          for (const [body, comparison, relation, daysBetween] of cases) {
            const res = await call<Record<string, unknown>>(server, `${family}/Guest/DateCompare`, {
              body,
            });
            expect(res.status, res.text).toBe(200);
            expect(schemas.check('date-compare-result', res.body)).toEqual([]);
            expect(res.body).toMatchObject({ comparison, relation, daysBetween });
          }
        }
        const withToday = await call<{ date2: string; daysBetween: number }>(
          server,
          '/api/Guest/DateCompare',
          {
            body: { date1: addDays(today(), -3) },
          },
        );
        expect(withToday.body.date2).toBe(today());
        expect(withToday.body.daysBetween).toBe(3);
        for (const body of [
          {},
          { date1: '2025-02-30' },
          { date1: 'tomorrow' },
          { date1: '2025-01-01', x: 1 },
        ]) {
          const res = await call(server, '/api/Guest/DateCompare', { body });
          expect(res.status, JSON.stringify(body)).toBe(400);
        }
      });
    });

    describe('Guest/Feedback', () => {
      it('stores a rating or a message, linked to the debtor when signed in', async () => {
        for (const family of FAMILIES) {
          const res = await call(server, `${family}/Guest/Feedback`, {
            body: { rating: 5, message: 'Easy to use', page: '/dashboard' },
            token: maria,
          });
          expect(res.status).toBe(204);
        }
        expect((await call(server, '/api/Guest/Feedback', { body: { rating: 2 } })).status).toBe(
          204,
        );
        const rows = await server.database.db.selectFrom('feedback').selectAll().execute();
        expect(rows.some((r) => r.debtor_id !== null && r.rating === 5)).toBe(true);
        expect(rows.some((r) => r.debtor_id === null && r.rating === 2)).toBe(true);
        for (const body of [{}, { rating: 6 }, { page: '/x' }, { message: '' }]) {
          expect(
            (await call(server, '/api/Guest/Feedback', { body })).status,
            JSON.stringify(body),
          ).toBe(400);
        }
      });
    });

    describe('Guest/ContactUs', () => {
      it('accepts the public form with a valid account number format', async () => {
        for (const family of FAMILIES) {
          const res = await call<{ success: boolean; confirmation: string }>(
            server,
            `${family}/Guest/ContactUs`,
            {
              body: {
                ...contact,
                account: 'LU1.99999',
                commEmail: true,
                email: 'someone@example.com',
                emailConfirm: 'someone@example.com',
              },
            },
          );
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('submission-result', res.body)).toEqual([]);
          expect(res.body.confirmation).toMatch(/^MSG-/);
        }
        const row = await server.database.db
          .selectFrom('contact_messages')
          .selectAll()
          .where('account_number', '=', 'LU1.99999')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ debtor_id: null, reason: 'paymentPlan', comm_email: 1 });
      });

      it('with a token, takes only one of the debtor own accounts', async () => {
        const own = await call(server, '/api/Guest/ContactUs', {
          token: maria,
          body: { ...contact, account: 'LU1.10002' },
        });
        expect(own.status, own.text).toBe(200);
        const other = await call<ErrorBody>(server, '/api/Guest/ContactUs', {
          token: maria,
          body: { ...contact, account: 'LU1.20001' },
        });
        expect(other.status).toBe(404);
        expect(messageAt(other.body, '/account')).toBe('A valid account number is required');
        const row = await server.database.db
          .selectFrom('contact_messages')
          .selectAll()
          .where('account_number', '=', 'LU1.10002')
          .executeTakeFirstOrThrow();
        expect(row.debtor_id).not.toBeNull();
      });

      it.each([
        ['name', { name: '' }, 'Name is required'],
        ['reason', { reason: undefined }, 'Please choose a reason.'],
        ['phoneNumber', { phoneNumber: undefined }, 'Phone number is required'],
        ['phoneNumber', { phoneNumber: '555' }, 'Phone number must be at least 10 digits'],
        ['message', { message: ' ' }, 'Message is required'],
        ['account', { account: 'ABC' }, 'A valid account number is required'],
        [
          'finalVerify',
          { finalVerify: false },
          'You must verify that the above information is accurate',
        ],
        ['email', { commEmail: true, emailConfirm: 'a@example.com' }, 'Email is required'],
        [
          'emailConfirm',
          { commEmail: true, email: 'a@example.com', emailConfirm: 'b@example.com' },
          'The email addresses do not match',
        ],
        ['smsNumber', { commSms: true }, 'Mobile number is required'],
      ])('rejects a bad %s with the spec text', async (field, change, text) => {
        const res = await call<ErrorBody>(server, '/api/Guest/ContactUs', {
          body: { ...contact, ...change },
        });
        expect(res.status, res.text).toBe(400);
        expect(messageAt(res.body, `/${field}`), res.text).toBe(text);
      });

      it('ignores the e-mail fields when e-mail is not chosen (hidden by the flow)', async () => {
        const res = await call(server, '/api/Guest/ContactUs', {
          body: {
            ...contact,
            commEmail: false,
            email: 'x@example.com',
            emailConfirm: 'y@example.com',
          },
        });
        expect(res.status, res.text).toBe(200);
        const es = await call<ErrorBody>(server, '/api/Guest/ContactUs', {
          lang: 'es',
          body: {
            ...contact,
            commEmail: true,
            email: 'a@example.com',
            emailConfirm: 'b@example.com',
          },
        });
        expect(messageAt(es.body, '/emailConfirm')).toBe(
          'Las direcciones de correo electrónico no coinciden',
        );
      });
    });

    describe('Management', () => {
      it('lists the services with their status', async () => {
        for (const family of FAMILIES) {
          const res = await call<{ name: string; status: string }[]>(
            server,
            `${family}/Management/ListAllServices`,
          );
          expect(res.status).toBe(200);
          expect(schemas.check('service-list', res.body)).toEqual([]);
          expect(res.body.map((s) => s.name)).toEqual(['api', 'database', 'processor', 'config']);
          expect(res.body.find((s) => s.name === 'database')?.status).toBe('ok');
        }
      });

      it('tells the server time and agency date, and compares a client time', async () => {
        for (const family of FAMILIES) {
          const res = await call<{
            serverTime: string;
            agencyDate: string;
            timeZone: string;
            offsetDays: number;
          }>(server, `${family}/Management/Time`);
          expect(res.status).toBe(200);
          expect(schemas.check('server-time', res.body)).toEqual([]);
          expect(Math.abs(Date.parse(res.body.serverTime) - Date.now())).toBeLessThan(60_000);
          expect(res.body.agencyDate).toBe(today());
          expect(res.body.timeZone).toBe(DEFAULT_TIME_ZONE);
          expect(res.body.offsetDays).toBe(0);
          const clientTime = new Date(Date.now() + 90_000).toISOString();
          const post = await call<{ skewMs: number; clientTime: string }>(
            server,
            `${family}/Management/Time`,
            {
              body: { clientTime },
            },
          );
          expect(post.status).toBe(200);
          expect(schemas.check('server-time', post.body)).toEqual([]);
          expect(post.body.clientTime).toBe(clientTime);
          expect(post.body.skewMs).toBeGreaterThan(60_000);
          expect(post.body.skewMs).toBeLessThan(120_000);
          const empty = await call(server, `${family}/Management/Time`, { method: 'POST' });
          expect(empty.status).toBe(200);
        }
      });

      it('refuses to move the clock unless PORTAL_ALLOW_TIME_TRAVEL=1', async () => {
        const before = process.env.PORTAL_ALLOW_TIME_TRAVEL;
        delete process.env.PORTAL_ALLOW_TIME_TRAVEL;
        try {
          const refused = await call<ErrorBody>(server, '/api/Management/Time', {
            body: { travelDays: 3 },
          });
          expect(refused.status).toBe(403);
          expect(refused.body.message).toBe('The server time cannot be changed.');
          process.env.PORTAL_ALLOW_TIME_TRAVEL = '1';
          const moved = await call<{ agencyDate: string; offsetDays: number }>(
            server,
            '/api/Management/Time',
            {
              body: { travelDays: 3 },
            },
          );
          expect(moved.status).toBe(200);
          expect(moved.body).toMatchObject({ agencyDate: addDays(today(), 3), offsetDays: 3 });
          const compare = await call<{ date2: string }>(server, '/api/Guest/DateCompare', {
            body: { date1: today() },
          });
          expect(compare.body.date2).toBe(addDays(today(), 3));
          // Tokens keep real time: signing in and reading still work.
          expect((await call(server, '/api/Account/ListOverview', { token: maria })).status).toBe(
            200,
          );
        } finally {
          process.env.PORTAL_ALLOW_TIME_TRAVEL = '1';
          await call(server, '/api/Management/Time', { body: { travelDays: 0 } });
          if (before === undefined) delete process.env.PORTAL_ALLOW_TIME_TRAVEL;
          else process.env.PORTAL_ALLOW_TIME_TRAVEL = before;
        }
        const back = await call<{ agencyDate: string; offsetDays: number }>(
          server,
          '/api/Management/Time',
        );
        expect(back.body).toMatchObject({ agencyDate: today(), offsetDays: 0 });
      });
    });

    describe('Analytic', () => {
      it('stores whitelisted events without personal data', async () => {
        for (const family of FAMILIES) {
          const res = await call(server, `${family}/Analytic`, {
            token: maria,
            body: {
              event: 'page_view',
              properties: {
                path: '/dashboard',
                language: 'es',
                ssn: '1234',
                dateOfBirth: '1980-01-15',
                cardNumber: '4111111111111111',
                emailAddress: 'maria@example.com',
                note: 'call 5552010001',
                refresh_token: 'abc',
                accountNumber: 'LU1.10001',
                durationMs: 42,
              },
              occurredAt: new Date().toISOString(),
            },
          });
          expect(res.status, res.text).toBe(204);
        }
        const anonymous = await call(server, '/api/Analytic', {
          body: { event: 'login_failed', properties: { reason: 'no_match' } },
        });
        expect(anonymous.status).toBe(204);
        const rows = await server.database.db.selectFrom('analytics_events').selectAll().execute();
        const views = rows.filter((r) => r.name === 'page_view');
        expect(views.length).toBeGreaterThanOrEqual(2);
        for (const row of views) {
          expect(JSON.parse(row.properties ?? '{}')).toEqual({
            path: '/dashboard',
            language: 'es',
            durationMs: 42,
          });
          expect(row.debtor_id).not.toBeNull();
          expect(row.session_hash).toMatch(/^[0-9a-f]{64}$/);
        }
        const all = JSON.stringify(rows);
        for (const secret of [
          '1234',
          '1980-01-15',
          '4111111111111111',
          'maria@example.com',
          '5552010001',
        ]) {
          expect(all).not.toContain(secret);
        }
        expect(rows.find((r) => r.name === 'login_failed')?.debtor_id).toBeNull();
      });

      it('refuses unknown events and malformed properties', async () => {
        for (const body of [
          { event: 'credit_card_entered' },
          { event: 'page_view', properties: { nested: { a: 1 } } },
          { event: 'page_view', properties: 'x' },
          {},
        ]) {
          const res = await call(server, '/api/Analytic', { body });
          expect(res.status, JSON.stringify(body)).toBe(400);
        }
      });
    });
  });
}
