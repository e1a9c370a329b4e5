/**
 * The streamed import (issue 42, item 3), on SQLite and PostgreSQL: JSON Lines and CSV read as a
 * stream, bad records rejected with their line numbers while the rest import, a second run
 * changing 0 rows, and delta records seen through the API: a bankruptcy hold after which the
 * account offers no payment (lifted, it offers them again), a dispute status with its day, a
 * payment made by phone in the history once. The size here keeps `npm test` short on a shared
 * 2-core host; `npm run bench:import` proves 1,000,000 lines (README, "Import formats").
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { importStream, type StreamFormat } from '../../src/server/db/import-stream';
import { loadServerSecret } from '../../src/server/db/secret';
import { generatedRecord, writeImportFile } from '../../scripts/lib/import-file';
import {
  call,
  REPO_ROOT,
  startServer,
  TEST_SECRET,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { addCard, CARDS, PAYER_CONTACT, signIn, today } from './payments-fixtures';

const run = promisify(execFile);

/** Lines a generated file has: many batches (batch size 250 below), seconds on either database. */
const COUNT = 10_000;

type Detailed = {
  account: { holds?: string[]; dispute?: { status: string; date: string } | null };
  paymentOptions: string[];
  transactions: { amount: number; type: string; confirmationCode: string | null }[];
};

