/**
 * Payments on a real server and database: SubmitPayment for every variant, each refusal and each
 * sandbox decline, exactly-once (idempotency keys, concurrent submits), GetExistingPayment,
 * GetPaymentSettings, letter-token limits and another debtor's ids. Runs on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leakedSecrets } from '../leaks';
import {
  KEY_TTL_HOURS,
  REPLAYED_HEADER as REPLAYED,
  requestHash,
} from '../../src/server/payments/idempotency';
import { pdfLines } from './debtor-fixtures';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  addBank,
  addCard,
  addDays,
  BANKS,
  CARDS,
  expectNoFullNumbers,
  FAMILIES,
  importFixture,
  letterSignIn,
  PAYER_CONTACT,
  signIn,
  today,
  type ErrorBody,
  type FundingBody,
  type SubmitAnswer,
} from './payments-fixtures';

const quinn = { lastName: 'Payfixture', ssn: '1111', dob: '1970-01-01' };
const other = { lastName: 'Otherpayer', ssn: '2222', dob: '1971-02-02' };

const acct = (number: string, extra: Record<string, unknown> = {}) => ({
  accountNumber: number,
  clientId: 'NWB',
  creditorName: 'Northwind Bank',
  balance: 1000,
  originalBalance: 1000,
  statusCode: 'ACT',
  dateOfReferral: 'today-30',
  lastUpdateDate: 'today-5',
  ...extra,
});

const plan = (ref: string, type: string, amount: number, payments: unknown[], extra = {}) => ({
  ref,
  type,
  amount,
  active: true,
  beginBalance: amount,
  created: 'today-40',
  allowRemaining: true,
  modifiableOnline: true,
  payments,
  ...extra,
});

const fixture = {
  debtors: [
    {
      key: 'pay-quinn',
      firstName: 'Quinn',
      lastName: quinn.lastName,
      ssnLast4: quinn.ssn,
      dateOfBirth: quinn.dob,
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          last4: '0004',
          expiration: '2031-06',
          token: 'sbx_card_ok_fixture0001',
        },
        {
          ref: 'expired',
          type: 'card',
          brand: 'mc',
          last4: '0005',
          expiration: '2024-01',
          token: 'sbx_card_ok_fixture0002',
        },
        { ref: 'bank', type: 'bank', last4: '0006', token: 'sbx_bank_ok_fixture0003' },
      ],
      accounts: [
        acct('PAY1.10001', { balance: 2000, originalBalance: 2000, hasSettlementOffers: true }),
        acct('PAY1.10002'),
        acct('PAY1.10003', { balance: 500, originalBalance: 500 }),
        acct('PAY1.10004', { balance: 500, originalBalance: 500 }),
        acct('PAY1.10005', { balance: 1200, originalBalance: 1200, hasSettlementOffers: true }),
        acct('PAY1.10006', { balance: 1200, originalBalance: 1200 }),
        acct('PAY1.10007', { balance: 800, originalBalance: 800 }),
        acct('PAY1.10015', { balance: 900, originalBalance: 900, supportPhone: '800-555-0199' }),
        acct('PAY1.10008', {
          clientId: 'ADW',
          balance: 900,
          originalBalance: 900,
          hasSettlementOffers: true,
        }),
        acct('PAY1.10009', {
          clientId: 'WWI',
          balance: 3000,
          originalBalance: 3000,
          isPco: true,
          minimumPaymentDue: 100,
          statusCode: 'PCO',
        }),
        acct('PAY1.10010', {
          statusCode: 'PPA',
          arrangements: [
            plan('ppa', 'PPA', 1000, [
              { date: 'today-33', amount: 100, status: 'Paid' },
              { date: 'today-3', amount: 100, status: 'PostDate', fundingRef: 'visa' },
              { date: 'today+27', amount: 100, status: 'PostDate', fundingRef: 'visa' },
            ]),
          ],
        }),
        acct('PAY1.10011', {
          statusCode: 'PPA',
          arrangements: [
            plan('ppa', 'PPA', 1000, [
              { date: 'today-30', amount: 100, status: 'Paid' },
              { date: 'today', amount: 100, status: 'PostDate', fundingRef: 'visa' },
              { date: 'today+30', amount: 100, status: 'PostDate' },
            ]),
          ],
        }),
        acct('DU8.10012', {
          statusCode: 'SIF',
          balance: 600,
          arrangements: [
            plan('sif', 'SIF', 600, [
              { date: 'today+5', amount: 300, status: 'PostDate', fundingRef: 'bank' },
              { date: 'today+35', amount: 300, status: 'PostDate', fundingRef: 'bank' },
            ]),
          ],
        }),
        acct('PAY1.10013', {
          clientId: 'PRS',
          isEop: true,
          statusCode: 'EOP',
          endOfPathNotice: true,
        }),
        acct('PAY1.10014', {
          balance: 1000,
          hasSettlementOffers: true,
          letters: [
            {
              letterId: 9014,
              requestDate: 'today-5',
              principalBalance: 1000,
              options: [
                {
                  optionNumber: 1,
                  dueDate: 'today+10',
                  settlementAmount: 600,
                  paymentAmount: 600,
                  discount: 0.4,
                  numberOfPayments: 1,
                  schedule: [{ date: 'today+10', amount: 600 }],
                },
                {
                  optionNumber: 2,
                  dueDate: 'today-1',
                  settlementAmount: 550,
                  paymentAmount: 550,
                  discount: 0.45,
                  numberOfPayments: 1,
                  schedule: [{ date: 'today-1', amount: 550 }],
                },
                {
                  optionNumber: 3,
                  dueDate: 'today+10',
                  settlementAmount: 700,
                  paymentAmount: 350,
                  discount: 0.3,
                  numberOfPayments: 2,
                  schedule: [
                    { date: 'today+10', amount: 350 },
                    { date: 'today+40', amount: 350 },
                  ],
                },
              ],
            },
          ],
        }),
      ],
    },
    {
      key: 'pay-other',
      firstName: 'Olive',
      lastName: other.lastName,
      ssnLast4: other.ssn,
      dateOfBirth: other.dob,
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          last4: '0007',
          expiration: '2031-06',
          token: 'sbx_card_ok_fixture0004',
        },
      ],
      accounts: [acct('PAY1.20001')],
    },
  ],
};

export function paymentsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`payments on ${dialect}`, () => {
    let server: RunningServer;
    let token: string;
    let otherToken: string;
    const schemas = apiValidators();
    const ids: Record<string, number> = {};

    const submit = (
      body: Record<string, unknown>,
      options: { token?: string; key?: string; family?: string } = {},
    ) =>
      call<SubmitAnswer & ErrorBody>(server, `${options.family ?? '/api'}/Account/SubmitPayment`, {
        token: options.token ?? token,
        body: {
          authorizationDisclosuresAccepted: true,
          firstName: 'Quinn',
          lastName: 'Payfixture',
          ...PAYER_CONTACT,
          ...body,
        },
        headers: options.key ? { 'idempotency-key': options.key } : {},
      });

    const oneTime = (accountNumber: string, amount: number, fundingId: number, date = today()) => ({
      accountNumber,
      schedule: [{ date, amount }],
      fundingId,
      type: 'PPA',
      paymentVariant: 'one-time',
    });

    const expectRefused = (
      res: { status: number; body: SubmitAnswer; text: string },
      code: string,
    ) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        paymentSubmission: { confirmation: null, success: false },
        errors: [code],
      });
    };

    const expectPaid = (res: { status: number; body: SubmitAnswer; text: string }): string => {
      expect(res.status, res.text).toBe(200);
      expect(schemas.check('payment-submission-result', res.body)).toEqual([]);
      expect(res.body.errors).toEqual([]);
      expect(res.body.paymentSubmission?.success).toBe(true);
      expect(res.body.paymentSubmission?.confirmation).toMatch(
        /^WP(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/,
      );
      return res.body.paymentSubmission?.confirmation ?? '';
    };

    const submissions = async (accountNumber: string) =>
      server.database.db
        .selectFrom('payment_submissions')
        .innerJoin('accounts', 'accounts.id', 'payment_submissions.account_id')
        .selectAll('payment_submissions')
        .where('accounts.account_number', '=', accountNumber)
        .execute();

    const accepted = async (accountNumber: string) =>
      (await submissions(accountNumber)).filter((s) => s.status !== 'declined');

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await importFixture(server.database.db, fixture);
      token = await signIn(server, quinn);
      otherToken = await signIn(server, other);
      const rows = await server.database.db
        .selectFrom('funding_methods')
        .innerJoin('debtors', 'debtors.id', 'funding_methods.debtor_id')
        .select(['funding_methods.id', 'funding_methods.external_ref', 'debtors.external_key'])
        .where('debtors.external_key', 'in', ['pay-quinn', 'pay-other'])
        .execute();
      for (const row of rows) ids[`${row.external_key}:${row.external_ref}`] = row.id;
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('GetPaymentSettings', () => {
      it("serves the account's client settings in both families", async () => {
        for (const family of FAMILIES) {
          const res = await call<Record<string, unknown>>(
            server,
            `${family}/Account/GetPaymentSettings?accountNumber=PAY1.10008`,
            { token },
          );
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('payment-settings', res.body)).toEqual([]);
          expect(res.body).toMatchObject({
            clientId: 'ADW',
            allowCreditCard: false,
            allowDebitCard: true,
            allowSifArr: false,
            minSinglePayment: 50,
            endOfPathNotice: null,
          });
        }
        const eop = await call<{ endOfPathNotice: { paymentUrl: string } }>(
          server,
          '/api/Account/GetPaymentSettings?accountNumber=PAY1.10013',
          { token },
        );
        expect(eop.body.endOfPathNotice.paymentUrl).toBe('https://pay.proseware.example.com/');
      });

      it("answers 404 for another debtor's account and 401 without a token", async () => {
        const res = await call<ErrorBody>(
          server,
          '/api/Account/GetPaymentSettings?accountNumber=PAY1.20001',
          { token },
        );
        expect(res.status).toBe(404);
        expect(schemas.check('error', res.body)).toEqual([]);
        const anon = await call(server, '/api/Account/GetPaymentSettings?accountNumber=PAY1.10001');
        expect(anon.status).toBe(401);
      });
    });

    describe('the journey stages on the server', () => {
      it('checks the contact details and the consents with the stage forms, in the caller language', async () => {
        const base = oneTime(
          'PAY1.10015',
          50,
          ids['pay-quinn:visa'] as number,
          addDays(today(), 3),
        );
        const missing = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
          token,
          body: { ...base, authorizationDisclosuresAccepted: true, lastName: 'Payfixture' },
        });
        expect(missing.status, missing.text).toBe(400);
        expect(missing.body.errors).toEqual(
          expect.arrayContaining([
            { path: '/firstName', keyword: 'required', message: 'First name is required' },
            { path: '/address1', keyword: 'required', message: 'Address is required' },
            { path: '/city', keyword: 'required', message: 'City is required' },
          ]),
        );
        const { city: _city, ...noCity } = PAYER_CONTACT;
        const spanish = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
          token,
          headers: { 'accept-language': 'es' },
          body: {
            ...base,
            ...noCity,
            firstName: 'Quinn',
            lastName: 'Payfixture',
            authorizationDisclosuresAccepted: true,
          },
        });
        expect(spanish.status, spanish.text).toBe(400);
        expect(spanish.body.errors).toEqual([
          { path: '/city', keyword: 'required', message: 'La ciudad es obligatoria' },
        ]);
        // A refused e-sign consent is refused (the request schema says it must be true).
        const refused = await submit({ ...base, eSignConsent: false });
        expect(refused.status, refused.text).toBe(400);
        expect(JSON.stringify(refused.body)).toContain('/eSignConsent');
        expect(await accepted('PAY1.10015')).toEqual([]);
      });

      it('keeps what the debtor agreed to and serves their copy as a PDF in their language', async () => {
        const date = addDays(today(), 2);
        const body = oneTime('PAY1.10015', 75, ids['pay-quinn:visa'] as number, date);
        const confirmation = expectPaid(
          await submit({ ...body, eSignConsent: true }, { key: 'authorization-copy' }),
        );
        const [record] = await server.database.db
          .selectFrom('payment_authorizations')
          .selectAll()
          .where('confirmation', '=', confirmation)
          .execute();
        expect(record).toMatchObject({
          language: 'en',
          content_version: expect.any(String),
          recurring: 0,
          payer_name: 'Quinn Payfixture',
          method_name: 'Visa ****0004',
          total_cents: 7500,
        });
        expect(record?.authorization_text).toContain(
          'I, Quinn Payfixture, authorize MRS to make a single electronic payment of $75.00 from Visa ****0004',
        );
        expect(record?.authorization_text).toContain('800-555-0199');
        expect(record?.esign_text).toContain('Pay $75.00');

        for (const family of FAMILIES) {
          const res = await call(
            server,
            `${family}/Account/PaymentAuthorization?accountNumber=PAY1.10015&confirmation=${confirmation}`,
            { token, headers: { 'accept-language': 'es' } },
          );
          expect(res.status, res.text).toBe(200);
          expect(res.headers.get('content-type')).toBe('application/pdf');
          const text = (await pdfLines(res)).join(' ');
          // Printed in the language it was agreed in (English), whatever the caller asks now.
          expect(text).toContain('Quinn Payfixture');
          expect(text).toContain('$75.00');
          expect(text).toContain(confirmation);
          expect(text).toContain('single electronic payment');
        }
        const others = await call(
          server,
          `/api/Account/PaymentAuthorization?accountNumber=PAY1.10015&confirmation=${confirmation}`,
          { token: otherToken },
        );
        expect(others.status).toBe(404);
        const unknown = await call(
          server,
          '/api/Account/PaymentAuthorization?accountNumber=PAY1.10015&confirmation=WP0000000000',
          { token },
        );
        expect(unknown.status).toBe(404);
      });
    });

    describe('SubmitPayment', () => {
      it('charges a one-time payment today, writes its arrangement and replays a retry', async () => {
        const body = oneTime('PAY1.10001', 100, ids['pay-quinn:visa'] as number);
        const first = await submit(body, { key: 'one-time-1' });
        const confirmation = expectPaid(first);
        expect(first.headers.get('idempotent-replayed')).toBeNull();

        const retry = await submit(body, { key: 'one-time-1', family: '/api/v2' });
        expect(retry.status).toBe(200);
        expect(retry.body).toEqual(first.body);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');

        const reused = await submit(
          { ...body, schedule: [{ date: today(), amount: 101 }] },
          { key: 'one-time-1' },
        );
        expect(reused.status).toBe(422);
        expect(reused.headers.get('content-type')).toContain('application/json');
        expect(schemas.check('error', reused.body)).toEqual([]);

        const rows = await accepted('PAY1.10001');
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          status: 'approved',
          amount_cents: 10000,
          variant: 'one-time',
          confirmation,
        });

        const detailed = await call<{
          account: {
            isPaymentPendingPost: boolean;
            currentArrangementSummary: { type: string } | null;
          };
          transactions: { confirmationCode: string; isPending: boolean; amount: number }[];
          arrangements: {
            details: { status: string; confirmation: string | null; hasAttachedFunding: boolean }[];
          }[];
        }>(server, '/api/Account/Detailed?accountNumber=PAY1.10001', { token });
        expect(detailed.status).toBe(200);
        expect(detailed.body.account.isPaymentPendingPost).toBe(true);
        expect(detailed.body.transactions[0]).toMatchObject({
          confirmationCode: confirmation,
          isPending: true,
          amount: 100,
        });
        expect(detailed.body.arrangements[0]?.details[0]).toMatchObject({
          status: 'Approved',
          confirmation,
          hasAttachedFunding: true,
        });

        // Sent again without a key: detected as a duplicate, nothing new is written.
        expectRefused(await submit(body), 'duplicate');
        expect(await accepted('PAY1.10001')).toHaveLength(1);
      });

      it('GetExistingPayment finds a same-day payment (both families), 404 for others', async () => {
        for (const family of FAMILIES) {
          const yes = await call<boolean>(server, `${family}/Account/GetExistingPayment`, {
            token,
            body: { accountNumber: 'PAY1.10001', dateOfPayment: today(), amount: 100 },
          });
          expect(yes.status).toBe(200);
          expect(yes.body).toBe(true);
          const no = await call<boolean>(server, `${family}/Account/GetExistingPayment`, {
            token,
            body: { accountNumber: 'PAY1.10002', dateOfPayment: today(), amount: 100 },
          });
          expect(no.body).toBe(false);
        }
        const foreign = await call(server, '/api/Account/GetExistingPayment', {
          token,
          body: { accountNumber: 'PAY1.20001', dateOfPayment: today() },
        });
        expect(foreign.status).toBe(404);
      });

      it('refuses amounts, dates, variants and funding the rules do not allow', async () => {
        const visa = ids['pay-quinn:visa'] as number;
        expectRefused(await submit(oneTime('PAY1.10002', 10, visa)), 'min_payment_amount');
        expectRefused(await submit(oneTime('PAY1.10002', 1000.01, visa)), 'amount_exceeds_balance');
        expectRefused(
          await submit(oneTime('PAY1.10002', 50, visa, addDays(today(), -1))),
          'date_out_of_range',
        );
        // NWB allows one-time payments up to 30 days ahead (maxSinglePayDaysInFuture).
        expectRefused(
          await submit(oneTime('PAY1.10002', 50, visa, addDays(today(), 31))),
          'date_out_of_range',
        );
        expectRefused(
          await submit(oneTime('PAY1.10002', 50, ids['pay-quinn:expired'] as number)),
          'funding_expired',
        );
        expectRefused(
          await submit({
            ...oneTime('PAY1.10002', 1000, visa),
            type: 'SIF',
            paymentVariant: 'sif',
          }),
          'variant_not_offered',
        );
        expectRefused(
          await submit({ ...oneTime('PAY1.10002', 50, visa), paymentVariant: 'past-due' }),
          'variant_not_offered',
        );
        expectRefused(
          await submit({ ...oneTime('PAY1.10002', 50, visa), type: 'PIF' }),
          'variant_not_offered',
        );
        expect(await accepted('PAY1.10002')).toHaveLength(0);
      });

      it('reports each sandbox decline and lets the debtor pay after one', async () => {
        const cases: [string, string][] = [
          [CARDS.insufficientFunds, 'Decline-InsufficientFunds'],
          [CARDS.exceedsLimit, 'Decline-ExceedsWithdrawalAmountLimitActivityAmountLimitExceeded'],
          [CARDS.notPermitted, 'Error-TransactionNotPermittedCardholder'],
        ];
        for (const [number, code] of cases) {
          const card = await addCard(server, token, 'PAY1.10002', number);
          expectRefused(await submit(oneTime('PAY1.10002', 50, card.id)), code);
        }
        for (const [number, code] of [
          [BANKS.insufficientFunds, 'Decline-InsufficientFunds'],
          [BANKS.exceedsLimit, 'Decline-ExceedsWithdrawalAmountLimitActivityAmountLimitExceeded'],
          [BANKS.notPermitted, 'Error-TransactionNotPermittedCardholder'],
        ] as const) {
          const bank = await addBank(server, token, 'PAY1.10002', number);
          expectRefused(await submit(oneTime('PAY1.10002', 50, bank.id)), code);
        }
        const rows = await submissions('PAY1.10002');
        expect(rows).toHaveLength(6);
        expect(rows.every((r) => r.status === 'declined' && r.dedupe_key === null)).toBe(true);
        const ok = await addBank(server, token, 'PAY1.10002', BANKS.ok);
        expectPaid(await submit(oneTime('PAY1.10002', 50, ok.id)));
        expect(await accepted('PAY1.10002')).toHaveLength(1);
      });

      it('creates one payment for two concurrent identical submissions without a key', async () => {
        const body = oneTime('PAY1.10003', 75, ids['pay-quinn:visa'] as number);
        const answers = await Promise.all([submit(body), submit(body)]);
        const paid = answers.filter((a) => a.body.paymentSubmission?.success);
        expect(paid).toHaveLength(1);
        const loser = answers.find((a) => !a.body.paymentSubmission?.success);
        expect(loser?.body.errors).toEqual(['duplicate']);
        expect(await accepted('PAY1.10003')).toHaveLength(1);
        const arrangements = await server.database.db
          .selectFrom('arrangements')
          .innerJoin('accounts', 'accounts.id', 'arrangements.account_id')
          .select('arrangements.id')
          .where('accounts.account_number', '=', 'PAY1.10003')
          .execute();
        expect(arrangements).toHaveLength(1);
      });

      it('creates one payment for two concurrent submissions with the same key', async () => {
        const body = oneTime('PAY1.10004', 80, ids['pay-quinn:visa'] as number);
        const answers = await Promise.all([
          submit(body, { key: 'same-key-2' }),
          submit(body, { key: 'same-key-2' }),
        ]);
        const paid = answers.filter((a) => a.status === 200 && a.body.paymentSubmission?.success);
        expect(paid.length).toBeGreaterThanOrEqual(1);
        for (const answer of answers) {
          if (answer.status === 200) expect(answer.body).toEqual(paid[0]?.body);
          else expect(answer.status).toBe(409);
        }
        expect(await accepted('PAY1.10004')).toHaveLength(1);
      });

      it('answers 409 while a key is in flight and 400 for a malformed key', async () => {
        const body = {
          authorizationDisclosuresAccepted: true,
          firstName: 'Quinn',
          lastName: 'Payfixture',
          ...PAYER_CONTACT,
          ...oneTime('PAY1.10007', 60, ids['pay-quinn:visa'] as number),
        };
        const debtor = await server.database.db
          .selectFrom('debtors')
          .select('id')
          .where('external_key', '=', 'pay-quinn')
          .executeTakeFirstOrThrow();
        await server.database.db
          .insertInto('idempotency_keys')
          .values({
            debtor_id: debtor.id,
            key: 'stuck-key',
            scope: 'SubmitPayment',
            request_hash: requestHash('SubmitPayment', body),
            state: 'in_flight',
            response_status: null,
            response_body: null,
            created_at: new Date().toISOString(),
            completed_at: null,
          })
          .execute();
        const res = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
          token,
          body,
          headers: { 'idempotency-key': 'stuck-key' },
        });
        expect(res.status).toBe(409);
        expect(schemas.check('error', res.body)).toEqual([]);
        const bad = await submit(body, { key: 'spaces are not allowed' });
        expect(bad.status).toBe(400);
        expect(await accepted('PAY1.10007')).toHaveLength(0);
      });

      it('claims a key answered more than KEY_TTL_HOURS ago afresh, in the same statement', async () => {
        const debtor = await server.database.db
          .selectFrom('debtors')
          .select('id')
          .where('external_key', '=', 'pay-quinn')
          .executeTakeFirstOrThrow();
        const answered = (key: string, hoursAgo: number) =>
          server.database.db
            .insertInto('idempotency_keys')
            .values({
              debtor_id: debtor.id,
              key,
              scope: 'SubmitPayment',
              request_hash: requestHash('SubmitPayment', { another: 'body' }),
              state: 'done',
              response_status: 200,
              response_body: '{"old":true}',
              created_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
              completed_at: null,
            })
            .execute();
        await answered('kept-key', KEY_TTL_HOURS - 1);
        await answered('expired-key', KEY_TTL_HOURS + 1);
        const body = { ...oneTime('PAY1.10002', 50, ids['pay-quinn:visa'] as number), type: 'PIF' };
        const kept = await submit(body, { key: 'kept-key' });
        expect(kept.status, kept.text).toBe(422);
        const fresh = await submit(body, { key: 'expired-key' });
        // Run afresh (refused by the rules here: the account is paid already), not replayed.
        expect(fresh.status, fresh.text).toBe(200);
        expect(fresh.body.paymentSubmission?.success).toBe(false);
        expect(fresh.headers.get(REPLAYED)).toBeNull();
        const row = await server.database.db
          .selectFrom('idempotency_keys')
          .select(['state', 'response_body', 'lease_until'])
          .where('debtor_id', '=', debtor.id)
          .where('key', '=', 'expired-key')
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ state: 'done', response_body: fresh.text, lease_until: null });
        const again = await submit(body, { key: 'expired-key' });
        expect(again.headers.get(REPLAYED)).toBe('true');
        expect(again.body).toEqual(fresh.body);
      });

      it('pays in full on a later day, with the exact balance only', async () => {
        const visa = ids['pay-quinn:visa'] as number;
        const pif = (amount: number, date: string) => ({
          accountNumber: 'PAY1.10007',
          schedule: [{ date, amount }],
          fundingId: visa,
          type: 'PIF',
        });
        expectRefused(await submit(pif(799, addDays(today(), 10))), 'invalid_amount');
        expectRefused(await submit(pif(800, addDays(today(), 16))), 'date_out_of_range');
        expectPaid(await submit(pif(800, addDays(today(), 10))));
        const rows = await accepted('PAY1.10007');
        expect(rows).toMatchObject([{ status: 'scheduled', variant: 'pif', type: 'PIF' }]);
      });

      it('sets up a settlement plan from GetSettlementPlans; a changed plan is sif_invalid', async () => {
        const plans = await call<
          {
            numMonths: number;
            discountedBalance: number;
            payments: { suggestedDate: string; amount: number }[];
          }[]
        >(server, '/api/Account/GetSettlementPlans?accountNumber=PAY1.10005', { token });
        expect(plans.status, plans.text).toBe(200);
        const three = plans.body.find((p) => p.numMonths === 3);
        expect(three?.discountedBalance).toBe(840);
        const schedule = (three?.payments ?? []).map((p) => ({
          date: p.suggestedDate,
          amount: p.amount,
        }));
        const body = {
          accountNumber: 'PAY1.10005',
          schedule,
          fundingId: ids['pay-quinn:bank'] as number,
          type: 'SIF',
        };
        const short = schedule.map((p, i) => (i === 2 ? { ...p, amount: p.amount - 1 } : p));
        expectRefused(await submit({ ...body, schedule: short }), 'sif_invalid');
        expectRefused(await submit({ ...body, schedule: schedule.slice(0, 2) }), 'sif_invalid');
        const late = schedule.map((p, i) => (i === 1 ? { ...p, date: addDays(p.date, 20) } : p));
        expectRefused(await submit({ ...body, schedule: late }), 'date_out_of_range');
        expectPaid(await submit(body));
        const arrangement = await server.database.db
          .selectFrom('arrangements')
          .innerJoin('accounts', 'accounts.id', 'arrangements.account_id')
          .select(['arrangements.type', 'arrangements.amount_cents'])
          .where('accounts.account_number', '=', 'PAY1.10005')
          .executeTakeFirstOrThrow();
        expect(arrangement).toEqual({ type: 'SIF', amount_cents: 84000 });
      });

      it('sets up a balance-in-full plan from GetPaymentPlans', async () => {
        const plans = await call<
          { numMonths: number; payments: { suggestedDate: string; amount: number }[] }[]
        >(server, '/api/Account/GetPaymentPlans?accountNumber=PAY1.10006&month=4', { token });
        expect(plans.status, plans.text).toBe(200);
        expect(plans.body).toHaveLength(1);
        const schedule = (plans.body[0]?.payments ?? []).map((p) => ({
          date: p.suggestedDate,
          amount: p.amount,
        }));
        const body = {
          accountNumber: 'PAY1.10006',
          schedule,
          fundingId: ids['pay-quinn:visa'] as number,
          type: 'PIF',
        };
        expectRefused(
          await submit({ ...body, schedule: schedule.map((p) => ({ ...p, amount: 200 })) }),
          'invalid_schedule',
        );
        const tiny = [
          { ...schedule[0], amount: 10 },
          ...schedule.slice(1, 3),
          { ...schedule[3], amount: (schedule[3]?.amount ?? 0) + 290 },
        ];
        expectRefused(await submit({ ...body, schedule: tiny }), 'min_payment_amount');
        expectPaid(await submit(body));
        expect(await accepted('PAY1.10006')).toMatchObject([{ variant: 'bif', payment_count: 4 }]);
      });

      it("enforces the client's funding types and settlement setting (ADW)", async () => {
        const sifPlans = await call(
          server,
          '/api/Account/GetSettlementPlans?accountNumber=PAY1.10008',
          { token },
        );
        expect(sifPlans.status).toBe(404);
        expectRefused(
          await submit({
            ...oneTime('PAY1.10008', 540, ids['pay-quinn:bank'] as number),
            type: 'SIF',
            paymentVariant: 'sif',
          }),
          'variant_not_offered',
        );
        expectRefused(
          await submit(oneTime('PAY1.10008', 100, ids['pay-quinn:visa'] as number)),
          'funding_type_not_allowed',
        );
        expectRefused(
          await submit(oneTime('PAY1.10008', 49, ids['pay-quinn:bank'] as number)),
          'min_payment_amount',
        );
        expectRefused(
          await submit(
            oneTime('PAY1.10008', 100, ids['pay-quinn:bank'] as number, addDays(today(), 16)),
          ),
          'date_out_of_range',
        );
        const debit = await addCard(server, token, 'PAY1.10008', CARDS.visaDebit);
        expect(debit.cardType).toBe('debit');
        expectPaid(await submit(oneTime('PAY1.10008', 100, debit.id)));
      });

      it('brings a PCO account current with the minimum payment due only', async () => {
        const visa = ids['pay-quinn:visa'] as number;
        const body = (amount: number) => ({
          ...oneTime('PAY1.10009', amount, visa),
          paymentVariant: 'bring-current',
        });
        expectRefused(await submit(body(99)), 'invalid_amount');
        expectPaid(await submit(body(100)));
        expect(await accepted('PAY1.10009')).toMatchObject([{ variant: 'bring-current' }]);
      });

      it('pays a past-due scheduled payment and an upcoming one due today', async () => {
        const visa = ids['pay-quinn:visa'] as number;
        const confirmation = expectPaid(
          await submit({ ...oneTime('PAY1.10010', 100, visa), paymentVariant: 'past-due' }),
        );
        const paid = await server.database.db
          .selectFrom('arrangement_payments')
          .select(['status', 'pay_date', 'is_pending_post'])
          .where('confirmation', '=', confirmation)
          .execute();
        expect(paid).toEqual([
          { status: 'Approved', pay_date: addDays(today(), -3), is_pending_post: 1 },
        ]);
        // inferred from the account: an active arrangement with a payment payable today
        expectPaid(
          await submit({
            accountNumber: 'PAY1.10011',
            schedule: [{ date: today(), amount: 100 }],
            fundingId: visa,
            type: 'PPA',
          }),
        );
        expect(await accepted('PAY1.10011')).toMatchObject([{ variant: 'upcoming' }]);
      });

      it('refuses the remaining balance of a DU8 SIF arrangement and any payment on an EOP account', async () => {
        const bank = ids['pay-quinn:bank'] as number;
        expectRefused(
          await submit({ ...oneTime('DU8.10012', 600, bank), paymentVariant: 'remaining' }),
          'variant_not_offered',
        );
        expectRefused(await submit(oneTime('PAY1.10013', 50, bank)), 'variant_not_offered');
      });

      it("answers 404 for another debtor's account or funding method, 400 for a bad body", async () => {
        const foreignFunding = await submit(
          oneTime('PAY1.10002', 50, ids['pay-other:visa'] as number),
        );
        expect(foreignFunding.status).toBe(404);
        const foreignAccount = await submit(
          oneTime('PAY1.20001', 50, ids['pay-quinn:visa'] as number),
        );
        expect(foreignAccount.status).toBe(404);
        const otherOwn = await submit(oneTime('PAY1.10002', 50, ids['pay-quinn:visa'] as number), {
          token: otherToken,
        });
        expect(otherOwn.status).toBe(404);
        const missing = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
          token,
          body: {
            accountNumber: 'PAY1.10002',
            schedule: [],
            type: 'PPA',
            authorizationDisclosuresAccepted: false,
          },
        });
        expect(missing.status).toBe(400);
        expect(missing.body.errors?.map((e) => e.path)).toEqual(
          expect.arrayContaining(['/fundingId', '/schedule', '/authorizationDisclosuresAccepted']),
        );
      });
    });

    describe('letter tokens', () => {
      let letterToken: string;
      let option: Record<number, number>;
      let card: FundingBody;

      beforeAll(async () => {
        letterToken = await letterSignIn(server, 'PAY1.10014', 9014);
        const rows = await server.database.db
          .selectFrom('letter_options')
          .select(['id', 'option_number'])
          .where('letter_id', '=', 9014)
          .execute();
        option = Object.fromEntries(rows.map((r) => [r.option_number, r.id]));
      });

      it('add and see only the funding methods of their own session', async () => {
        card = await addCard(server, letterToken, 'PAY1.10014', CARDS.mcCredit);
        const list = await call<FundingBody[]>(
          server,
          '/api/Debtor/FundingMethods?accountNumber=PAY1.10014',
          {
            token: letterToken,
          },
        );
        expect(list.status).toBe(200);
        expect(list.body.map((f) => f.id)).toEqual([card.id]);
        const saved = await submit(
          {
            accountNumber: 'PAY1.10014',
            letterId: 9014,
            letterOptionId: option[1],
            schedule: [{ date: addDays(today(), 10), amount: 600 }],
            fundingId: ids['pay-quinn:visa'],
            type: 'LET',
          },
          { token: letterToken },
        );
        expect(saved.status).toBe(404);
      });

      it('may submit only their letter variant, on their account, for a live option', async () => {
        const letterBody = (
          optionNumber: number,
          schedule: { date: string; amount: number }[],
          extra = {},
        ) => ({
          accountNumber: 'PAY1.10014',
          letterId: 9014,
          letterOptionId: option[optionNumber],
          schedule,
          fundingId: card.id,
          type: 'LET',
          ...extra,
        });
        const ppa = await submit(oneTime('PAY1.10014', 50, card.id), { token: letterToken });
        expect(ppa.status).toBe(403);
        const elsewhere = await submit(
          { ...letterBody(1, [{ date: today(), amount: 600 }]), accountNumber: 'PAY1.10001' },
          { token: letterToken },
        );
        expect(elsewhere.status).toBe(404);
        const otherLetter = await submit(
          letterBody(1, [{ date: today(), amount: 600 }], { letterId: 57 }),
          { token: letterToken },
        );
        expect(otherLetter.status).toBe(404);
        const plans = await call(server, '/api/Account/GetPaymentPlans?accountNumber=PAY1.10014', {
          token: letterToken,
        });
        expect(plans.status).toBe(403);
        expectRefused(
          await submit(letterBody(2, [{ date: today(), amount: 550 }]), { token: letterToken }),
          'letter_option_expired',
        );
        expectRefused(
          await submit(letterBody(3, [{ date: today(), amount: 700 }]), { token: letterToken }),
          'invalid_schedule',
        );
        const schedule = [
          { date: addDays(today(), 10), amount: 350 },
          { date: addDays(today(), 40), amount: 350 },
        ];
        expectPaid(await submit(letterBody(3, schedule), { token: letterToken, key: 'letter-1' }));
        expect(await accepted('PAY1.10014')).toMatchObject([
          { variant: 'letter', type: 'LET', total_cents: 70000, letter_id: 9014 },
        ]);
      });
    });

    describe('privacy', () => {
      it('keeps full card and bank numbers out of every table and the log', async () => {
        await expectNoFullNumbers(server.database.db);
        const numbers = [...Object.values(CARDS), ...Object.values(BANKS)];
        expect(leakedSecrets(server.logs.lines, numbers)).toEqual([]);
      });
    });
  });
}
