/**
 * Account/ListOverview carries what a dashboard card shows (payment options, pending payments,
 * paid-off percent), so the dashboard needs no Account/Detailed or plan request per card. The
 * demo accounts give known answers, and every answer agrees with what Account/Detailed and the
 * plan endpoints imply (the way the browser used to work it out). Runs on SQLite and PostgreSQL.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents, toDollars } from '../../src/domain/money';
import { paymentFacts, paymentOptions } from '../../src/domain/payment-options';
import { paidOffPercent, showsProgressRing } from '../../src/domain/progress';
import type { FirstMatchRules, OptionGroupRules } from '../../src/domain/rules';
import type { AccountOverview } from '../../src/generated/types/api/account-list';
import type { AccountDetailed } from '../../src/web/api/account-detailed';
import {
  isModifiableOnline,
  shownArrangement,
  withArrangementFlags,
} from '../../src/web/utils/account-view';
import {
  apiValidators,
  call,
  REPO_ROOT,
  startServer,
  tempDir,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { FAMILIES, importFixture, signIn, today, type Person } from './payments-fixtures';

const DEMO: Record<string, Person> = {
  maria: { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' },
  john: { lastName: 'Smith', ssn: '5678', dob: '1975-06-30' },
  carlos: { lastName: 'Rivera', ssn: '2468', dob: '1985-09-12' },
  grace: { lastName: 'Kim', ssn: '1357', dob: '1992-11-20' },
  robert: { lastName: 'Chen', ssn: '9753', dob: '1968-04-04' },
  laura: { lastName: 'Martinez', ssn: '8642', dob: '1988-02-14' },
};

const loadRules = <T>(flowsDir: string, name: string): T =>
  JSON.parse(readFileSync(path.join(flowsDir, 'rules', `${name}.json`), 'utf8')) as T;

/** What Account/Detailed and the plan endpoints imply for the card of an account. */
async function impliedCard(
  server: RunningServer,
  token: string,
  accountNumber: string,
  flowsDir: string,
): Promise<
  Pick<
    AccountOverview,
    'paymentOptions' | 'pendingPaymentsTotal' | 'paidOffPercent' | 'planModifiableOnline'
  >
> {
  const query = `accountNumber=${encodeURIComponent(accountNumber)}`;
  const detailed = await call<AccountDetailed>(server, `/api/v2/Account/Detailed?${query}`, {
    token,
  });
  expect(detailed.status, detailed.text).toBe(200);
  const exists = async (kind: 'Payment' | 'Settlement') => {
    const res = await call(server, `/api/v2/Account/Get${kind}Plans?${query}&summaryOnly=true`, {
      token,
    });
    expect([200, 404], res.text).toContain(res.status);
    return res.status === 200;
  };
  const plans = {
    paymentPlansExist: await exists('Payment'),
    settlementPlansExist: await exists('Settlement'),
  };
  const rules = {
    paymentOptions: loadRules<OptionGroupRules>(flowsDir, 'payment-options'),
    scheduleStatus: loadRules<FirstMatchRules>(flowsDir, 'schedule-status'),
  };
  const { account, arrangements, transactions } = detailed.body;
  const implied = paymentOptions(
    paymentFacts({
      account: withArrangementFlags(detailed.body),
      arrangements,
      today: today(),
      scheduleRules: rules.scheduleStatus,
      ...plans,
    }),
    rules.paymentOptions,
  );
  // Account/Detailed states the same options itself (the account and options pages read them).
  expect(detailed.body.paymentOptions, accountNumber).toEqual(implied);
  return {
    paymentOptions: implied,
    pendingPaymentsTotal: toDollars(
      transactions.filter((t) => t.isPending).reduce((sum, t) => sum + toCents(t.amount), 0),
    ),
    paidOffPercent: showsProgressRing(account)
      ? paidOffPercent(withArrangementFlags({ account, arrangements }), arrangements)
      : null,
    // The account page's reading: the shown plan's flag, null without a plan.
    planModifiableOnline: shownArrangement(detailed.body)
      ? isModifiableOnline(detailed.body)
      : null,
  };
}