export function importStreamSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`streamed import on ${dialect}`, () => {
    let server: RunningServer;
    let dir: string;

    const load = async (input: Readable, format: StreamFormat) => {
      const db = server.database.db;
      const keys = deriveKeys(await loadServerSecret(db, { secret: TEST_SECRET }));
      const rejects: { line: number; reasons: readonly string[] }[] = [];
      const result = await importStream(db, input, {
        format,
        identityHmacKey: keys.identityHmacKey,
        today: today(),
        now: new Date(),
        batchSize: 250,
        reject: (line, reasons) => {
          rejects.push({ line, reasons });
        },
      });
      return { result, rejects };
    };
    const lines = (...records: unknown[]) =>
      Readable.from([records.map((r) => JSON.stringify(r)).join('\n')]);
    const accountsLike = async (prefix: string) =>
      Number(
        (
          await sql<{ n: number | string }>`select count(*) as n from accounts
            where account_number like ${`${prefix}1.%`}`.execute(server.database.db)
        ).rows[0]?.n,
      );

    const allAccounts = async () =>
      Number(
        (
          await sql<{ n: number | string }>`select count(*) as n from accounts`.execute(
            server.database.db,
          )
        ).rows[0]?.n,
      );
    /**
     * The accounts table's row count as the planner knows it: PostgreSQL's pg_class.reltuples,
     * SQLite's first figure of an accounts index in sqlite_stat1. Only ANALYZE (or VACUUM) sets
     * them; a COPY or an INSERT leaves them as they were.
     */
    const plannedAccounts = async () => {
      const db = server.database.db;
      if (server.database.dialect === 'postgres') {
        const rows = await sql<{
          n: number | string;
        }>`select reltuples as n from pg_class where relname = 'accounts' and relkind = 'r'`.execute(
          db,
        );
        return Number(rows.rows[0]?.n);
      }
      const rows = await sql<{
        stat: string;
      }>`select stat from sqlite_stat1 where tbl = 'accounts' and idx is not null limit 1`.execute(
        db,
      );
      return Number(rows.rows[0]?.stat.split(' ')[0]);
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      dir = mkdtempSync(path.join(tmpdir(), 'import-stream-'));
    });
    afterAll(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    for (const format of ['jsonl', 'csv'] as const) {
      const prefix = format === 'jsonl' ? 'STJ' : 'STC';
      it(`${format}: ${COUNT} lines with 3 bad ones import ${COUNT - 3}, the reject list names the 3 lines; a second run changes 0 rows`, async () => {
        const file = path.join(dir, `accounts.${format}`);
        // CSV: line 1 is the header, records start on line 2.
        const first = format === 'csv' ? 2 : 1;
        const last = format === 'csv' ? COUNT + 1 : COUNT;
        const bad = [first + 1, first + 6000, last];
        await writeImportFile(file, { count: COUNT, format, prefix, bad });
        const once = await load(createReadStream(file), format);
        expect(once.result).toEqual({
          records: COUNT,
          imported: COUNT - 3,
          changed: COUNT - 3,
          unchanged: 0,
          rejected: 3,
        });
        expect(once.rejects.map((r) => r.line)).toEqual(bad);
        expect(once.rejects[0]?.reasons).toEqual(['/accounts/0/balance: must be number']);
        expect(await accountsLike(prefix)).toBe(COUNT - 3);
        // The planner's row count of the accounts table is the table's own right after the
        // import (its statistics were brought up to date), not what it was before the file.
        expect(await plannedAccounts()).toBe(await allAccounts());

        const again = await load(createReadStream(file), format);
        expect(again.result).toMatchObject({ changed: 0, unchanged: COUNT - 3, rejected: 3 });
        expect(await accountsLike(prefix)).toBe(COUNT - 3);
      }, 600_000);
    }

    it('a first load (no key in the database) writes what the merge writes: the same rows once the file is merged again; a batch with a known key merges; a row the database refuses is rejected by line, the rest of its batch imported', async () => {
      const db = server.database.db;
      const file = path.join(dir, 'first-load.jsonl');
      const count = 600;
      await writeImportFile(file, { count, format: 'jsonl', prefix: 'FLD', rich: true });
      const like = 'fld-%';
      /** The file's rows in every table, parents named by natural key, without ids and stamps. */
      const snapshot = async () => {
        const strip = (rows: Record<string, unknown>[]) =>
          rows.map((row) => {
            const rest: Record<string, unknown> = { ...row };
            for (const name of ['id', 'debtor_id', 'account_id', 'arrangement_id'])
              delete rest[name];
            for (const name of ['created_at', 'updated_at']) delete rest[name];
            return rest;
          });
        const q = async (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
          strip((await query.execute(db)).rows);
        return {
          debtors: await q(sql`select * from debtors where external_key like ${like}
            order by external_key`),
          phones: await q(sql`select d.external_key, p.* from debtor_phones p
            join debtors d on d.id = p.debtor_id where d.external_key like ${like}
            order by d.external_key, p.phone_number`),
          accounts: await q(sql`select d.external_key, a.* from accounts a
            join debtors d on d.id = a.debtor_id where d.external_key like ${like}
            order by a.account_number`),
          plans: await q(sql`select a.account_number, r.* from arrangements r
            join accounts a on a.id = r.account_id where a.account_number like ${'FLD1.%'}
            order by a.account_number, r.external_ref`),
          payments: (
            await q(sql`select a.account_number, r.external_ref, p.* from arrangement_payments p
              join arrangements r on r.id = p.arrangement_id join accounts a on a.id = r.account_id
              where a.account_number like ${'FLD1.%'} order by a.account_number, p.pay_date`)
          ).map(({ created: _created, ...rest }) => rest),
          transactions: await q(sql`select a.account_number, t.* from transactions t
            join accounts a on a.id = t.account_id where a.account_number like ${'FLD1.%'}
            order by a.account_number, t.received_date, t.amount_cents`),
        };
      };
      const { postgresBatchPaths: paths } =
        await import('../../src/server/db/import-bulk-postgres');
      const before = { ...paths };

      const once = await load(createReadStream(file), 'jsonl');
      expect(once.result).toMatchObject({ changed: count, rejected: 0 });
      const first = await snapshot();
      expect(first.debtors).toHaveLength(count);
      expect(first.phones).toHaveLength(count * 2);
      expect(first.accounts).toHaveLength(count);
      expect(first.plans).toHaveLength(count);
      expect(first.payments).toHaveLength(count * 3);
      expect(first.transactions).toHaveLength(count * 2);
      if (dialect === 'PostgreSQL') {
        // 600 records in batches of 250: three batches, each copied straight into the tables.
        expect({ ...paths }).toEqual({ firstLoad: before.firstLoad + 3, merge: before.merge });
      }

      // The digests forgotten, the same file is written again, by the merge path this time.
      await sql`delete from import_records where record_key like ${'debtor:fld-%'}`.execute(db);
      const merged = await load(createReadStream(file), 'jsonl');
      expect(merged.result).toMatchObject({ changed: count, rejected: 0 });
      expect(await snapshot()).toEqual(first);
      if (dialect === 'PostgreSQL') {
        expect({ ...paths }).toEqual({ firstLoad: before.firstLoad + 3, merge: before.merge + 3 });
      }

      // One known key among new ones: the batch merges (its new debtor is written too).
      const known = { ...generatedRecord(7, { count, format: 'jsonl', prefix: 'FLD' }) };
      known.firstName = 'Changed';
      const fresh = generatedRecord(1, { count: 1, format: 'jsonl', prefix: 'FLN', rich: true });
      const mixed = await load(lines(fresh, known), 'jsonl');
      expect(mixed.result).toMatchObject({ changed: 2, rejected: 0 });
      const names = await sql<{ external_key: string; first_name: string }>`select external_key,
        first_name from debtors where external_key in ('fld-7', 'fln-1') order by 1`.execute(db);
      expect(names.rows).toEqual([
        { external_key: 'fld-7', first_name: 'Changed' },
        { external_key: 'fln-1', first_name: 'Pat' },
      ]);
      // fld-7's plan kept (a file's plans are upserted, never deleted), its transactions replaced
      // by the record's none.
      const left = await sql<{ plans: number | string; txs: number | string }>`select
        (select count(*) from arrangements r join accounts a on a.id = r.account_id
          where a.account_number = 'FLD1.7') as plans,
        (select count(*) from transactions t join accounts a on a.id = t.account_id
          where a.account_number = 'FLD1.7') as txs`.execute(db);
      expect([Number(left.rows[0]?.plans), Number(left.rows[0]?.txs)]).toEqual([1, 0]);
      if (dialect === 'PostgreSQL') expect(paths.merge).toBe(before.merge + 4);

      // A new batch the database refuses a row of (a trigger here): that line alone is rejected.
      if (dialect === 'PostgreSQL') {
        await sql`create function refuse_fld() returns trigger language plpgsql as $$
          begin raise exception 'refused by the test'; end $$`.execute(db);
        await sql`create trigger refuse_fld before insert on accounts for each row
          when (new.account_number = 'FLR1.2') execute function refuse_fld()`.execute(db);
      } else {
        await sql`create trigger refuse_fld before insert on accounts
          when new.account_number = 'FLR1.2'
          begin select raise(abort, 'refused by the test'); end`.execute(db);
      }
      try {
        const refused = await load(
          lines(
            ...[1, 2, 3].map((i) =>
              generatedRecord(i, { count: 3, format: 'jsonl', prefix: 'FLR', rich: true }),
            ),
          ),
          'jsonl',
        );
        expect(refused.result).toMatchObject({ imported: 2, changed: 2, rejected: 1 });
        expect(refused.rejects).toHaveLength(1);
        expect(refused.rejects[0]?.line).toBe(2);
        expect(refused.rejects[0]?.reasons[0]).toMatch(/refused by the test/);
        const flr = await sql<{ external_key: string }>`select external_key from debtors
          where external_key like 'flr-%' order by 1`.execute(db);
        expect(flr.rows.map((r) => r.external_key)).toEqual(['flr-1', 'flr-3']);
      } finally {
        await sql`drop trigger refuse_fld ${sql.raw(dialect === 'PostgreSQL' ? 'on accounts' : '')}`.execute(
          db,
        );
      }
    }, 300_000);

    it('delta records: a bankruptcy hold offers no payment (lifted, they return), a dispute status shows with its day, a phone payment is posted once', async () => {
      const person = { lastName: 'Deltafixture', ssn: '7777', dob: '1977-07-07' };
      const debtor = {
        key: 'delta-dora',
        lastName: person.lastName,
        ssnLast4: person.ssn,
        dateOfBirth: person.dob,
        accounts: [
          {
            accountNumber: 'DLT1.1',
            clientId: 'NWB',
            balance: 300,
            originalBalance: 300,
            statusCode: 'ACT',
          },
        ],
      };
      expect((await load(lines(debtor), 'jsonl')).result.changed).toBe(1);
      const token = await signIn(server, person);
      const detailed = async () =>
        (await call<Detailed>(server, '/api/Account/Detailed?accountNumber=DLT1.1', { token }))
          .body;
      const before = await detailed();
      expect(before.paymentOptions).toContain('one-time');
      expect(before.account).toMatchObject({ holds: [], dispute: null });

      const deltas = [
        { kind: 'hold', accountNumber: 'DLT1.1', hold: 'bankruptcy', action: 'set' },
        { kind: 'dispute', accountNumber: 'DLT1.1', status: 'under-review', date: '2026-11-20' },
        {
          kind: 'payment',
          accountNumber: 'DLT1.1',
          ref: 'ph-1',
          date: 'today',
          amount: 40,
          type: 'Phone',
          confirmationCode: 'PH123',
        },
        { kind: 'balance', accountNumber: 'DLT1.1', balance: 260 },
        { kind: 'hold', accountNumber: 'NOPE1.1', hold: 'deceased', action: 'set' },
      ];
      const applied = await load(lines(...deltas), 'jsonl');
      expect(applied.result).toMatchObject({ imported: 4, changed: 4, rejected: 1 });
      expect(applied.rejects).toEqual([
        { line: 5, reasons: ['/accountNumber: names no account (NOPE1.1)'] },
      ]);
      const held = await detailed();
      expect(held.paymentOptions).toEqual([]);
      expect(held.account).toMatchObject({
        holds: ['bankruptcy'],
        dispute: { status: 'under-review', date: '2026-11-20' },
        balance: 260,
      });
      expect(held.transactions.filter((t) => t.confirmationCode === 'PH123')).toEqual([
        expect.objectContaining({ amount: 40, type: 'Phone' }),
      ]);
      const again = await load(lines(...deltas), 'jsonl');
      expect(again.result).toMatchObject({ changed: 0, unchanged: 4, rejected: 1 });
      expect(
        (await detailed()).transactions.filter((t) => t.confirmationCode === 'PH123'),
      ).toHaveLength(1);

      const lifted = await load(
        Readable.from(['kind,accountNumber,hold,action\nhold,DLT1.1,bankruptcy,lift\n']),
        'csv',
      );
      expect(lifted.result).toMatchObject({ changed: 1, rejected: 0 });
      const after = await detailed();
      expect(after.account.holds).toEqual([]);
      expect(after.paymentOptions).toContain('one-time');
    }, 120_000);

    it('returned deltas: a portal payment (by confirmation code) and a phone payment (by ref) leave the balance as the agency set it, their transactions are marked returned (Account/Detailed gives each its returnedDate, the others null) and each writes one payment.returned event; a second run changes nothing', async () => {
      const person = { lastName: 'Returnfixture', ssn: '6161', dob: '1961-06-16' };
      const debtor = {
        key: 'return-rita',
        lastName: person.lastName,
        ssnLast4: person.ssn,
        dateOfBirth: person.dob,
        accounts: [
          {
            accountNumber: 'RET1.1',
            clientId: 'NWB',
            balance: 500,
            originalBalance: 500,
            totalPaid: 100,
            statusCode: 'ACT',
          },
        ],
      };
      expect((await load(lines(debtor), 'jsonl')).result.changed).toBe(1);
      const phone = {
        kind: 'payment',
        accountNumber: 'RET1.1',
        ref: 'ph-ret-1',
        date: 'today',
        amount: 40,
        confirmationCode: 'PHRET1',
      };
      expect((await load(lines(phone), 'jsonl')).result.changed).toBe(1);
      const token = await signIn(server, person);
      const card = await addCard(server, token, 'RET1.1', CARDS.visaCredit);
      const paid = await call<{ paymentSubmission: { confirmation: string; success: boolean } }>(
        server,
        '/api/v2/Account/SubmitPayment',
        {
          token,
          body: {
            accountNumber: 'RET1.1',
            schedule: [{ date: today(), amount: 25 }],
            fundingId: card.id,
            type: 'PPA',
            paymentVariant: 'one-time',
            authorizationDisclosuresAccepted: true,
            firstName: 'Rita',
            lastName: person.lastName,
            ...PAYER_CONTACT,
          },
        },
      );
      expect(paid.status, paid.text).toBe(200);
      const confirmation = paid.body.paymentSubmission.confirmation;
      const db = server.database.db;
      const account = () =>
        db
          .selectFrom('accounts')
          .select(['id', 'balance_cents', 'total_paid_cents'])
          .where('account_number', '=', 'RET1.1')
          .executeTakeFirstOrThrow();
      const before = await account();
      const returnedEvents = () =>
        db
          .selectFrom('events')
          .select(['data', 'account_number', 'debtor_key'])
          .where('type', '=', 'payment.returned')
          .where('account_number', '=', 'RET1.1')
          .orderBy('cursor')
          .execute();
      expect(await returnedEvents()).toEqual([]);

      const returns = [
        {
          kind: 'returned',
          accountNumber: 'RET1.1',
          confirmationCode: confirmation,
          reason: 'R01',
        },
        { kind: 'returned', accountNumber: 'RET1.1', ref: 'ph-ret-1', date: '2026-11-30' },
        { kind: 'returned', accountNumber: 'RET1.1', ref: 'no-such-payment' },
        { kind: 'returned', accountNumber: 'RET1.1', ref: 'ph-ret-1', confirmationCode: 'PHRET1' },
      ];
      const applied = await load(lines(...returns), 'jsonl');
      expect(applied.result).toMatchObject({ imported: 2, changed: 2, rejected: 2 });
      expect(applied.rejects).toEqual([
        { line: 3, reasons: ['/ref: names no payment of this account (no-such-payment)'] },
        { line: 4, reasons: ['/: names the payment by exactly one of confirmationCode and ref'] },
      ]);
      const after = await account();
      // The balance is the agency's (its balance delta moves it): a return leaves it as it was.
      expect(after.balance_cents).toBe(before.balance_cents);
      expect(after.total_paid_cents).toBe(before.total_paid_cents);
      const marked = await db
        .selectFrom('transactions')
        .select(['confirmation_code', 'returned_date'])
        .where('account_id', '=', after.id)
        .orderBy('confirmation_code')
        .execute();
      expect(marked).toEqual(
        [
          { confirmation_code: confirmation, returned_date: today() },
          { confirmation_code: 'PHRET1', returned_date: '2026-11-30' },
        ].sort((a, b) => (a.confirmation_code < b.confirmation_code ? -1 : 1)),
      );
      // The debtor's account page reads them as returned, with the day.
      const detailed = await call<{
        transactions: { confirmationCode: string | null; amount: number; returnedDate: unknown }[];
      }>(server, '/api/v2/Account/Detailed?accountNumber=RET1.1', { token });
      expect(detailed.status, detailed.text).toBe(200);
      const shown = detailed.body.transactions.map(
        ({ confirmationCode, amount, returnedDate }) => ({
          confirmationCode,
          amount,
          returnedDate,
        }),
      );
      expect(shown).toEqual(
        expect.arrayContaining([
          { confirmationCode: confirmation, amount: 25, returnedDate: today() },
          { confirmationCode: 'PHRET1', amount: 40, returnedDate: '2026-11-30' },
        ]),
      );
      expect(shown.filter((t) => t.returnedDate !== null)).toHaveLength(2);
      const events = await returnedEvents();
      expect(events.map((e) => JSON.parse(e.data) as unknown)).toEqual([
        { confirmation, amountCents: 2500, returnedOn: today(), reason: 'R01' },
        { confirmation: 'PHRET1', amountCents: 4000, returnedOn: '2026-11-30', reason: 'returned' },
      ]);
      expect(events.every((e) => e.debtor_key === 'return-rita')).toBe(true);

      const again = await load(lines(...returns), 'jsonl');
      expect(again.result).toMatchObject({ changed: 0, unchanged: 2, rejected: 2 });
      expect((await account()).balance_cents).toBe(after.balance_cents);
      expect(await returnedEvents()).toHaveLength(2);
    }, 120_000);

    if (dialect === 'SQLite') {
      it('runs as npm run db:import: writes FILE.rejects.jsonl with line numbers and reasons, never the record', async () => {
        const data = path.join(dir, 'cli');
        const file = path.join(dir, 'cli.jsonl');
        writeFileSync(
          file,
          [
            JSON.stringify({ key: 'cli-1', lastName: 'Cli', ssnLast4: '1234', accounts: [] }),
            '{"key":"cli-2","lastName":"Cli","ssnLast4":"98765","accounts":[]}',
            'not json 123-45-6789',
            '',
          ].join('\n'),
        );
        const env = { ...process.env, DATA_DIR: data, DATABASE_URL: '', DEMO_DATA: 'off' };
        const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
        const script = path.join(REPO_ROOT, 'scripts/db-import.ts');
        const failed = await run(tsx, [script, file], { env, cwd: REPO_ROOT }).then(
          () => null,
          (error: { code: number; stdout: string }) => error,
        );
        expect(failed?.code).toBe(3);
        expect(failed?.stdout).toMatch(/1 of 3 records \(1 changed, 0 unchanged\), 2 rejected/);
        const rejects = readFileSync(`${file}.rejects.jsonl`, 'utf8');
        expect(
          rejects
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as unknown),
        ).toEqual([
          { line: 2, reasons: ['/ssnLast4: must match pattern "^[0-9]{4}$"'] },
          { line: 3, reasons: ['/: is not a JSON value'] },
        ]);
        expect(rejects).not.toContain('98765');
        expect(rejects).not.toContain('6789');
        const second = await run(tsx, [script, file], { env, cwd: REPO_ROOT }).catch(
          (error: { stdout: string }) => error,
        );
        expect(second.stdout).toMatch(/\(0 changed, 1 unchanged\)/);
      }, 120_000);
    }
  });
}
