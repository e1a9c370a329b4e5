/**
 * Events out to the agency (issue 42): each change writes its event in its own transaction, the
 * feed GET /api/agency/v1/events reads them from a cursor and never skips one (also under 16
 * concurrent writers whose transactions commit out of the order they took their cursors in), and
 * only an agency API key opens it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, recordEventSteps } from '../../src/server/events/record';
import { transactionSteps } from '../../src/server/db/database';
import { createAgencyKey, revokeAgencyKey } from '../../src/server/events/keys';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { clearLockout, MARIA, signIn, snapshotDemo, type ErrorBody } from './debtor-fixtures';
import { studioClient, TestClock } from './studio-fixtures';
import { importFixture, PAYER_CONTACT, signIn as signInPayer } from './payments-fixtures';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';

const FEED = '/api/agency/v1/events';
const schemas = apiValidators();

/** A payer with 16 accounts: 16 payments at once among the concurrent writers. */
const PAYMENTS = 16;
const payer = { lastName: 'Concurrentpayer', ssn: '1616', dob: '1976-06-16' };
const payerFixture = {
  debtors: [
    {
      key: 'evc-payer',
      firstName: 'Cora',
      lastName: payer.lastName,
      ssnLast4: payer.ssn,
      dateOfBirth: payer.dob,
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          cardType: 'credit',
          last4: '1616',
          expiration: '2031-06',
          token: 'sbx_card_ok_evcfixture01',
        },
      ],
      accounts: Array.from({ length: PAYMENTS }, (_, i) => ({
        accountNumber: `EVC1.${10001 + i}`,
        clientId: 'NWB',
        creditorName: 'Northwind Bank',
        balance: 500,
        originalBalance: 500,
        statusCode: 'ACT',
        dateOfReferral: 'today-30',
        lastUpdateDate: 'today-5',
      })),
    },
  ],
};

interface FeedEvent {
  id: string;
  cursor: number;
  type: string;
  clientId: string | null;
  accountNumber: string | null;
  debtorKey: string | null;
  data: Record<string, unknown>;
}
interface FeedPage {
  data: FeedEvent[];
  nextCursor: number;
  hasMore: boolean;
}

