/**
 * Database round trips of the signed-in account reads, so they cannot creep back up: every query
 * the server runs goes through a Kysely plugin that counts it (Kysely calls a plugin's
 * transformResult once per executed statement, the precompiled ones included), and each request
 * may make at most:
 *   - Account/Detailed: 1, the read of the account with its arrangements, payments, transactions
 *     and debtor, which also asks whether the access token's session is revoked (auth/guard.ts,
 *     revocationInRead); it used to make 7, then 2 (the session look-up on its own),
 *   - Account/ListOverview: 1 (the debtor's accounts with their arrangements, and the session),
 *   - Debtor/PrimaryDebtorInfo: 1 (the debtor with the phones, and the session).
 * A refused request (another debtor's account, a missing one) finds no row to carry the session's
 * answer, so it looks the session up on its own: at most 2.
 *
 * Fewer queries must not change an answer: each body is compared with the one the per-table reads
 * give (a plain query per table, in the order the API promises, put through the server's
 * mappers), for every demo account and for a debtor of this suite whose rows test the JSON
 * transport: quotes, backslashes, non-ASCII text and emoji, NULLs, negative amounts, payments of
 * two arrangements on one day and transactions of one day (ordered by id).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountOverview } from '../../src/generated/types/api/account-list';
import { ACTIVITY_WRITE_MS } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db/types';
import { ruleView } from '../../src/server/payments/account-state';
import {
  DEBTOR_VIEW_COLUMNS,
  groupArrangements,
  isViewable,
  mapAccount,
  mapDebtor,
  mapTransaction,
} from '../../src/server/routes/mappers';
import { call, decodeJwt, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { importFixture, signIn, today, type Person } from './payments-fixtures';

/** Round trips allowed per request: one read, which checks the session too. */
const MAX_QUERIES = 1;
/** A read that finds nothing: the read, then the session look-up on its own. */
const MAX_REFUSED_QUERIES = 2;

/** Counts the statements Kysely executes (through any instance carrying the plugin). */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs) {
    this.count += 1;
    return Promise.resolve(args.result);
  }
}

