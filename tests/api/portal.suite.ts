/**
 * The API suite, run once per database (sqlite.test.ts, postgres.test.ts) against real servers.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { leakedSecrets } from '../leaks';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import { importPortalData } from '../../src/server/db/import';
import { loadServerSecret } from '../../src/server/db/secret';
import {
  apiValidators,
  call,
  decodeJwt,
  freshIp,
  REPO_ROOT,
  startServer,
  tempDir,
  TEST_SECRET,
  type DatabaseFactory,
  type RunningServer,
  type TokenPair,
} from './harness';
import {
  PAGE_REQUEST_SCRIPT,
  PAGE_REQUEST_SCRIPT_SOURCE,
} from '../../src/server/http/page-requests';

const FAMILIES = ['/api', '/api/v2'] as const;
const schemas = apiValidators();
const today = () => calendarDay(new Date(), DEFAULT_TIME_ZONE);

const maria = {
  lastName: 'Garcia',
  option1: 'SocialSecurityNumber',
  option2: 'DateOfBirth',
  socialSecurityNumber: '1234',
  dateOfBirth: '1980-01-15',
  stateDisclosuresAccepted: true,
  consent: true,
};

interface ErrorBody {
  message: string;
  errors?: { path: string; keyword: string; message: string }[];
  fieldRequired?: string;
}

interface AccountBody {
  accountNumber: string;
  balance: number;
  isClosed: boolean;
  isPco: boolean;
  minimumPaymentDue: number | null;
  hasActiveArrangement: boolean;
  currentArrangementSummary: {
    type: string;
    payments: { date: string; status: string; amount: number }[];
  } | null;
}

export function portalSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`portal API on ${dialect}`, () => {
    let server: RunningServer;

    const signIn = async (body: Record<string, unknown>, ip?: string) =>
      call<TokenPair & ErrorBody>(server, '/api/Authorization/VerifyIdentity', { body, ip });

    const tokenFor = async (body: Record<string, unknown>): Promise<string> => {
      const res = await signIn(body);
      expect(res.status, res.text).toBe(200);
      return res.body.accessToken;
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase);
    });
    afterAll(async () => {
      await server?.close();
    });

    describe('basics', () => {
      it('answers health without a session header, with the security headers', async () => {
        const res = await call(server, '/api/health', { session: null });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'ok' });
        expect(schemas.check('health', res.body)).toEqual([]);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-eval');
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      });

      it('requires the session header on every other /api call', async () => {
        for (const family of FAMILIES) {
          const res = await call<ErrorBody>(server, `${family}/Authorization/VerifyIdentity`, {
            body: maria,
            session: null,
          });
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ message: 'Missing session id header' });
          expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
        }
      });

      it('answers unknown /api routes with 404 JSON', async () => {
        const res = await call<ErrorBody>(server, '/api/v2/Nope/Nothing');
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(schemas.check('error', res.body)).toEqual([]);
      });
    });

    describe('VerifyIdentity', () => {
      it('signs Maria in with SSN and date of birth, in both families', async () => {
        for (const family of FAMILIES) {
          const res = await call<TokenPair>(server, `${family}/Authorization/VerifyIdentity`, {
            body: maria,
          });
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('token-pair', res.body)).toEqual([]);
          const access = decodeJwt(res.body.accessToken);
          expect(access.role).toBe('account');
          expect(typeof access.sub).toBe('string');
          expect(typeof access.sid).toBe('string');
          expect(Number(access.exp) - Number(access.iat)).toBe(15 * 60);
          const refresh = decodeJwt(res.body.refreshToken);
          expect(refresh.typ).toBe('refresh');
          expect(Number(refresh.exp) - Number(refresh.iat)).toBe(12 * 60 * 60);
          const stored = await server.database.db
            .selectFrom('refresh_tokens')
            .selectAll()
            .where('jti', '=', String(refresh.jti))
            .executeTakeFirst();
          expect(stored?.debtor_id).toBe(Number(access.sub));
          expect(stored?.family).toBe(access.sid);
        }
      });

      it.each([
        [
          'Maria by phone and date of birth',
          {
            lastName: ' garcia ',
            option1: 'Phone',
            option2: 'DateOfBirth',
            phone: '(555) 201-0001',
            dateOfBirth: '1980-01-15',
          },
        ],
        [
          'Maria by MRS account number and last name',
          {
            lastName: 'GARCIA',
            option1: 'MRSAccountNumber',
            option2: 'LastName',
            accountNumber: 'LU1.10002',
          },
        ],
        [
          'Maria by DOB and phone as option2',
          {
            lastName: 'Garcia',
            option1: 'DateOfBirth',
            option2: 'Phone',
            dateOfBirth: '1980-01-15',
            phone: '5552010001',
          },
        ],
        [
          'John by SSN and date of birth',
          {
            lastName: 'Smith',
            option1: 'SocialSecurityNumber',
            option2: 'DateOfBirth',
            socialSecurityNumber: '5678',
            dateOfBirth: '1975-06-30',
          },
        ],
        [
          'John by MRS account number with LastName option',
          {
            lastName: 'smith',
            option1: 'MRSAccountNumber',
            option2: 'LastName',
            accountNumber: 'lu1.20001',
          },
        ],
        [
          'Acme by client account number and MRS account number',
          {
            lastName: 'Acme Supply LLC',
            option1: 'ClientAccountNumber',
            option2: 'MRSAccountNumber',
            creditorAccountNumber: '4000 1234 5678 9012',
            accountNumber: 'LU1.30001',
          },
        ],
        [
          'Acme by MRS account number, punctuation ignored',
          {
            lastName: 'Acme Supply, LLC.',
            option1: 'MRSAccountNumber',
            option2: 'LastName',
            accountNumber: 'LU1.30001',
          },
        ],
        [
          'Acme by phone and client account number',
          {
            lastName: 'acme supply llc',
            option1: 'Phone',
            option2: 'ClientAccountNumber',
            phone: '555-201-0004',
            creditorAccountNumber: '4000123456789012',
          },
        ],
      ])('signs in: %s', async (_name, body) => {
        const res = await signIn(body);
        expect(res.status, res.text).toBe(200);
        expect(decodeJwt(res.body.accessToken).role).toBe('account');
      });

      it('answers 404 when nothing matches, in the caller language', async () => {
        // At most 4 failures per last name: the fifth would lock the identity (tested last).
        const cases = [
          { ...maria, socialSecurityNumber: '9999' },
          { ...maria, dateOfBirth: '1980-01-16' },
          { ...maria, lastName: 'Nobody' },
          // John's account with Maria's name: the account must belong to the debtor.
          {
            lastName: 'Garcia',
            option1: 'MRSAccountNumber',
            option2: 'LastName',
            accountNumber: 'LU1.20001',
          },
          {
            lastName: 'Smith',
            option1: 'Phone',
            option2: 'DateOfBirth',
            phone: '555-201-0001',
            dateOfBirth: '1975-06-30',
          },
        ];
        for (const body of cases) {
          const res = await signIn(body);
          expect(res.status, JSON.stringify(body)).toBe(404);
          expect(res.body.message).toBe(
            'Please check your details or try a different combination.',
          );
          expect(schemas.check('error', res.body)).toEqual([]);
        }
        const es = await call<ErrorBody>(server, '/api/Authorization/VerifyIdentity', {
          body: { ...maria, socialSecurityNumber: '0000' },
          lang: 'es-US,es;q=0.9,en;q=0.5',
        });
        expect(es.status).toBe(404);
        expect(es.body.message).toContain('Por favor');
      });

      it('asks Anna for her SSN (440) and then signs her in with option3', async () => {
        const base = {
          lastName: 'Lee',
          option1: 'DateOfBirth',
          option2: 'Phone',
          dateOfBirth: '1990-03-03',
          phone: '555-201-0003',
        };
        const first = await signIn(base);
        expect(first.status).toBe(440);
        expect(first.body.fieldRequired).toBe('SSN');
        expect(typeof first.body.message).toBe('string');
        expect(schemas.check('error', first.body)).toEqual([]);

        const wrong = await signIn({
          ...base,
          option3: 'SocialSecurityNumber',
          socialSecurityNumber: '1111',
        });
        expect(wrong.status).toBe(404);

        const second = await signIn({
          ...base,
          option3: 'SocialSecurityNumber',
          socialSecurityNumber: '4321',
        });
        expect(second.status, second.text).toBe(200);
        expect(decodeJwt(second.body.accessToken).role).toBe('account');
      });

      it('rejects invalid bodies with 400 and field errors, never a stack', async () => {
        const cases: [Record<string, unknown>, string, string][] = [
          [{ ...maria, lastName: undefined }, '/lastName', 'required'],
          [{ ...maria, lastName: 'G' }, '/lastName', 'minLength'],
          [{ ...maria, socialSecurityNumber: '12a4' }, '/socialSecurityNumber', 'pattern'],
          [{ ...maria, socialSecurityNumber: undefined }, '/socialSecurityNumber', 'required'],
          [{ ...maria, dateOfBirth: '1980-02-30' }, '/dateOfBirth', 'format'],
          [{ ...maria, option1: 'Password' }, '/option1', 'enum'],
          [{ ...maria, option2: undefined }, '/option2', 'required'],
          [{ ...maria, extra: 1 }, '/extra', 'additionalProperties'],
          // A kind chosen needs its value, whole: digits in a phone, a street and ZIP code in an
          // address, something in a client account number.
          [{ ...maria, option2: 'Phone', phone: '(((((((((((((' }, '/phone', 'pattern'],
          [
            { ...maria, option2: 'Address', address: { city: 'Springfield' } },
            '/address/street',
            'required',
          ],
          [
            { ...maria, option2: 'Address', address: { street: '123 Main St', zip: 'x' } },
            '/address/zip',
            'pattern',
          ],
          [
            { ...maria, option2: 'ClientAccountNumber', creditorAccountNumber: '  -  ' },
            '/creditorAccountNumber',
            'pattern',
          ],
          [
            { lastName: 'Garcia', option1: 'Phone', option2: 'Phone', phone: '5552010001' },
            '/option2',
            'duplicate',
          ],
        ];
        for (const [body, pathName, keyword] of cases) {
          const res = await signIn(body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(schemas.check('error', res.body)).toEqual([]);
          expect(
            res.body.errors?.some((e) => e.path === pathName && e.keyword === keyword),
            res.text,
          ).toBe(true);
          expect(res.text).not.toMatch(/stack|at .*\.ts:\d+/);
        }
        const broken = await call<ErrorBody>(server, '/api/Authorization/VerifyIdentity', {
          rawBody: '{"lastName":',
        });
        expect(broken.status).toBe(400);
        expect(broken.text).not.toContain('stack');
        const es = await call<ErrorBody>(server, '/api/Authorization/VerifyIdentity', {
          body: { ...maria, lastName: undefined },
          lang: 'es',
        });
        expect(es.body.message).toBe('La solicitud no es válida.');
        expect(es.body.errors?.[0]?.message).toBe('Este campo es obligatorio.');
      });
    });

    describe('VerifyLetter', () => {
      it('opens a recent letter with a letter token', async () => {
        for (const family of FAMILIES) {
          const res = await call<TokenPair>(server, `${family}/Authorization/VerifyLetter`, {
            body: { letterId: 57, accountNumber: 'LU1.10001' },
          });
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('token-pair', res.body)).toEqual([]);
          const claims = decodeJwt(res.body.accessToken);
          expect(claims).toMatchObject({
            role: 'letter',
            accountNumber: 'LU1.10001',
            letterId: 57,
          });
        }
      });

      it('answers 404 for a wrong letter, an old letter or another account', async () => {
        for (const body of [
          { letterId: 58, accountNumber: 'LU1.10001' },
          { letterId: 41, accountNumber: 'LU1.10001' },
          { letterId: 57, accountNumber: 'LU1.20001' },
        ]) {
          const res = await call<ErrorBody>(server, '/api/Authorization/VerifyLetter', { body });
          expect(res.status, JSON.stringify(body)).toBe(404);
          expect(res.body.message).toBe(
            'The offer code you entered was not found. Please try again.',
          );
        }
        const bad = await call<ErrorBody>(server, '/api/Authorization/VerifyLetter', {
          body: { letterId: 'x', accountNumber: 'LU1.10001' },
        });
        expect(bad.status).toBe(400);
      });

      it('returns the letter with its three options to its letter token and to the account owner', async () => {
        const letterToken = (
          await call<TokenPair>(server, '/api/Authorization/VerifyLetter', {
            body: { letterId: 57, accountNumber: 'LU1.10001' },
          })
        ).body.accessToken;
        const accountToken = await tokenFor(maria);
        for (const family of FAMILIES) {
          for (const token of [letterToken, accountToken]) {
            const res = await call<{
              letterCode: string;
              firstName: string;
              options: {
                numberOfPayments: number;
                discount: number;
                settlementAmount: number;
                paymentSchedule: { amount: number }[];
              }[];
            }>(server, `${family}/Account/Letter?accountNumber=LU1.10001&letterId=57`, { token });
            expect(res.status, res.text).toBe(200);
            expect(schemas.check('letter', res.body)).toEqual([]);
            expect(res.body.letterCode).toBe('LU1.10001.57');
            expect(res.body.firstName).toBe('Maria');
            expect(res.body.options.map((o) => o.numberOfPayments)).toEqual([1, 3, 6]);
            for (const option of res.body.options) {
              expect(option.discount).toBeGreaterThan(0);
              expect(option.discount).toBeLessThan(1);
              const total = option.paymentSchedule.reduce(
                (sum, p) => sum + Math.round(p.amount * 100),
                0,
              );
              expect(total).toBe(Math.round(option.settlementAmount * 100));
            }
          }
        }
        // The letter token opens only its own letter; other debtors never see it.
        const other = await call(
          server,
          '/api/Account/Letter?accountNumber=LU1.10001&letterId=41',
          { token: letterToken },
        );
        expect(other.status).toBe(404);
        const john = await tokenFor({
          lastName: 'Smith',
          option1: 'MRSAccountNumber',
          option2: 'LastName',
          accountNumber: 'LU1.20001',
        });
        const foreign = await call(
          server,
          '/api/Account/Letter?accountNumber=LU1.10001&letterId=57',
          { token: john },
        );
        expect(foreign.status).toBe(404);
      });

      it('refuses a letter token on account-only routes (403)', async () => {
        const res = await call<TokenPair>(server, '/api/Authorization/VerifyLetter', {
          body: { letterId: 57, accountNumber: 'LU1.10001' },
        });
        for (const family of FAMILIES) {
          for (const route of [
            'Account/ListOverview',
            'Debtor/PrimaryDebtorInfo',
            'Account/Detailed?accountNumber=LU1.10001',
          ]) {
            const denied = await call<ErrorBody>(server, `${family}/${route}`, {
              token: res.body.accessToken,
            });
            expect(denied.status, route).toBe(403);
            expect(schemas.check('error', denied.body)).toEqual([]);
          }
        }
      });
    });

    describe('signed-in reads', () => {
      let mariaToken: string;
      beforeAll(async () => {
        mariaToken = await tokenFor(maria);
      });

      it('refuses missing, invalid and refresh tokens with 401', async () => {
        const refresh = (await signIn(maria)).body.refreshToken;
        for (const token of [undefined, 'not-a-jwt', refresh, `${mariaToken}x`]) {
          const res = await call<ErrorBody>(server, '/api/Account/ListOverview', { token });
          expect(res.status).toBe(401);
          expect(schemas.check('error', res.body)).toEqual([]);
        }
      });

      it("lists Maria's 3 viewable accounts in both families", async () => {
        for (const family of FAMILIES) {
          const res = await call<AccountBody[]>(server, `${family}/Account/ListOverview`, {
            token: mariaToken,
          });
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('account-list', res.body)).toEqual([]);
          expect(res.body.map((a) => a.accountNumber)).toEqual([
            'LU1.10001',
            'LU1.10002',
            'LU1.10003',
          ]);
          const [open, plan, closed] = res.body;
          expect(open).toMatchObject({
            balance: 2450,
            hasActiveArrangement: false,
            currentArrangementSummary: null,
            hasSettlementOffers: true,
          });
          expect(plan?.hasActiveArrangement).toBe(true);
          const payments = plan?.currentArrangementSummary?.payments ?? [];
          expect(plan?.currentArrangementSummary?.type).toBe('PPA');
          expect(payments.some((p) => p.date < today() && p.status === 'PostDate')).toBe(true);
          expect(payments.filter((p) => p.date > today()).length).toBeGreaterThan(1);
          expect(payments.every((p) => p.amount === 150)).toBe(true);
          expect(closed).toMatchObject({
            isClosed: true,
            isSif: true,
            statusCode: 'SIF',
            balance: 0,
          });
        }
      });

      it("lists John's PCO account with its minimum payment due", async () => {
        const token = await tokenFor({
          lastName: 'Smith',
          option1: 'SocialSecurityNumber',
          option2: 'DateOfBirth',
          socialSecurityNumber: '5678',
          dateOfBirth: '1975-06-30',
        });
        const res = await call<AccountBody[]>(server, '/api/v2/Account/ListOverview', { token });
        expect(res.status).toBe(200);
        expect(res.body).toHaveLength(1);
        expect(res.body[0]).toMatchObject({
          accountNumber: 'LU1.20001',
          isPco: true,
          minimumPaymentDue: 125,
          hasActiveArrangement: false,
        });
      });

      it('returns account details with debtor, transactions and arrangements', async () => {
        for (const family of FAMILIES) {
          const res = await call<{
            account: AccountBody;
            debtor: { firstName: string };
            transactions: { amount: number; date: string }[];
            arrangements: { type: string; details: unknown[]; paid: number }[];
            allowSms: boolean;
            allowEmail: boolean;
          }>(server, `${family}/Account/Detailed?accountNumber=LU1.10002`, { token: mariaToken });
          expect(res.status, res.text).toBe(200);
          expect(schemas.check('account-with-debtor', res.body)).toEqual([]);
          expect(res.body.account.accountNumber).toBe('LU1.10002');
          expect(res.body.debtor.firstName).toBe('Maria');
          expect(res.body.transactions).toHaveLength(2);
          expect(res.body.arrangements).toHaveLength(1);
          expect(res.body.arrangements[0]).toMatchObject({ type: 'PPA', paid: 300 });
          expect(res.body.arrangements[0]?.details).toHaveLength(10);
          expect(res.body).toMatchObject({ allowSms: true, allowEmail: true });
        }
      });

      it("answers 404 for another debtor's account, a hidden closed one, and 400 without the number", async () => {
        for (const family of FAMILIES) {
          for (const number of ['LU1.20001', 'LU1.10004', 'LU1.99999']) {
            const res = await call<ErrorBody>(
              server,
              `${family}/Account/Detailed?accountNumber=${number}`,
              { token: mariaToken },
            );
            expect(res.status, number).toBe(404);
            expect(schemas.check('error', res.body)).toEqual([]);
          }
          const missing = await call<ErrorBody>(server, `${family}/Account/Detailed`, {
            token: mariaToken,
          });
          expect(missing.status).toBe(400);
          expect(missing.body.errors?.[0]).toMatchObject({
            path: '/accountNumber',
            keyword: 'required',
          });
        }
      });

      it('returns the primary debtor for a person and for a business', async () => {
        for (const family of FAMILIES) {
          const res = await call<Record<string, unknown>>(
            server,
            `${family}/Debtor/PrimaryDebtorInfo`,
            { token: mariaToken },
          );
          expect(res.status).toBe(200);
          expect(schemas.check('debtor', res.body)).toEqual([]);
          expect(res.body).toMatchObject({
            firstName: 'Maria',
            lastName: 'Garcia',
            businessName: null,
            phones: [{ phoneNumber: '5552010001', type: 'mobile' }],
            allowSms: true,
            allowEmail: true,
          });
          expect(res.body).not.toHaveProperty('ssn_last4_hmac');
        }
        const acme = await tokenFor({
          lastName: 'Acme Supply LLC',
          option1: 'MRSAccountNumber',
          option2: 'LastName',
          accountNumber: 'LU1.30001',
        });
        const res = await call<Record<string, unknown>>(server, '/api/Debtor/PrimaryDebtorInfo', {
          token: acme,
        });
        expect(schemas.check('debtor', res.body)).toEqual([]);
        expect(res.body).toMatchObject({
          firstName: null,
          lastName: 'Acme Supply LLC',
          businessName: 'Acme Supply LLC',
        });
        const accounts = await call<(AccountBody & { clientAccount: string })[]>(
          server,
          '/api/Account/ListOverview',
          { token: acme },
        );
        expect(accounts.body.map((a) => [a.accountNumber, a.clientAccount])).toEqual([
          ['LU1.30001', '4000123456789012'],
        ]);
      });
    });

    describe('privacy', () => {
      it('stores SSN and date of birth only as HMACs', async () => {
        const rows = await server.database.db.selectFrom('debtors').selectAll().execute();
        expect(rows.length).toBeGreaterThanOrEqual(4);
        const ssns = ['1234', '5678', '4321'];
        const dobs = ['1980-01-15', '1975-06-30', '1990-03-03', '19800115', '01/15/1980'];
        for (const row of rows) {
          for (const [column, value] of Object.entries(row)) {
            if (column.endsWith('_hmac')) {
              if (value !== null) expect(value).toMatch(/^[0-9a-f]{64}$/);
              continue;
            }
            // An SSN's last 4 may occur inside a zip or phone; as a value of its own it must not.
            expect(ssns, column).not.toContain(String(value));
            for (const dob of dobs) expect(String(value), column).not.toContain(dob);
          }
        }
        const garcia = JSON.stringify(rows.find((r) => r.last_name === 'Garcia'));
        expect(leakedSecrets([garcia], ['1234', '1980-01-15'])).toEqual([]);
        const maria = rows.find((r) => r.last_name === 'Garcia');
        expect(maria?.ssn_last4_hmac).toMatch(/^[0-9a-f]{64}$/);
        expect(maria?.dob_hmac).toMatch(/^[0-9a-f]{64}$/);
      });

      it('keeps SSN, date of birth and tokens out of the logs', async () => {
        const before = server.logs.lines.length;
        const ok = await signIn(maria);
        await signIn({ ...maria, socialSecurityNumber: '8765', dateOfBirth: '1966-07-08' });
        await call(server, '/api/Account/ListOverview', { token: ok.body.accessToken });
        server.app.log.info(
          {
            body: { socialSecurityNumber: '8765', cardNumber: '4111111111111111' },
            dateOfBirth: '1966-07-08',
          },
          'redaction probe',
        );
        const lines = server.logs.lines.slice(before);
        const logs = lines.join('\n');
        expect(logs).toContain('redaction probe');
        expect(logs).toContain('[redacted]');
        const secrets = ['1234', '1980-01-15', '8765', '1966-07-08', '4111111111111111'];
        expect(
          leakedSecrets(lines, [...secrets, ok.body.accessToken, ok.body.refreshToken]),
        ).toEqual([]);
      });
    });

    describe('import', () => {
      it('reports every bad record with its path and imports nothing', async () => {
        const db = server.database.db;
        const count = async () =>
          Number(
            (
              await db
                .selectFrom('accounts')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await count();
        const keys = deriveKeys(await loadServerSecret(db, { secret: TEST_SECRET }));
        const file = {
          debtors: [
            {
              key: 'bad-import',
              lastName: 'Bad',
              accounts: [
                {
                  accountNumber: 'LU1.77001',
                  balance: 10.123,
                  originalBalance: 10,
                  statusCode: 'ACT',
                },
                {
                  accountNumber: 'LU1.77002',
                  balance: 1,
                  originalBalance: 1,
                  statusCode: 'ACT',
                  lastUpdateDate: 'today-x',
                },
                {
                  accountNumber: 'LU1.77003',
                  balance: 1,
                  originalBalance: 1,
                  statusCode: 'ACT',
                  dateOfReferral: '2023-02-30',
                },
              ],
            },
          ],
        };
        const schemaBad = await importPortalData(db, file, {
          identityHmacKey: keys.identityHmacKey,
          today: today(),
          now: new Date(),
        });
        expect(schemaBad.ok).toBe(false);
        if (!schemaBad.ok)
          expect(schemaBad.problems.map((p) => p.path)).toContain(
            '/debtors/0/accounts/1/lastUpdateDate',
          );
        file.debtors[0]!.accounts[1]!.lastUpdateDate = 'today-3';
        const semanticBad = await importPortalData(db, file, {
          identityHmacKey: keys.identityHmacKey,
          today: today(),
          now: new Date(),
        });
        expect(semanticBad.ok).toBe(false);
        if (!semanticBad.ok) {
          expect(semanticBad.problems.map((p) => p.path)).toEqual([
            '/debtors/0/accounts/0/balance',
            '/debtors/0/accounts/2/dateOfReferral',
          ]);
        }
        expect(await count()).toBe(before);
      });

      it('re-imports the demo file idempotently (upsert by natural keys)', async () => {
        const db = server.database.db;
        const keys = deriveKeys(await loadServerSecret(db, { secret: TEST_SECRET }));
        const data = JSON.parse(
          readFileSync(path.join(REPO_ROOT, 'demo/demo-data.json'), 'utf8'),
        ) as unknown;
        const tables = [
          'debtors',
          'accounts',
          'arrangements',
          'arrangement_payments',
          'transactions',
          'letters',
          'letter_options',
          'letter_option_payments',
        ] as const;
        const counts = async () =>
          Promise.all(
            tables.map(async (t) =>
              Number(
                (
                  await db
                    .selectFrom(t)
                    .select((eb) => eb.fn.countAll().as('n'))
                    .executeTakeFirstOrThrow()
                ).n,
              ),
            ),
          );
        const before = await counts();
        const result = await importPortalData(db, data, {
          identityHmacKey: keys.identityHmacKey,
          today: today(),
          now: new Date(),
        });
        expect(result.ok).toBe(true);
        expect(await counts()).toEqual(before);
        expect((await signIn(maria)).status).toBe(200);
      });
    });

    describe('web app', () => {
      it('injects the flows config into index.html and serves the SPA', async () => {
        const tmp = tempDir('portal-web-');
        try {
          const webDir = path.join(tmp.dir, 'web');
          const flowsDir = path.join(tmp.dir, 'flows');
          mkdirSync(path.join(webDir, 'assets'), { recursive: true });
          writeFileSync(
            path.join(webDir, 'index.html'),
            '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
          );
          writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1);');
          // The real flows, with one label edited and one text that tries to close the element:
          // what the server injects is what the files say at start-up, no build in between.
          cpSync('flows', flowsDir, { recursive: true });
          const signInFile = path.join(flowsDir, 'forms', 'sign-in.json');
          const signIn = JSON.parse(readFileSync(signInFile, 'utf8')) as {
            fields: { lastName: { label: { en: string; es: string } } };
          };
          signIn.fields.lastName.label = { en: 'Family name (edited)', es: 'Apellido (editado)' };
          writeFileSync(signInFile, JSON.stringify(signIn));
          writeFileSync(
            path.join(flowsDir, 'texts', 'zz-test.json'),
            JSON.stringify({ hi: { en: 'Hi </script><b>', es: 'Hola' } }),
          );
          const web = await startServer(makeDatabase, { webDir, flowsDir });
          try {
            const page = await call(web, '/', { headers: { accept: 'text/html' } });
            expect(page.status).toBe(200);
            expect(page.headers.get('cache-control')).toBe('private, no-cache');
            expect(page.headers.get('content-security-policy')).not.toContain('unsafe-eval');
            const match =
              /<script type="application\/json" id="portal-config">(.*?)<\/script>\s*<\/body>/s.exec(
                page.text,
              );
            expect(match).not.toBeNull();
            expect(match?.[1]).not.toContain('<');
            const config = JSON.parse(match?.[1] ?? '{}') as Record<
              string,
              Record<string, unknown>
            >;
            expect(config.texts?.['zz-test']).toEqual({
              hi: { en: 'Hi </script><b>', es: 'Hola' },
            });
            // The browser works out today's date in the server's (the agency's) time zone.
            expect(config.calendar).toEqual({ timeZone: 'America/New_York' });
            expect(config.forms?.['sign-in']).toMatchObject({
              fields: { lastName: { label: { en: 'Family name (edited)' } } },
            });
            expect(Object.keys(config.rules ?? {})).toContain('payment-options');

            const deep = await call(web, '/accounts/LU1.10001', {
              headers: { accept: 'text/html' },
            });
            expect(deep.status).toBe(200);
            expect(deep.text).toContain('id="portal-config"');

            // The staff studio's texts and forms ride on its own pages only, not on a debtor's.
            const configOf = (html: string) =>
              JSON.parse(/id="portal-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<
                string,
                Record<string, unknown>
              >;
            expect(config.texts?.studio).toBeUndefined();
            expect(config.forms?.['studio-sign-in']).toBeUndefined();
            // Nor the server's own folders: the sign-in policy, the checks' glossary, the messages.
            expect(config.policies).toBeUndefined();
            expect(config.glossary).toBeUndefined();
            expect(config.messages).toBeUndefined();
            for (const studioPath of ['/studio', '/studio/drafts/3?file=x']) {
              const studioPage = await call(web, studioPath, { headers: { accept: 'text/html' } });
              expect(studioPage.status).toBe(200);
              const studioConfig = configOf(studioPage.text);
              expect(studioConfig.texts?.studio).toMatchObject({
                appName: { en: 'Content studio' },
              });
              expect(studioConfig.forms?.['studio-sign-in']).toMatchObject({
                schema: 'forms/studio-sign-in',
              });
              expect(studioConfig.texts?.['zz-test']).toBeDefined();
            }

            const asset = await call(web, '/assets/app-123.js');
            expect(asset.status).toBe(200);
            expect(asset.headers.get('cache-control')).toContain('immutable');

            const missing = await call(web, '/assets/nope.js');
            expect(missing.status).toBe(404);
            const api = await call(web, '/api/unknown', { headers: { accept: 'text/html' } });
            expect(api.status).toBe(404);
            expect(api.headers.get('content-type')).toContain('application/json');
          } finally {
            await web.close();
          }
        } finally {
          tmp.remove();
        }
      });
    });

    describe('compression and caching', () => {
      it('sends built assets precompressed with a year-long immutable cache, and compresses the page and API JSON per response', async () => {
        const tmp = tempDir('portal-compress-');
        try {
          const webDir = path.join(tmp.dir, 'web');
          mkdirSync(path.join(webDir, 'assets'), { recursive: true });
          const body = `<!doctype html><html><head><title>t</title></head><body><div id="root"></div>${'<p>padding</p>'.repeat(200)}</body></html>`;
          writeFileSync(path.join(webDir, 'index.html'), body);
          const script = `export const a = ${JSON.stringify('x'.repeat(4000))};`;
          writeFileSync(path.join(webDir, 'assets', 'app-123.js'), script);
          // The copies say which file was sent: a server compressing per request would send `a`.
          writeFileSync(
            path.join(webDir, 'assets', 'app-123.js.br'),
            brotliCompressSync('export const b = "from .br";'),
          );
          writeFileSync(
            path.join(webDir, 'assets', 'app-123.js.gz'),
            gzipSync('export const b = "from .gz";'),
          );
          const web = await startServer(makeDatabase, { webDir });
          try {
            const br = await call(web, '/assets/app-123.js', {
              headers: { 'accept-encoding': 'gzip, deflate, br' },
            });
            expect(br.status).toBe(200);
            expect(br.headers.get('content-encoding')).toBe('br');
            expect(br.text).toBe('export const b = "from .br";');
            expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
            expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
            expect(br.headers.get('content-type')).toContain('javascript');

            const gz = await call(web, '/assets/app-123.js', {
              headers: { 'accept-encoding': 'gzip' },
            });
            expect(gz.headers.get('content-encoding')).toBe('gzip');
            expect(gz.text).toBe('export const b = "from .gz";');

            const plain = await call(web, '/assets/app-123.js', {
              headers: { 'accept-encoding': 'identity' },
            });
            expect(plain.headers.get('content-encoding')).toBeNull();
            expect(plain.text).toBe(script);

            const page = await call(web, '/dashboard', {
              headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
            });
            expect(page.status).toBe(200);
            expect(page.headers.get('content-encoding')).toBe('br');
            expect(page.headers.get('cache-control')).toBe('private, no-cache');
            expect(page.text).toContain('id="portal-config"');

            const signedIn = await call<TokenPair>(web, '/api/Authorization/VerifyIdentity', {
              body: maria,
            });
            const token = signedIn.body.accessToken;
            const detailed = await call(web, '/api/v2/Account/Detailed?accountNumber=LU1.10001', {
              token,
              headers: { 'accept-encoding': 'gzip' },
            });
            expect(detailed.status, detailed.text).toBe(200);
            expect(detailed.headers.get('content-encoding')).toBe('gzip');
            expect(detailed.headers.get('cache-control')).toBe('no-store');
            expect(detailed.text.length).toBeGreaterThan(1024);
            // Below 1 KB a body is not worth compressing.
            const health = await call(web, '/api/health', {
              headers: { 'accept-encoding': 'gzip, br' },
            });
            expect(health.headers.get('content-encoding')).toBeNull();
          } finally {
            await web.close();
          }
        } finally {
          tmp.remove();
        }
      });

      it("preloads the scripts of the address's screen in the page, as the build lists them", async () => {
        const tmp = tempDir('portal-preload-');
        try {
          const webDir = path.join(tmp.dir, 'web');
          mkdirSync(webDir, { recursive: true });
          writeFileSync(
            path.join(webDir, 'index.html'),
            '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
          );
          writeFileSync(
            path.join(webDir, 'route-preloads.json'),
            JSON.stringify({
              routes: [
                { path: 'login', files: ['/assets/sign-in-1.js', '/assets/form-1.js'] },
                { path: 'accounts/:accountNumber', files: ['/assets/account-1.js'] },
                {
                  path: 'accounts/:accountNumber/payment/:variant/start',
                  files: ['/assets/start-1.js'],
                },
                {
                  path: 'accounts/:accountNumber/payment/:variant/:stage?',
                  files: ['/assets/stage-1.js'],
                },
              ],
            }),
          );
          const web = await startServer(makeDatabase, { webDir });
          const preloads = async (address: string) => {
            const page = await call(web, address, { headers: { accept: 'text/html' } });
            expect(page.status).toBe(200);
            expect(page.text).toContain('id="portal-config"');
            return [
              ...page.text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
            ].map((match) => match[1]);
          };
          try {
            expect(await preloads('/login')).toEqual(['/assets/sign-in-1.js', '/assets/form-1.js']);
            expect(await preloads('/login?returnUrl=%2Fdashboard')).toEqual([
              '/assets/sign-in-1.js',
              '/assets/form-1.js',
            ]);
            expect(await preloads('/accounts/LU1.10001')).toEqual(['/assets/account-1.js']);
            // The most specific pattern wins; an optional last segment may be there or not.
            expect(await preloads('/accounts/LU1.10001/payment/pif/start')).toEqual([
              '/assets/start-1.js',
            ]);
            expect(await preloads('/accounts/LU1.10001/payment/pif/amount')).toEqual([
              '/assets/stage-1.js',
            ]);
            expect(await preloads('/accounts/LU1.10001/payment/pif')).toEqual([
              '/assets/stage-1.js',
            ]);
            expect(await preloads('/accounts/LU1.10001/payment/pif/amount/more')).toEqual([]);
            expect(await preloads('/')).toEqual([]);
            expect(await preloads('/nowhere')).toEqual([]);
          } finally {
            await web.close();
          }
        } finally {
          tmp.remove();
        }
      });

      it("names a signed-in screen's first data requests in its page, with the script that starts them", async () => {
        const tmp = tempDir('portal-page-requests-');
        try {
          const webDir = path.join(tmp.dir, 'web');
          mkdirSync(webDir, { recursive: true });
          writeFileSync(
            path.join(webDir, 'index.html'),
            '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
          );
          // As the build writes it from src/web/app/page-requests.ts.
          writeFileSync(
            path.join(webDir, 'route-preloads.json'),
            JSON.stringify({
              routes: [],
              requests: {
                dashboard: ['/api/v2/Debtor/PrimaryDebtorInfo', '/api/v2/Account/ListOverview'],
                'accounts/:accountNumber': [
                  '/api/v2/Account/Detailed?accountNumber=:accountNumber',
                  '/api/v2/Account/GetPaymentSettings?accountNumber=:accountNumber',
                ],
                'accounts/:accountNumber/paymentOptions': [
                  '/api/v2/Account/Detailed?accountNumber=:accountNumber',
                ],
              },
            }),
          );
          const web = await startServer(makeDatabase, { webDir });
          const pageOf = async (address: string) => {
            const page = await call(web, address, { headers: { accept: 'text/html' } });
            expect(page.status).toBe(200);
            const head = page.text.slice(0, page.text.indexOf('</head>'));
            return {
              requests: [...head.matchAll(/<meta name="portal-request" content="([^"]+)">/g)].map(
                (match) => match[1]!.replace(/&amp;/g, '&'),
              ),
              script: head.includes(`<script>${PAGE_REQUEST_SCRIPT}</script>`),
              csp: page.headers.get('content-security-policy') ?? '',
            };
          };
          try {
            const dashboard = await pageOf('/dashboard');
            expect(dashboard.requests).toEqual([
              '/api/v2/Debtor/PrimaryDebtorInfo',
              '/api/v2/Account/ListOverview',
            ]);
            expect(dashboard.script).toBe(true);
            // The browser runs the inline script only because the page's policy names its hash.
            expect(dashboard.csp).toContain(PAGE_REQUEST_SCRIPT_SOURCE);
            expect((await pageOf('/accounts/LU1.10001')).requests).toEqual([
              '/api/v2/Account/Detailed?accountNumber=LU1.10001',
              '/api/v2/Account/GetPaymentSettings?accountNumber=LU1.10001',
            ]);
            expect((await pageOf('/accounts/LU1.10001/paymentOptions')).requests).toEqual([
              '/api/v2/Account/Detailed?accountNumber=LU1.10001',
            ]);
            // The account number from the address, encoded as the app's own calls encode it
            // (URLSearchParams): nothing in it can end the attribute or start an element.
            const odd = await pageOf('/accounts/A%20B%26%22%3Cx');
            expect(odd.requests[0]).toBe(
              `/api/v2/Account/Detailed?${new URLSearchParams({ accountNumber: 'A B&"<x' }).toString()}`,
            );
            // Public pages and screens whose data waits for the page's own choices start nothing.
            for (const address of ['/login', '/', '/accounts/LU1.10001/payment/pif/amount']) {
              const page = await pageOf(address);
              expect(page.requests, address).toEqual([]);
              expect(page.script, address).toBe(false);
            }
          } finally {
            await web.close();
          }
        } finally {
          tmp.remove();
        }
      });
    });

    // Last: these lock identities and addresses for 15 minutes.
    describe('lockout', () => {
      it('locks an identity after 5 failures, across two server instances', async () => {
        const other = await startServer(makeDatabase);
        try {
          const wrong = {
            lastName: 'Smith',
            option1: 'SocialSecurityNumber',
            option2: 'DateOfBirth',
            socialSecurityNumber: '0000',
            dateOfBirth: '1975-06-30',
          };
          const right = { ...wrong, socialSecurityNumber: '5678' };
          for (let i = 0; i < 5; i++) {
            const target = i % 2 === 0 ? server : other;
            const res = await call(target, '/api/Authorization/VerifyIdentity', { body: wrong });
            expect(res.status, `attempt ${i + 1}`).toBe(404);
          }
          for (const target of [server, other]) {
            const res = await call<ErrorBody>(target, '/api/Authorization/VerifyIdentity', {
              body: right,
            });
            // A debtor's lock answers as a failure: a 403 would tell that a factor matched.
            expect(res.status).toBe(404);
          }
          // Other identities are not affected.
          expect((await signIn(maria)).status).toBe(200);
        } finally {
          await other.close();
        }
      });

      it('locks a client address after 5 failures', async () => {
        const ip = freshIp();
        for (const lastName of ['Aaa', 'Bbb', 'Ccc', 'Ddd', 'Eee']) {
          const res = await signIn({ ...maria, lastName }, ip);
          expect(res.status).toBe(404);
        }
        const locked = await signIn(maria, ip);
        expect(locked.status).toBe(403);
        expect(locked.body.message).toBe(
          'You have tried too many times. Please try again in 15 minutes.',
        );
        expect((await signIn(maria, freshIp())).status).toBe(200);
      });

      it("clears an identity's failures on success", async () => {
        const wrong = {
          ...maria,
          lastName: 'Lee',
          socialSecurityNumber: '0000',
          option1: 'SocialSecurityNumber',
          option2: 'DateOfBirth',
          dateOfBirth: '1990-03-03',
        };
        const right = { ...wrong, socialSecurityNumber: '4321' };
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < 4; i++) expect((await signIn(wrong)).status).toBe(404);
          expect((await signIn(right)).status).toBe(200);
        }
      });

      it('locks letter look-ups after 5 failures for an account', async () => {
        // No earlier test has failed a letter look-up for this account.
        for (let i = 0; i < 5; i++) {
          const res = await call(server, '/api/Authorization/VerifyLetter', {
            body: { letterId: 900 + i, accountNumber: 'LU1.30001' },
          });
          expect(res.status).toBe(404);
        }
        const res = await call(server, '/api/Authorization/VerifyLetter', {
          body: { letterId: 901, accountNumber: 'LU1.30001' },
        });
        expect(res.status).toBe(403);
        const other = await call(server, '/api/Authorization/VerifyLetter', {
          body: { letterId: 57, accountNumber: 'LU1.10001' },
        });
        expect(other.status).toBe(200);
      });
    });
  });
}
