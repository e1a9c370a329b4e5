/**
 * The import (`npm run db:import`): the demo file loads twice with no duplicates, a file with bad
 * records imports nothing and names every bad record, funding methods upsert by ref, and the demo
 * identities show the account states of spec section 4; the tables it wrote have fresh planner
 * statistics. Runs on SQLite and PostgreSQL; the
 * command line itself is run once, on SQLite.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { importPortalData } from '../../src/server/db/import';
import { loadServerSecret } from '../../src/server/db/secret';
import {
  call,
  REPO_ROOT,
  startServer,
  tempDir,
  TEST_SECRET,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { countRows, importFixture, signIn, today, type FundingBody } from './payments-fixtures';

const run = promisify(execFile);

const TABLES = [
  'debtors',
  'debtor_phones',
  'accounts',
  'arrangements',
  'arrangement_payments',
  'transactions',
  'letters',
  'letter_options',
  'letter_option_payments',
  'funding_methods',
];

const demo = (): unknown =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'demo/demo-data.json'), 'utf8')) as unknown;

const goodFile = () => ({
  debtors: [
    {
      key: 'imp-ivy',
      firstName: 'Ivy',
      lastName: 'Importfixture',
      ssnLast4: '8888',
      dateOfBirth: '1978-08-08',
      fundingMethods: [
        {
          ref: 'card',
          type: 'card',
          brand: 'visa',
          cardType: 'debit',
          last4: '4242',
          expiration: '2030-02',
          token: 'sbx_card_ok_import01',
        },
        {
          ref: 'bank',
          type: 'bank',
          bankAccountType: 'savings',
          last4: '9876',
          token: 'sbx_bank_ok_import02',
        },
      ],
      accounts: [
        {
          accountNumber: 'IMP1.10001',
          clientId: 'NWB',
          balance: 500,
          originalBalance: 500,
          statusCode: 'PPA',
          arrangements: [
            {
              ref: 'ppa',
              type: 'PPA',
              amount: 500,
              beginBalance: 500,
              payments: [
                { date: 'today+3', amount: 250, status: 'PostDate', fundingRef: 'card' },
                { date: 'today+33', amount: 250, status: 'PostDate' },
              ],
            },
          ],
        },
      ],
    },
  ],
});

export function importSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`import on ${dialect}`, () => {
    let server: RunningServer;

    const counts = async () =>
      Object.fromEntries(
        await Promise.all(TABLES.map(async (t) => [t, await countRows(server.database.db, t)])),
      ) as Record<string, number>;

    const load = async (data: unknown) => {
      const db = server.database.db;
      const keys = deriveKeys(await loadServerSecret(db, { secret: TEST_SECRET }));
      return importPortalData(db, data, {
        identityHmacKey: keys.identityHmacKey,
        today: today(),
        now: new Date(),
      });
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('loads the demo file twice in a row with no duplicates', async () => {
      const first = await load(demo());
      expect(first.ok).toBe(true);
      const before = await counts();
      const second = await load(demo());
      expect(second.ok).toBe(true);
      expect(await counts()).toEqual(before);
      if (second.ok) expect(second.counts.fundingMethods).toBeGreaterThanOrEqual(4);
    });

    it('leaves the planner statistics of the tables it wrote up to date', async () => {
      expect((await load(demo())).ok).toBe(true);
      const db = server.database.db;
      // PostgreSQL: a table never analyzed has reltuples -1; SQLite: no sqlite_stat1 row.
      const analyzed =
        server.database.dialect === 'postgres'
          ? (
              await sql<{ relname: string }>`select relname from pg_class where relkind = 'r'
                and relname in (${sql.join(TABLES)}) and reltuples >= 0`.execute(db)
            ).rows.map((row) => row.relname)
          : (
              await sql<{
                relname: string;
              }>`select distinct tbl as relname from sqlite_stat1`.execute(db)
            ).rows.map((row) => row.relname);
      expect([...analyzed].sort()).toEqual([...TABLES].sort());
    });

    it('upserts funding methods by ref and attaches them to scheduled payments', async () => {
      await importFixture(server.database.db, goodFile());
      await importFixture(server.database.db, goodFile());
      const token = await signIn(server, {
        lastName: 'Importfixture',
        ssn: '8888',
        dob: '1978-08-08',
      });
      const list = await call<FundingBody[]>(
        server,
        '/api/Debtor/FundingMethods?accountNumber=IMP1.10001',
        { token },
      );
      expect(list.body.map((f) => [f.name, f.expiration, f.cardType])).toEqual([
        ['Visa ****4242', '2030-02-28', 'debit'],
        ['Savings ****9876', null, null],
      ]);
      const detailed = await call<{
        arrangements: { details: { hasAttachedFunding: boolean; paidWith: string | null }[] }[];
      }>(server, '/api/Account/Detailed?accountNumber=IMP1.10001', { token });
      expect(
        detailed.body.arrangements[0]?.details.map((d) => [d.hasAttachedFunding, d.paidWith]),
      ).toEqual([
        [true, 'Visa ****4242'],
        [false, null],
      ]);
      const fewer = goodFile();
      fewer.debtors[0]!.fundingMethods = fewer.debtors[0]!.fundingMethods.slice(1);
      fewer.debtors[0]!.accounts[0]!.arrangements[0]!.payments[0] = {
        date: 'today+3',
        amount: 250,
        status: 'PostDate',
      };
      await importFixture(server.database.db, fewer);
      const after = await call<FundingBody[]>(
        server,
        '/api/Debtor/FundingMethods?accountNumber=IMP1.10001',
        { token },
      );
      expect(after.body.map((f) => f.name)).toEqual(['Savings ****9876']);
    });

    it('names every bad record and imports nothing when any is bad', async () => {
      const before = await counts();
      const file = goodFile() as { debtors: Record<string, unknown>[] };
      const ivy = file.debtors[0] as {
        key: string;
        fundingMethods: Record<string, unknown>[];
        accounts: {
          accountNumber: string;
          clientId?: string;
          arrangements: { payments: Record<string, unknown>[] }[];
        }[];
      };
      ivy.key = 'imp-bad';
      ivy.accounts[0]!.accountNumber = 'IMP1.10009';
      ivy.accounts[0]!.clientId = 'NOPE';
      ivy.accounts[0]!.arrangements[0]!.payments[1]!.fundingRef = 'missing';
      ivy.fundingMethods.push({
        ref: 'card',
        type: 'card',
        last4: '1111',
        token: 'sbx_card_ok_import03',
      });
      file.debtors.push({
        key: 'imp-good-but-not-imported',
        lastName: 'Notimported',
        accounts: [
          { accountNumber: 'IMP1.10010', balance: 1, originalBalance: 1, statusCode: 'ACT' },
        ],
      });
      const result = await load(file);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems.map((p) => p.path)).toEqual([
          '/debtors/0/fundingMethods/2/ref',
          '/debtors/0/fundingMethods/2/expiration',
          '/debtors/0/accounts/0/clientId',
          '/debtors/0/accounts/0/arrangements/0/payments/1/fundingRef',
        ]);
        expect(result.problems[2]?.reason).toContain('flows/clients/NOPE.json');
      }
      expect(await counts()).toEqual(before);

      const schemaBad = await load({
        debtors: [
          {
            key: 'x',
            lastName: 'X',
            accounts: [],
            fundingMethods: [{ ref: 'c', type: 'card', last4: '12', token: 'tok' }],
          },
        ],
      });
      expect(schemaBad.ok).toBe(false);
      if (!schemaBad.ok) {
        expect(schemaBad.problems.map((p) => p.path)).toEqual(
          expect.arrayContaining([
            '/debtors/0/fundingMethods/0/last4',
            '/debtors/0/fundingMethods/0/token',
          ]),
        );
      }
      expect(await counts()).toEqual(before);
    });

    it('shows every account state of spec section 4 through the demo identities', async () => {
      const carlos = await signIn(server, { lastName: 'Rivera', ssn: '2468', dob: '1985-09-12' });
      const grace = await signIn(server, { lastName: 'Kim', ssn: '1357', dob: '1992-11-20' });
      const robert = await signIn(server, { lastName: 'Chen', ssn: '9753', dob: '1968-04-04' });
      type Detailed = {
        account: Record<string, unknown> & {
          currentArrangementSummary: { type: string; payments: { date: string }[] } | null;
        };
        arrangements: { modifiableOnline: boolean; type: string; active: boolean }[];
        transactions: { date: string; isPending: boolean }[];
      };
      const detail = async (token: string, number: string) => {
        const res = await call<Detailed>(server, `/api/Account/Detailed?accountNumber=${number}`, {
          token,
        });
        expect(res.status, number).toBe(200);
        return res.body;
      };
      expect((await detail(carlos, 'LU1.50001')).account).toMatchObject({
        isPco: true,
        hasActiveArrangement: true,
      });
      const upcoming = await detail(carlos, 'LU1.50002');
      expect(upcoming.account.currentArrangementSummary?.payments[0]?.date).toBe(today());
      const funding = await call<FundingBody[]>(
        server,
        '/api/Debtor/FundingMethods?accountNumber=LU1.50002',
        { token: carlos },
      );
      expect(funding.body.map((f) => f.type)).toEqual(['card', 'bank', 'card']);
      // A year of monthly payments (over two pages of history), today's already taken: paying
      // again today asks first. LU1.50002's payment due today is not taken yet.
      const paidToday = await detail(carlos, 'LU1.50003');
      expect(paidToday.transactions).toHaveLength(12);
      expect(paidToday.transactions[0]).toMatchObject({ isPending: true });
      expect(paidToday.account).toMatchObject({ isPaymentPendingPost: true });
      const existing = async (accountNumber: string) =>
        (
          await call<boolean>(server, '/api/Account/GetExistingPayment', {
            token: carlos,
            body: { accountNumber, dateOfPayment: today(), amount: 100 },
          })
        ).body;
      expect(await existing('LU1.50003')).toBe(true);
      expect(await existing('LU1.50002')).toBe(false);
      expect((await detail(grace, 'LU1.60001')).account).toMatchObject({
        isEop: true,
        showEndOfPathNotice: true,
        externalPaymentUrl: 'https://pay.proseware.example.com/',
      });
      expect((await detail(grace, 'LU1.60002')).account).toMatchObject({
        bankruptcyReported: true,
        statusCode: 'BNK',
      });
      expect((await detail(grace, 'LU1.60003')).account).toMatchObject({
        isPaymentPendingPost: true,
        totalPaid: 900,
      });
      expect((await detail(robert, 'DU8.70001')).account.currentArrangementSummary?.type).toBe(
        'SIF',
      );
      expect((await detail(robert, 'LU1.70002')).arrangements[0]?.modifiableOnline).toBe(false);
      const letter = await call<{ options: { dueDate: string }[] }>(
        server,
        '/api/Authorization/VerifyLetter',
        {
          body: { accountNumber: 'LU1.80001', letterId: 91 },
        },
      );
      expect(letter.status).toBe(200);
    });

    if (dialect === 'SQLite') {
      it('runs as npm run db:import: twice with no duplicates, and a bad file imports nothing', async () => {
        const tmp = tempDir('portal-import-');
        try {
          const env = { ...process.env, DATA_DIR: tmp.dir, DATABASE_URL: '' };
          const script = path.join(REPO_ROOT, 'scripts/db-import.ts');
          const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
          const demoFile = path.join(REPO_ROOT, 'demo/demo-data.json');
          const first = await run(tsx, [script, demoFile], { env, cwd: REPO_ROOT });
          expect(first.stdout).toMatch(/Imported .* \d+ debtors/);
          const second = await run(tsx, [script, demoFile], { env, cwd: REPO_ROOT });
          expect(second.stdout.replace(/into .*?:/, '')).toBe(
            first.stdout.replace(/into .*?:/, ''),
          );
          const bad = path.join(tmp.dir, 'bad.json');
          const file = goodFile();
          file.debtors[0]!.accounts[0]!.clientId = 'NOPE';
          writeFileSync(bad, JSON.stringify(file));
          const failed = await run(tsx, [script, bad], { env, cwd: REPO_ROOT }).then(
            () => null,
            (error: { code: number; stderr: string }) => error,
          );
          expect(failed?.code).toBe(1);
          expect(failed?.stderr).toContain('/debtors/0/accounts/0/clientId');
          expect(failed?.stderr).toContain('nothing imported');
        } finally {
          tmp.remove();
        }
      }, 60_000);
    }
  });
}