const DEMO: Record<string, Person> = {
  maria: { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' },
  john: { lastName: 'Smith', ssn: '5678', dob: '1975-06-30' },
  anna: { lastName: 'Lee', ssn: '4321', dob: '1990-03-03' },
  carlos: { lastName: 'Rivera', ssn: '2468', dob: '1985-09-12' },
  grace: { lastName: 'Kim', ssn: '1357', dob: '1992-11-20' },
  robert: { lastName: 'Chen', ssn: '9753', dob: '1968-04-04' },
  laura: { lastName: 'Martinez', ssn: '8642', dob: '1988-02-14' },
};

/** A debtor of this suite only (unique key, name and account numbers). */
const rita: Person = { lastName: 'Roundtripfixture', ssn: '6161', dob: '1966-06-16' };
const TRICKY = 'O\'Brien "Q" \\ back\\slash, señor Ñúñez — ½ 😀 \u2028 tab\there';
const fixture = {
  debtors: [
    {
      key: 'roundtrip-rita',
      firstName: 'Rita "R" Ñ 😀',
      lastName: rita.lastName,
      addressLine1: TRICKY,
      city: 'Zürich',
      state: 'TX',
      zip: '75001',
      email: 'rita@example.com',
      ssnLast4: rita.ssn,
      dateOfBirth: rita.dob,
      allowSms: true,
      communicationPrefs: { email: true, sms: false, letter: true, preferred: 'letter' },
      phones: [
        { phoneNumber: '555-301-0002', type: 'home' },
        { phoneNumber: '555-301-0001', type: 'mobile' },
      ],
      accounts: [
        {
          accountNumber: 'RTP1.10001',
          clientId: 'NWB',
          creditorName: TRICKY,
          merchantName: 'Ünïcode Merchant',
          balance: 1234.56,
          originalBalance: 2000,
          totalPaid: 765.44,
          statusCode: 'ACT',
          hasSettlementOffers: true,
          transactions: [
            { date: 'today-3', amount: 10, type: 'WebCredit', source: TRICKY, isPending: true },
            { date: 'today-3', amount: -5.5, type: 'Adjustment', autoOrManual: 'Manual' },
            { date: 'today-3', amount: 20.01, type: 'Check', confirmationCode: 'C-1' },
            { date: 'today-40', amount: 300, type: 'Cash', totalPayment: 300 },
            { date: 'today-1', amount: 0.01, type: 'CreditCard', autoOrManual: 'Auto' },
          ],
          arrangements: [
            {
              ref: 'old',
              type: 'PPA',
              amount: 500,
              active: false,
              beginBalance: 2000,
              created: 'today-90',
              payments: [
                { date: 'today-60', amount: 250, status: 'Paid', paidWith: TRICKY },
                { date: 'today+10', amount: 250, status: 'Canceled' },
              ],
            },
            {
              ref: 'current',
              type: 'PPA',
              amount: 900,
              active: true,
              beginBalance: 1500,
              created: 'today-30',
              allowRemaining: true,
              payments: [
                { date: 'today+40', amount: 300, status: 'PostDate' },
                { date: 'today+10', amount: 300, status: 'PostDate', isElectronic: false },
                { date: 'today-20', amount: 300, status: 'Paid', confirmation: 'X"1' },
              ],
            },
          ],
        },
        // Nothing hangs off it: no arrangements, payments or transactions.
        {
          accountNumber: 'RTP1.10002',
          balance: 50,
          originalBalance: 50,
          statusCode: 'ACT',
        },
        // Closed long ago: not shown (404, left out of the overview).
        {
          accountNumber: 'RTP1.10003',
          balance: 0,
          originalBalance: 100,
          statusCode: 'PIF',
          isClosed: true,
          lastUpdateDate: 'today-200',
        },
      ],
    },
  ],
};

/**
 * The account as the per-table reads see it: one plain query per table, in the API's order, put
 * through the server's mappers. Options are left to the caller (they come from the rules, and the
 * overview suite checks them against the plan endpoints).
 */
async function perTableReads(db: Db, debtorId: number, accountNumber: string) {
  const account = await db
    .selectFrom('accounts')
    .selectAll()
    .where('account_number', '=', accountNumber)
    .where('debtor_id', '=', debtorId)
    .executeTakeFirstOrThrow();
  const arrangements = await db
    .selectFrom('arrangements')
    .selectAll()
    .where('account_id', '=', account.id)
    .orderBy('id')
    .execute();
  const payments = await db
    .selectFrom('arrangement_payments')
    .selectAll()
    .where('arrangement_id', 'in', arrangements.map((a) => a.id).concat(-1))
    .orderBy('pay_date')
    .orderBy('id')
    .execute();
  const transactions = await db
    .selectFrom('transactions')
    .selectAll()
    .where('account_id', '=', account.id)
    .orderBy('received_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const debtor = await db
    .selectFrom('debtors')
    .select(DEBTOR_VIEW_COLUMNS)
    .where('id', '=', debtorId)
    .executeTakeFirstOrThrow();
  const phones = await db
    .selectFrom('debtor_phones')
    .select(['phone_number', 'type'])
    .where('debtor_id', '=', debtorId)
    .orderBy('id')
    .execute();
  const list = groupArrangements(arrangements, payments).get(account.id) ?? [];
  const mapped = mapAccount(account, list);
  const debtorView = mapDebtor(debtor, phones);
  const detailed = {
    account: mapped,
    debtor: debtorView,
    transactions: transactions.map(mapTransaction),
    arrangements: ruleView(account, list, mapped).arrangements,
    allowSms: debtorView.allowSms,
    allowEmail: debtorView.allowEmail,
  };
  // As the server writes it: JSON.
  return {
    viewable: isViewable(account, today()),
    detailed: JSON.parse(JSON.stringify(detailed)) as typeof detailed,
    debtor: JSON.parse(JSON.stringify(debtorView)) as typeof debtorView,
  };
}

export function roundTripsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`database round trips of the account reads on ${dialect}`, () => {
    const counter = new QueryCounter();
    let server: RunningServer;
    const people: Record<string, Person> = { ...DEMO, rita };
    const tokens: Record<string, string> = {};
    const debtorIds: Record<string, number> = {};

    /** The answer to one GET and the statements the server ran for it. */
    const counted = async <T>(path: string, token: string | undefined) => {
      counter.count = 0;
      const res = await call<T>(server, path, { token });
      return { res, queries: counter.count };
    };

    const started = Date.now();

    beforeAll(async () => {
      server = await startServer(
        () => {
          const database = makeDatabase();
          return { ...database, db: database.db.withPlugin(counter) };
        },
        // Settling payments left in flight runs at start only (its timer would count too). The
        // server's clock stands still: a session's last call is written at most every
        // ACTIVITY_WRITE_MS (5 s), by the first request after that, and on a loaded machine the
        // sign-ins and the tests above outlast it, so a counted read would carry that write too.
        // The webhook and message dispatchers' passes (reads every second, WEBHOOK_POLL_MS and
        // MESSAGE_POLL_MS) are run by their suites, not on a timer here: they would be counted in
        // whichever request they fell; so would the content store's fallback poll (every 30 s,
        // beside its LISTEN), which is off.
        {
          paymentLeaseMs: 3_600_000,
          now: () => new Date(started),
          webhooks: { pollMs: 0 },
          messages: { pollMs: 0 },
          contentPollMs: 0,
        },
      );
      await importFixture(server.database.db, fixture);
      for (const [who, person] of Object.entries(people)) {
        tokens[who] = await signIn(server, person);
        debtorIds[who] = Number(decodeJwt(tokens[who]).sub);
      }
    });
    afterAll(async () => {
      await server?.close();
    });

    it('the server runs no statement of its own while nothing is asked (no timer is counted in a request)', async () => {
      counter.count = 0;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(counter.count).toBe(0);
    });

    it(`Account/Detailed: at most ${MAX_QUERIES} queries, and the body the per-table reads give, for every account`, async () => {
      let compared = 0;
      for (const who of Object.keys(people)) {
        const numbers = await server.database.db
          .selectFrom('accounts')
          .select('account_number')
          .where('debtor_id', '=', debtorIds[who]!)
          .orderBy('account_number')
          .execute();
        for (const { account_number: number } of numbers) {
          const expected = await perTableReads(server.database.db, debtorIds[who]!, number);
          const { res, queries } = await counted<Record<string, unknown>>(
            `/api/v2/Account/Detailed?accountNumber=${encodeURIComponent(number)}`,
            tokens[who],
          );
          // At least one: the counter sees the server's queries.
          expect(queries, `${who} ${number}: queries`).toBeGreaterThanOrEqual(1);
          expect(queries, `${who} ${number}: queries`).toBeLessThanOrEqual(MAX_QUERIES);
          if (!expected.viewable) {
            expect(res.status, `${who} ${number}`).toBe(404);
            continue;
          }
          expect(res.status, res.text).toBe(200);
          expect(res.body.paymentOptions).toEqual(expect.any(Array));
          const { paymentOptions: _options, ...rest } = res.body;
          expect(rest, `${who} ${number}`).toEqual(expected.detailed);
          compared += 1;
        }
      }
      // Every demo account shown (but the business's), and the suite's two.
      expect(compared).toBeGreaterThanOrEqual(16);
    });

    it('the JSON transport keeps text, numbers, NULLs and order as stored', async () => {
      const { res } = await counted<{
        account: { creditorName: string; merchantName: string; balance: number };
        debtor: { firstName: string; addressLine1: string; city: string; phones: unknown[] };
        transactions: { date: string; amount: number; source: string | null; id: number }[];
        arrangements: { active: boolean; details: { payDate: string; status: string }[] }[];
      }>('/api/v2/Account/Detailed?accountNumber=rtp1.10001', tokens.rita);
      expect(res.status, res.text).toBe(200);
      const { account, debtor, transactions, arrangements } = res.body;
      expect(account).toMatchObject({ creditorName: TRICKY, merchantName: 'Ünïcode Merchant' });
      expect(account.balance).toBe(1234.56);
      expect(debtor).toMatchObject({
        firstName: 'Rita "R" Ñ 😀',
        addressLine1: TRICKY,
        city: 'Zürich',
      });
      expect(debtor.phones).toEqual([
        { phoneNumber: '5553010002', type: 'home' },
        { phoneNumber: '5553010001', type: 'mobile' },
      ]);
      // Newest first; one day's transactions by id, the latest first.
      expect(transactions.map((t) => [t.amount, t.source])).toEqual([
        [0.01, null],
        [20.01, null],
        [-5.5, null],
        [10, TRICKY],
        [300, null],
      ]);
      const ids = transactions.slice(1, 4).map((t) => t.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(arrangements.map((a) => a.active)).toEqual([false, true]);
      expect(arrangements[1]!.details.map((d) => d.status)).toEqual([
        'Paid',
        'PostDate',
        'PostDate',
      ]);
    });

    it(`a refused Account/Detailed (another debtor's, missing) stays within ${MAX_REFUSED_QUERIES} queries`, async () => {
      for (const number of ['LU1.10001', 'NOPE1.99999']) {
        const { res, queries } = await counted(
          `/api/v2/Account/Detailed?accountNumber=${number}`,
          tokens.rita,
        );
        expect(res.status, res.text).toBe(404);
        expect(queries, number).toBeLessThanOrEqual(MAX_REFUSED_QUERIES);
      }
    });

    it(`a request more than ${ACTIVITY_WRITE_MS / 1000} s after the session's last write counts no statement more`, async () => {
      // As on a loaded machine, where the tests above may take longer than ACTIVITY_WRITE_MS: the
      // session's last call would be written by this request (the server's clock stands still).
      await new Promise((resolve) => setTimeout(resolve, ACTIVITY_WRITE_MS + 200));
      const { res, queries } = await counted(
        '/api/v2/Account/Detailed?accountNumber=NOPE1.99999',
        tokens.rita,
      );
      expect(res.status, res.text).toBe(404);
      expect(queries).toBeLessThanOrEqual(MAX_REFUSED_QUERIES);
    });

    it(`Account/ListOverview and Debtor/PrimaryDebtorInfo: at most ${MAX_QUERIES} queries each, the same accounts and debtor`, async () => {
      for (const who of Object.keys(people)) {
        const overview = await counted<AccountOverview[]>(
          '/api/v2/Account/ListOverview',
          tokens[who],
        );
        expect(overview.res.status, overview.res.text).toBe(200);
        expect(overview.queries, `${who}: ListOverview queries`).toBeLessThanOrEqual(MAX_QUERIES);
        for (const card of overview.res.body) {
          const expected = await perTableReads(
            server.database.db,
            debtorIds[who]!,
            card.accountNumber,
          );
          const {
            paymentOptions: _options,
            pendingPaymentsTotal: _pending,
            paidOffPercent: _percent,
            planModifiableOnline: _modifiable,
            ...account
          } = card;
          expect(account, `${who} ${card.accountNumber}`).toEqual(expected.detailed.account);
        }
        const info = await counted('/api/v2/Debtor/PrimaryDebtorInfo', tokens[who]);
        expect(info.res.status, info.res.text).toBe(200);
        expect(info.queries, `${who}: PrimaryDebtorInfo queries`).toBeLessThanOrEqual(MAX_QUERIES);
        const numbers = overview.res.body.map((card) => card.accountNumber);
        if (numbers[0]) {
          const expected = await perTableReads(server.database.db, debtorIds[who]!, numbers[0]);
          expect(info.res.body, who).toEqual(expected.debtor);
        }
      }
    });
  });
}