export function eventsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`agency events feed on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    let allKey: string;
    let nwbKey: string;
    let revokedKey: string;
    const clock = new TestClock();
    const tag = Math.random().toString(36).slice(2, 8);

    const feed = (query: string, key?: string) =>
      call<FeedPage & ErrorBody>(server, `${FEED}${query}`, key ? { token: key } : {});

    /** Every event after `after` visible to `key`, page by page. */
    const readAll = async (key: string, query: string, after = 0, limit = 50) => {
      const events: FeedEvent[] = [];
      for (;;) {
        const page = await feed(`?after=${after}&limit=${limit}${query}`, key);
        expect(page.status, page.text).toBe(200);
        events.push(...page.body.data);
        after = page.body.nextCursor;
        if (!page.body.hasMore) return { events, after };
      }
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      await clearLockout(server);
      restore = await snapshotDemo(server);
      const db = server.database.db;
      const now = new Date();
      allKey = (await createAgencyKey(db, { name: 'all', clientId: null, now })).key;
      nwbKey = (await createAgencyKey(db, { name: 'nwb', clientId: 'NWB', now })).key;
      const revoked = await createAgencyKey(db, { name: 'old', clientId: null, now });
      revokedKey = revoked.key;
      expect(await revokeAgencyKey(db, revoked.record.id, now)).toBe(true);
      await importFixture(db, payerFixture);
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it('refuses every caller but a valid agency key (401), and another client (403)', async () => {
      const maria = (await signIn(server, MARIA)).accessToken;
      const { makeAccount, signIn: studioSignIn } = studioClient(() => server, clock, `ev-${tag}`);
      const admin = await studioSignIn(await makeAccount('events-admin', 'admin'));
      const refused = [
        await feed(''),
        await feed('', revokedKey),
        await feed('', maria),
        await feed('', 'pak_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
        await call(server, FEED, { headers: { cookie: admin.cookie } }),
        await call(server, FEED, { headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf } }),
        await call(server, FEED, { headers: { authorization: `Basic ${allKey}` } }),
        // Bad input without a key is still 401: nothing about the API is learnt without one.
        await feed('?limit=0'),
      ];
      for (const res of refused) {
        expect(res.status, res.text).toBe(401);
        expect(schemas.check('error', res.body)).toEqual([]);
      }
      // Revoking works from the next request on.
      const other = await createAgencyKey(server.database.db, {
        name: 'soon revoked',
        clientId: null,
        now: new Date(),
      });
      expect((await feed('?limit=1', other.key)).status).toBe(200);
      await revokeAgencyKey(server.database.db, other.record.id, new Date());
      expect((await feed('?limit=1', other.key)).status).toBe(401);
      // A key of one client: another client is 403.
      const cross = await feed('?client=CSU', nwbKey);
      expect(cross.status, cross.text).toBe(403);
      expect(schemas.check('error', cross.body)).toEqual([]);
      expect((await feed('?client=NWB', nwbKey)).status).toBe(200);
    });

    it('answers bad input 400 with the error body, never 5xx', async () => {
      for (const query of [
        '?limit=0',
        '?limit=501',
        '?limit=abc',
        '?limit=1e3',
        '?after=-1',
        '?after=1.5',
        '?after=99999999999999999999',
        '?type=payment.exploded',
        '?type=',
        '?type=PLAN',
        '?client=%27%3Bdrop',
        '?unknown=1',
      ]) {
        const res = await feed(query, allKey);
        expect(res.status, `${query}: ${res.text}`).toBe(400);
        expect(schemas.check('error', res.body), query).toEqual([]);
      }
      for (const query of [
        '?limit=1',
        '?limit=500',
        '?after=0',
        '?type=plan.created,dispute.filed',
      ]) {
        expect((await feed(query, allKey)).status, query).toBe(200);
      }
    });

    it('writes a payment’s many events as compiled steps, in order, whatever their number', async () => {
      // recordEventSteps (SubmitPayment's path) compiles its insert once per row count, at most
      // 12 rows each: 27 events are three inserts, and must read back as one run of cursors.
      const { after: start } = await readAll(allKey, '');
      const count = 27;
      const cursors = await transactionSteps(server.database.db, function* () {
        return yield* recordEventSteps(
          server.database.db,
          Array.from({ length: count }, (_, i) => ({
            type: 'form.recorded' as const,
            at: new Date().toISOString(),
            subject: {
              accountNumber: i % 2 ? `STEPS.${i}` : null,
              clientId: i % 3 ? 'NWB' : null,
              debtorKey: i % 5 ? `steps-${i}` : null,
            },
            data: { form: 'steps', formVersion: '1', confirmation: `S${i}`, data: { i } },
          })),
        );
      });
      expect(cursors).toEqual(Array.from({ length: count }, (_, i) => start + 1 + i));
      const { events } = await readAll(allKey, '', start);
      expect(events.map((e) => e.cursor)).toEqual(cursors);
      events.forEach((event, i) => {
        expect(event).toMatchObject({
          type: 'form.recorded',
          accountNumber: i % 2 ? `STEPS.${i}` : null,
          clientId: i % 3 ? 'NWB' : null,
          debtorKey: i % 5 ? `steps-${i}` : null,
          data: { confirmation: `S${i}`, data: { i } },
        });
      });
      expect(new Set(events.map((e) => e.id)).size).toBe(count);
    });

    it('records a debtor change with its event, once per account, and reads on from a cursor', async () => {
      const { after: start } = await readAll(allKey, '');
      const maria = (await signIn(server, MARIA)).accessToken;
      const res = await call(server, '/api/Debtor/SetCommunicationPreferences', {
        token: maria,
        body: {
          emails: false,
          letters: true,
          texts: true,
          emailAddress: 'maria.events@example.com',
        },
      });
      expect(res.status, res.text).toBe(200);
      const { events, after } = await readAll(allKey, '', start);
      const accounts = await server.database.db
        .selectFrom('accounts')
        .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
        .select(['accounts.account_number', 'accounts.client_id', 'debtors.external_key'])
        .where('debtors.last_name', '=', 'Garcia')
        .orderBy('accounts.account_number')
        .execute();
      expect(events.map((e) => e.type)).toEqual(accounts.map(() => 'debtor.preferences_changed'));
      expect(events.map((e) => e.accountNumber)).toEqual(accounts.map((a) => a.account_number));
      expect(events.map((e) => e.clientId)).toEqual(accounts.map((a) => a.client_id));
      expect(events[0]?.debtorKey).toBe(accounts[0]?.external_key);
      expect(events[0]?.data).toMatchObject({ emails: false, letters: true, texts: true });
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      // Nothing about identity in any event.
      expect(JSON.stringify(events)).not.toMatch(/1980-01-15|dateOfBirth|socialSecurity/);
      // A consumer that was away reads on from its cursor: the same events, nothing more.
      const again = await feed(`?after=${start}`, allKey);
      expect(again.body.data.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect((await feed(`?after=${after}`, allKey)).body).toEqual({
        data: [],
        nextCursor: after,
        hasMore: false,
      });
      // limit pages; type filters; a client's key sees only its client's events.
      const first = await feed(`?after=${start}&limit=1`, allKey);
      expect(first.body.data).toHaveLength(1);
      expect(first.body.hasMore).toBe(events.length > 1);
      const typed = await readAll(allKey, '&type=dispute.filed', start);
      expect(typed.events).toEqual([]);
      const nwb = await readAll(nwbKey, '', start);
      expect(nwb.events.map((e) => e.id)).toEqual(
        events.filter((e) => e.clientId === 'NWB').map((e) => e.id),
      );
      expect(nwb.events.length).toBeGreaterThan(0);
      for (const page of [first, again]) {
        expect(schemas.check('agency-event-list', page.body)).toEqual([]);
      }
    });

    it('never skips a cursor under 16 concurrent writers and 16 concurrent payments', async () => {
      const db = server.database.db;
      const postgres = dialect === 'PostgreSQL';
      const client = `ZC${tag}`.toUpperCase().slice(0, 8);
      const start = (await readAll(allKey, '')).after;
      // 16 payments at once (SubmitPayment: on PostgreSQL most in one statement that takes its
      // cursors last, payments/accepted-at-once.ts), each on an account of its own, paid today.
      const payerToken = await signInPayer(server, payer);
      const funding = await db
        .selectFrom('funding_methods')
        .select('id')
        .where('processor_token', '=', 'sbx_card_ok_evcfixture01')
        .executeTakeFirstOrThrow();
      const payDay = calendarDay(clock.now(), DEFAULT_TIME_ZONE);
      const pay = async (i: number) => {
        const res = await call<{ paymentSubmission: { success: boolean } }>(
          server,
          '/api/Account/SubmitPayment',
          {
            token: payerToken,
            body: {
              accountNumber: `EVC1.${10001 + i}`,
              schedule: [{ date: payDay, amount: 50 + i }],
              fundingId: funding.id,
              type: 'PPA',
              paymentVariant: 'one-time',
              authorizationDisclosuresAccepted: true,
              firstName: 'Cora',
              lastName: payer.lastName,
              ...PAYER_CONTACT,
            },
          },
        );
        expect(res.status, res.text).toBe(200);
        expect(res.body.paymentSubmission.success, res.text).toBe(true);
      };
      const WRITERS = 16;
      const EACH = 12;
      let writing = true;
      // PostgreSQL: writers on connections of their own (two more pools: 16 at once), apart from
      // the server's, which the reader's requests use. SQLite has one writer at a time anyway, and
      // a second connection in this process would block the event loop in its busy wait: the
      // writers share the server's connection.
      const pools = postgres ? [makeDatabase(), makeDatabase()] : [];
      const writer = async (w: number) => {
        const own = pools[w % pools.length]?.db ?? db;
        for (let i = 0; i < EACH; i++) {
          await own.transaction().execute(async (trx) => {
            await recordEvent(trx, {
              type: 'debtor.email_opted_out',
              at: new Date().toISOString(),
              subject: { accountNumber: `LU1.9${w}`, clientId: client, debtorKey: `w${w}` },
              data: { email: `w${w}-${i}@example.com` },
            });
            // Hold the transaction open after taking the cursor, a random while: with cursors
            // from a sequence, later ones would commit first and a reader would skip.
            if (postgres) await sql`select pg_sleep(${Math.random() * 0.02})`.execute(trx);
          });
        }
      };
      // A reader that keeps reading on while the writers write: each page follows on its cursor.
      // It reads the whole feed (an all-clients key): the writers' events and the payments'.
      const seenEvents: FeedEvent[] = [];
      const seen: number[] = [];
      let after = start;
      const readPage = async () => {
        const page = await feed(`?after=${after}&limit=500`, allKey);
        expect(page.status, page.text).toBe(200);
        for (const event of page.body.data) seen.push(event.cursor);
        seenEvents.push(...page.body.data);
        after = page.body.nextCursor;
        return page.body;
      };
      const reader = async () => {
        while (writing) await readPage();
      };
      const reading = reader();
      try {
        await Promise.all([
          ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
          ...Array.from({ length: PAYMENTS }, (_, i) => pay(i)),
        ]);
      } finally {
        writing = false;
        await reading;
        await Promise.all(pools.map((pool) => pool.destroy()));
      }
      // Then the same reader reads on from its cursor once everything is committed: an event it
      // had skipped (its cursor passed while the event was not yet visible) would be missing.
      while ((await readPage()).hasMore);
      expect(seenEvents.filter((e) => e.clientId === client)).toHaveLength(WRITERS * EACH);
      // Each payment's charge once (with its arrangement and e-sign consent: 3 events each).
      const succeeded = seenEvents.filter((e) => e.type === 'payment.succeeded');
      expect(succeeded.map((e) => e.accountNumber).sort()).toEqual(
        Array.from({ length: PAYMENTS }, (_, i) => `EVC1.${10001 + i}`),
      );
      expect(seenEvents.filter((e) => e.accountNumber?.startsWith('EVC1.'))).toHaveLength(
        PAYMENTS * 3,
      );
      // Every event written meanwhile, in cursor order, exactly once each.
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      expect(new Set(seen).size).toBe(seen.length);
      // The whole feed has no gap: its cursors are 1..n, and the reader saw every one after start.
      const all = await db
        .selectFrom('events')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('cursor').as('max')])
        .executeTakeFirstOrThrow();
      expect(Number(all.max)).toBe(Number(all.n));
      expect(seen).toEqual(
        Array.from({ length: Number(all.max) - start }, (_, i) => start + i + 1),
      );
    }, 120_000);
  });
}