/** Debtors of this suite only: unique names and keys, so no other suite sees them. */
const olive: Person = { lastName: 'Overviewfixture', ssn: '5151', dob: '1971-05-15' };
const account = (accountNumber: string, extra: Record<string, unknown> = {}) => ({
  accountNumber,
  clientId: 'NWB',
  balance: 1200,
  originalBalance: 1500,
  statusCode: 'ACT',
  hasSettlementOffers: true,
  ...extra,
});
const fixture = {
  debtors: [
    {
      key: 'overview-olive',
      firstName: 'Olive',
      lastName: olive.lastName,
      ssnLast4: olive.ssn,
      dateOfBirth: olive.dob,
      accounts: [
        // Settlement and balance-in-full plans.
        account('OVR1.10001', {
          transactions: [
            { date: 'today-1', amount: 40, type: 'WebCredit', isPending: true },
            { date: 'today-2', amount: 60.15, type: 'WebCredit', isPending: true },
            { date: 'today-30', amount: 300, type: 'Check', isPending: false },
          ],
        }),
        // No settlement offers: balance-in-full plans only.
        account('OVR1.10002', { hasSettlementOffers: false }),
        // 60 cannot be split into monthly payments of at least 50, and no settlement offers.
        account('OVR1.10003', { balance: 60, originalBalance: 60, hasSettlementOffers: false }),
      ],
    },
  ],
};

