/**
 * GetPaymentPlans and GetSettlementPlans on a real server and database: shapes of spec section 3
 * "Payment plan", the discount convention, day / month / summaryOnly, and the 404s where no plan
 * exists. Runs on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/server/payments/plans';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  addDays,
  FAMILIES,
  importFixture,
  letterSignIn,
  signIn,
  today,
  type ErrorBody,
} from './payments-fixtures';

const pat = { lastName: 'Planfixture', ssn: '6666', dob: '1976-06-06' };

interface PlanBody {
  numMonths: number;
  discountPercent: number;
  discountedBalance: number;
  estimatedPaymentAmountPerMonth: number;
  savings: number;
  payments: {
    minDate: string;
    maxDate: string;
    suggestedDate: string;
    amount: number;
    minAmount: number;
    maxAmount: number;
  }[];
}

const acct = (number: string, extra: Record<string, unknown> = {}) => ({
  accountNumber: number,
  clientId: 'NWB',
  balance: 1200,
  originalBalance: 1200,
  statusCode: 'ACT',
  hasSettlementOffers: true,
  ...extra,
});

const fixture = {
  debtors: [
    {
      key: 'plan-pat',
      firstName: 'Pat',
      lastName: pat.lastName,
      ssnLast4: pat.ssn,
      dateOfBirth: pat.dob,
      accounts: [
        acct('PLN1.10001', {
          letters: [
            {
              letterId: 9030,
              requestDate: 'today-1',
              principalBalance: 1200,
              options: [
                {
                  optionNumber: 1,
                  dueDate: 'today+9',
                  settlementAmount: 600,
                  paymentAmount: 600,
                  discount: 0.5,
                  numberOfPayments: 1,
                  schedule: [{ date: 'today+9', amount: 600 }],
                },
              ],
            },
          ],
        }),
        acct('PLN1.10002', { hasSettlementOffers: false }),
        acct('PLN1.10003', { clientId: 'ADW' }),
        acct('PLN1.10004', { balance: 60, originalBalance: 60 }),
        acct('PLN1.10005', {
          balance: 0,
          isClosed: true,
          statusCode: 'PIF',
          lastUpdateDate: 'today-2',
        }),
        acct('PLN1.10006', { clientId: undefined, balance: 999.99, originalBalance: 999.99 }),
      ],
    },
    {
      key: 'plan-other',
      firstName: 'Ola',
      lastName: 'Planother',
      ssnLast4: '7777',
      dateOfBirth: '1977-07-07',
      accounts: [acct('PLN1.20001')],
    },
  ],
};

export function plansSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`plans on ${dialect}`, () => {
    let server: RunningServer;
    let token: string;
    const schemas = apiValidators();

    const plans = (kind: 'Payment' | 'Settlement', query: string, family = '/api', auth = token) =>
      call<PlanBody[] & ErrorBody>(server, `${family}/Account/Get${kind}Plans?${query}`, {
        token: auth,
      });

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await importFixture(server.database.db, fixture);
      token = await signIn(server, pat);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('offers balance-in-full plans of 2 to maxMonthlyPayments payments, in both families', async () => {
      for (const family of FAMILIES) {
        const res = await plans('Payment', 'accountNumber=PLN1.10001', family);
        expect(res.status, res.text).toBe(200);
        expect(schemas.check('payment-plan-list', res.body)).toEqual([]);
        expect(res.body.map((p) => p.numMonths)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        for (const plan of res.body) {
          expect(plan).toMatchObject({ discountPercent: 1, discountedBalance: 1200, savings: 0 });
          expect(plan.payments).toHaveLength(plan.numMonths);
          const total = plan.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
          expect(total).toBe(120000);
          expect(plan.payments[0]).toMatchObject({
            minDate: today(),
            maxDate: addDays(today(), 15),
            suggestedDate: today(),
            minAmount: 50,
            maxAmount: 1200,
          });
          expect(plan.payments[1]?.suggestedDate).toBe(addMonths(today(), 1));
          expect(plan.payments[1]?.minDate).toBe(addDays(addMonths(today(), 1), -5));
        }
        expect(res.body[2]?.estimatedPaymentAmountPerMonth).toBe(300);
      }
    });

    it('reads day, month and summaryOnly', async () => {
      const day = addDays(today(), 3);
      const res = await plans(
        'Payment',
        `accountNumber=PLN1.10001&day=${Number(day.slice(8))}&month=3`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]?.payments[0]?.suggestedDate).toBe(day);
      const summary = await plans('Payment', 'accountNumber=PLN1.10001&summaryOnly=true');
      expect(summary.body.every((p) => p.payments.length === 0)).toBe(true);
      expect((await plans('Payment', 'accountNumber=PLN1.10001&month=1')).status).toBe(404);
      expect((await plans('Payment', 'accountNumber=PLN1.10001&day=32')).status).toBe(400);
      const odd = await plans('Payment', 'accountNumber=PLN1.10006&month=3');
      expect(odd.body[0]?.payments.map((p) => p.amount)).toEqual([333.33, 333.33, 333.33]);
    });

    it('offers one settlement plan per client tier; discountPercent is the share paid', async () => {
      for (const family of FAMILIES) {
        const res = await plans('Settlement', 'accountNumber=PLN1.10001', family);
        expect(res.status, res.text).toBe(200);
        expect(schemas.check('payment-plan-list', res.body)).toEqual([]);
        expect(
          res.body.map((p) => [p.numMonths, p.discountPercent, p.discountedBalance, p.savings]),
        ).toEqual([
          [1, 0.6, 720, 480],
          [3, 0.7, 840, 360],
          [6, 0.8, 960, 240],
        ]);
        expect(res.body[1]?.estimatedPaymentAmountPerMonth).toBe(280);
      }
    });

    it('answers 404 where no plan exists', async () => {
      const cases: [string, 'Payment' | 'Settlement'][] = [
        ['PLN1.10002', 'Settlement'], // no settlement offers
        ['PLN1.10003', 'Settlement'], // the client (ADW) allows no settlements
        ['PLN1.10004', 'Payment'], // 60 dollars cannot make 2 payments of the 50 minimum
        ['PLN1.10005', 'Payment'], // closed
        ['PLN1.20001', 'Payment'], // another debtor's account
        ['PLN1.99999', 'Settlement'], // missing
      ];
      for (const [number, kind] of cases) {
        const res = await plans(kind, `accountNumber=${number}`);
        expect(res.status, `${kind} ${number}`).toBe(404);
        expect(schemas.check('error', res.body)).toEqual([]);
      }
      const adw = await plans('Payment', 'accountNumber=PLN1.10003');
      expect(adw.body.map((p) => p.numMonths)).toEqual([2, 3, 4, 5, 6]);
    });

    it('is for the account role only', async () => {
      const letter = await letterSignIn(server, 'PLN1.10001', 9030);
      expect((await plans('Payment', 'accountNumber=PLN1.10001', '/api', letter)).status).toBe(403);
      expect(
        (await plans('Settlement', 'accountNumber=PLN1.10001', '/api/v2', letter)).status,
      ).toBe(403);
      const anon = await call(server, '/api/Account/GetPaymentPlans?accountNumber=PLN1.10001');
      expect(anon.status).toBe(401);
    });
  });
}
