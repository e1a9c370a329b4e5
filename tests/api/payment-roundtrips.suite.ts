/**
 * SubmitPayment's database round trips, so they cannot creep back up, and what the fewer round
 * trips must keep:
 *   - on PostgreSQL a one-time payment with an Idempotency-Key waits for the database at most
 *     MAX_PAYMENT_ROUND_TRIPS times: the key's claim with the session's revocation check (one
 *     statement), the reads before the rules (asked at once), the reserve, the sandbox's charge
 *     and the accepted payment (one statement); it used to wait 10 times. A round trip is counted
 *     per turn of the event loop in which the server sends statements (those sent in one turn
 *     are answered together), from pg's `Client.query`, which every statement goes through;
 *   - the session's last call, when due, is written with the key's claim (no round trip more);
 *   - a revoked session is answered 401 and claims nothing (its key stays free), with or
 *     without a key, on both databases;
 *   - the reads asked at once answer as the reads one after the other did: a payment of another
 *     debtor's account is 404 (before its funding method's 404), a second payment of the same
 *     first day and amount is a duplicate.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, decodeJwt, startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  addCard,
  countRows,
  importFixture,
  PAYER_CONTACT,
  signIn,
  today,
  type ErrorBody,
  type Person,
  type SubmitAnswer,
} from './payments-fixtures';

const MAX_PAYMENT_ROUND_TRIPS = 5;

const payer: Person = { lastName: 'Payroundtrips', ssn: '6262', dob: '1962-02-06' };
const other: Person = { lastName: 'Payroundother', ssn: '6363', dob: '1963-03-06' };
const fixture = {
  debtors: [
    {
      key: 'payrt-payer',
      firstName: 'Pia',
      lastName: payer.lastName,
      ssnLast4: payer.ssn,
      dateOfBirth: payer.dob,
      accounts: ['PRT1.10001', 'PRT1.10002', 'PRT1.10003', 'PRT1.10004', 'PRT1.10005'].map(
        (accountNumber) => ({
          accountNumber,
          clientId: 'NWB',
          balance: 500,
          originalBalance: 500,
          statusCode: 'ACT',
        }),
      ),
    },
    {
      key: 'payrt-other',
      firstName: 'Otto',
      lastName: other.lastName,
      ssnLast4: other.ssn,
      dateOfBirth: other.dob,
      accounts: [
        {
          accountNumber: 'PRT2.10001',
          clientId: 'NWB',
          balance: 500,
          originalBalance: 500,
          statusCode: 'ACT',
        },
      ],
    },
  ],
};

type QueryCall = (this: unknown, ...args: unknown[]) => unknown;

/** Counts the turns of the event loop in which statements are sent through pg. */
class RoundTripCounter {
  rounds = 0;
  statements = 0;
  counting = false;
  private inTurn = false;
  private original: QueryCall | undefined;

  install(): void {
    const prototype = pg.Client.prototype as unknown as { query: QueryCall };
    const original = prototype.query;
    this.original = original;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the patched method's `this` is pg's client
    const counter = this;
    prototype.query = function (this: unknown, ...args: unknown[]) {
      counter.saw();

      return original.apply(this, args);
    };
  }

  uninstall(): void {
    if (this.original)
      (pg.Client.prototype as unknown as { query: QueryCall }).query = this.original;
  }

  private saw(): void {
    if (!this.counting) return;
    this.statements += 1;
    if (this.inTurn) return;
    this.rounds += 1;
    this.inTurn = true;
    setImmediate(() => {
      this.inTurn = false;
    });
  }
}