export function overviewSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`ListOverview cards on ${dialect}`, () => {
    const schemas = apiValidators();
    const flowsDir = path.join(REPO_ROOT, 'flows');
    let server: RunningServer;
    const tokens: Record<string, string> = {};
    const overview = async (who: string, family = '/api/v2') => {
      const res = await call<AccountOverview[]>(server, `${family}/Account/ListOverview`, {
        token: tokens[who],
      });
      expect(res.status, res.text).toBe(200);
      expect(schemas.check('account-list', res.body)).toEqual([]);
      return new Map(res.body.map((a) => [a.accountNumber, a]));
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      for (const [who, person] of Object.entries(DEMO)) tokens[who] = await signIn(server, person);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("Maria's cards: options in rule order, the ring, nothing pending", async () => {
      for (const family of FAMILIES) {
        const cards = await overview('maria', family);
        expect([...cards.keys()]).toEqual(['LU1.10001', 'LU1.10002', 'LU1.10003']);
        // No arrangement, settlement offers and plans: savings plan, monthly plan, full, one-time.
        expect(cards.get('LU1.10001')).toMatchObject({
          paymentOptions: ['sif', 'bif', 'pif', 'one-time'],
          pendingPaymentsTotal: 0,
          paidOffPercent: 0,
        });
        // A monthly plan with a past-due payment: 300 of 1,500 paid.
        expect(cards.get('LU1.10002')).toMatchObject({
          paymentOptions: ['remaining', 'past-due'],
          pendingPaymentsTotal: 0,
          paidOffPercent: 20,
        });
        // Closed: nothing to pay, no ring.
        expect(cards.get('LU1.10003')).toMatchObject({ paymentOptions: [], paidOffPercent: null });
      }
    });

    it("Grace's end-of-process account has no options and no ring; a pending payment pays one off", async () => {
      const cards = await overview('grace');
      expect(cards.get('LU1.60001')).toMatchObject({
        isEop: true,
        paymentOptions: [],
        paidOffPercent: null,
      });
      expect(cards.get('LU1.60002')?.paymentOptions.length).toBeGreaterThan(0);
      expect(cards.get('LU1.60003')).toMatchObject({
        paymentOptions: [],
        pendingPaymentsTotal: 900,
        paidOffPercent: 100,
      });
    });

    it('PCO accounts have no ring; a settlement is measured on its own amount', async () => {
      expect((await overview('john')).get('LU1.20001')).toMatchObject({
        isPco: true,
        paymentOptions: ['bring-current', 'one-time'],
        paidOffPercent: null,
      });
      expect((await overview('carlos')).get('LU1.50001')).toMatchObject({
        isPco: true,
        paymentOptions: ['remaining', 'past-due'],
        paidOffPercent: null,
      });
      const robert = await overview('robert');
      // SIF of 1,500 with 1,000 left: floor(33.3) = 33; a DU8 SIF may not pay its remaining.
      expect(robert.get('DU8.70001')?.paidOffPercent).toBe(33);
      expect(robert.get('DU8.70001')?.paymentOptions).not.toContain('remaining');
      expect(robert.get('LU1.70002')).toMatchObject({ paymentOptions: [] });
      expect(robert.get('LU1.70002')?.paidOffPercent).not.toBeNull();
    });

    it("says whether each card's plan may be changed online (null without a plan)", async () => {
      const robert = await overview('robert');
      expect(robert.get('DU8.70001')?.planModifiableOnline).toBe(true);
      expect(robert.get('LU1.70002')?.planModifiableOnline).toBe(false);
      const maria = await overview('maria');
      expect(maria.get('LU1.10001')?.planModifiableOnline).toBeNull();
      expect(maria.get('LU1.10002')?.planModifiableOnline).toBe(true);
    });

    it('agrees with Account/Detailed and the plan endpoints for every demo account', async () => {
      let compared = 0;
      for (const who of Object.keys(DEMO)) {
        for (const [number, card] of await overview(who)) {
          const implied = await impliedCard(server, tokens[who]!, number, flowsDir);
          expect(
            {
              paymentOptions: card.paymentOptions,
              pendingPaymentsTotal: card.pendingPaymentsTotal,
              paidOffPercent: card.paidOffPercent,
              planModifiableOnline: card.planModifiableOnline,
            },
            `${who} ${number}`,
          ).toEqual(implied);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(12);
    });

    describe('when the rules offer only plans', () => {
      const tmp = tempDir('portal-overview-flows-');
      const plansOnlyFlows = path.join(tmp.dir, 'flows');
      let plansOnly: RunningServer;
      let token: string;

      beforeAll(async () => {
        // The no-arrangement group offers the plans that exist, and nothing else.
        cpSync(flowsDir, plansOnlyFlows, { recursive: true });
        const file = path.join(plansOnlyFlows, 'rules', 'payment-options.json');
        const rules = JSON.parse(readFileSync(file, 'utf8')) as {
          groups: { id: string; options: unknown[] }[];
        };
        const group = rules.groups.find((g) => g.id === 'no-arrangement');
        if (!group) throw new Error('no no-arrangement group in payment-options.json');
        group.options = [
          { outcome: 'sif', when: { var: 'settlementPlansExist' } },
          { outcome: 'bif', when: { var: 'paymentPlansExist' } },
        ];
        writeFileSync(file, JSON.stringify(rules));
        plansOnly = await startServer(makeDatabase, { flowsDir: plansOnlyFlows });
        await importFixture(plansOnly.database.db, fixture);
        token = await signIn(plansOnly, olive);
      });
      afterAll(async () => {
        await plansOnly?.close();
        tmp.remove();
      });

      it('offers what the plans allow, and nothing where no plan exists', async () => {
        const res = await call<AccountOverview[]>(plansOnly, '/api/v2/Account/ListOverview', {
          token,
        });
        expect(res.status, res.text).toBe(200);
        const cards = new Map(res.body.map((a) => [a.accountNumber, a]));
        expect(cards.get('OVR1.10001')).toMatchObject({
          paymentOptions: ['sif', 'bif'],
          pendingPaymentsTotal: 100.15,
          paidOffPercent: 20,
        });
        expect(cards.get('OVR1.10002')?.paymentOptions).toEqual(['bif']);
        expect(cards.get('OVR1.10003')?.paymentOptions).toEqual([]);
        for (const [number, card] of cards) {
          const implied = await impliedCard(plansOnly, token, number, plansOnlyFlows);
          expect(card.paymentOptions, number).toEqual(implied.paymentOptions);
          expect(card.pendingPaymentsTotal, number).toBe(implied.pendingPaymentsTotal);
        }
      });
    });
  });
}