export function paymentRoundTripsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`SubmitPayment's round trips and session check on ${dialect}`, () => {
    const counter = new RoundTripCounter();
    let server: RunningServer;
    let token: string;
    let otherToken: string;
    let fundingId: number;
    let otherFundingId: number;

    const submit = (
      accountNumber: string,
      options: { token?: string; key?: string; amount?: number; fundingId?: number } = {},
    ) =>
      call<SubmitAnswer & ErrorBody>(server, '/api/v2/Account/SubmitPayment', {
        token: options.token ?? token,
        headers: options.key ? { 'idempotency-key': options.key } : {},
        body: {
          accountNumber,
          schedule: [{ date: today(), amount: options.amount ?? 25 }],
          fundingId: options.fundingId ?? fundingId,
          type: 'PPA',
          paymentVariant: 'one-time',
          authorizationDisclosuresAccepted: true,
          firstName: 'Pia',
          lastName: payer.lastName,
          ...PAYER_CONTACT,
        },
      });

    const keyRows = (key: string) =>
      server.database.db
        .selectFrom('idempotency_keys')
        .select(['state', 'response_status', 'response_body'])
        .where('key', '=', key)
        .execute();

    beforeAll(async () => {
      // Before the server connects: pool and pipelined clients alike go through the prototype.
      counter.install();
      // The webhook and message dispatchers' passes (reads every second, WEBHOOK_POLL_MS and
      // MESSAGE_POLL_MS) would be counted in whichever payment they fell; their suites run them.
      server = await startServer(makeDatabase, {
        paymentLeaseMs: 3_600_000,
        webhooks: { pollMs: 0 },
        messages: { pollMs: 0 },
        contentPollMs: 0,
      });
      await importFixture(server.database.db, fixture);
      token = await signIn(server, payer);
      otherToken = await signIn(server, other);
      fundingId = (await addCard(server, token, 'PRT1.10001', '4111111111111111')).id;
      otherFundingId = (await addCard(server, otherToken, 'PRT2.10001', '4111111111111111')).id;
    });
    afterAll(async () => {
      counter.uninstall();
      await server?.close();
    });

    it('a one-time payment with a key is recorded once, its answer kept under the key', async () => {
      // A first payment opens the server's connections (a new one is a round trip of its own).
      const warm = await submit('PRT1.10004', { key: 'payrt-warm' });
      expect(warm.body.paymentSubmission?.success, warm.text).toBe(true);
      counter.rounds = 0;
      counter.statements = 0;
      counter.counting = true;
      const res = await submit('PRT1.10001', { key: 'payrt-first' });
      counter.counting = false;
      expect(res.status, res.text).toBe(200);
      expect(res.body.paymentSubmission?.success).toBe(true);
      if (dialect === 'PostgreSQL') {
        // At least the writes: the counter sees the server's statements.
        expect(counter.rounds).toBeGreaterThanOrEqual(4);
        expect(counter.rounds, `${counter.statements} statements`).toBeLessThanOrEqual(
          MAX_PAYMENT_ROUND_TRIPS,
        );
      }
      const [key] = await keyRows('payrt-first');
      expect(key).toMatchObject({ state: 'done', response_status: 200 });
      expect(JSON.parse(key?.response_body ?? 'null')).toEqual(res.body);
      const replay = await submit('PRT1.10001', { key: 'payrt-first' });
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(res.body);
      const submissions = await server.database.db
        .selectFrom('payment_submissions')
        .innerJoin('accounts', 'accounts.id', 'payment_submissions.account_id')
        .select(['payment_submissions.status', 'payment_submissions.confirmation'])
        .where('accounts.account_number', '=', 'PRT1.10001')
        .execute();
      expect(submissions).toEqual([
        { status: 'approved', confirmation: res.body.paymentSubmission?.confirmation },
      ]);
    });

    it('writes the session’s last call when it is due, in the same round trips', async () => {
      const session = await signIn(server, payer);
      const sid = String(decodeJwt(session).sid);
      // The process writes a session's last call at most every 5 s (ACTIVITY_WRITE_MS).
      await new Promise((resolve) => setTimeout(resolve, 5_200));
      const before = new Date(Date.now() - 60_000).toISOString();
      await server.database.db
        .updateTable('sessions')
        .set({ last_active_at: before })
        .where('sid', '=', sid)
        .execute();
      counter.rounds = 0;
      counter.counting = true;
      const res = await submit('PRT1.10005', { token: session, key: 'payrt-touch', amount: 31 });
      counter.counting = false;
      expect(res.body.paymentSubmission?.success, res.text).toBe(true);
      if (dialect === 'PostgreSQL')
        expect(counter.rounds).toBeLessThanOrEqual(MAX_PAYMENT_ROUND_TRIPS);
      const row = await server.database.db
        .selectFrom('sessions')
        .select('last_active_at')
        .where('sid', '=', sid)
        .executeTakeFirstOrThrow();
      expect(row.last_active_at > before).toBe(true);
    });

    it('the reads asked at once refuse as before: a duplicate, another debtor’s account, a missing method', async () => {
      const again = await submit('PRT1.10001', { key: 'payrt-again' });
      expect(again.status, again.text).toBe(200);
      expect(again.body).toEqual({
        paymentSubmission: { confirmation: null, success: false },
        errors: ['duplicate'],
      });
      // Another debtor's account with another debtor's method: the account's 404 comes first,
      // the same answer as for an account nobody has.
      const missing = await submit('PRT9.99999', {
        key: 'payrt-missing',
        fundingId: otherFundingId,
      });
      expect(missing.status, missing.text).toBe(404);
      const foreign = await submit('PRT2.10001', {
        key: 'payrt-foreign',
        fundingId: otherFundingId,
      });
      expect(foreign.status, foreign.text).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const method = await submit('PRT1.10002', { key: 'payrt-method', fundingId: otherFundingId });
      expect(method.status, method.text).toBe(404);
      expect(method.body.message).not.toBe(missing.body.message);
      // A refusal's answer is kept under its key; the account is still free to pay.
      const paid = await submit('PRT1.10002', { key: 'payrt-method-2' });
      expect(paid.body.paymentSubmission?.success, paid.text).toBe(true);
    });

    it('a revoked session is answered 401 and claims nothing, with a key or without', async () => {
      // Revoked by another process (this one has not remembered it): the request's own check.
      const session = await signIn(server, payer);
      await server.database.db
        .insertInto('revoked_sessions')
        .values({
          sid: String(decodeJwt(session).sid),
          reason: 'logout',
          revoked_at: new Date().toISOString(),
        })
        .execute();
      const submissions = await countRows(server.database.db, 'payment_submissions');
      const keyed = await submit('PRT1.10003', { token: session, key: 'payrt-revoked' });
      expect(keyed.status, keyed.text).toBe(401);
      expect(await keyRows('payrt-revoked')).toEqual([]);
      const badKey = await submit('PRT1.10003', { token: session, key: 'not a valid key' });
      expect(badKey.status, badKey.text).toBe(401);
      const plain = await submit('PRT1.10003', { token: session });
      expect(plain.status, plain.text).toBe(401);
      expect(await countRows(server.database.db, 'payment_submissions')).toBe(submissions);
      // The key is free for a live session.
      const live = await submit('PRT1.10003', { key: 'payrt-revoked' });
      expect(live.status, live.text).toBe(200);
      expect(live.body.paymentSubmission?.success).toBe(true);
    });
  });
}
