/**
 * Content versions (issue 24), on a real server and a database of its own: the first start
 * imports flows/ as version 1; a publish is served at once, through the API and in index.html,
 * without a restart; a tree that would break the server is refused and never served; an older
 * tree published again (a rollback) is served again; a payment that sends the content version its
 * page was served with records that version and its texts; an unknown version is 422;
 * content_versions refuses UPDATE and DELETE; two first starts at once and two publishes at once
 * each get one number; `flows:export` writes a version that check:config accepts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersHealth, freePort } from '../../scripts/lib/server-process';
import { ContentRefused, DatabaseContentStore } from '../../src/server/content/store';
import { readFlowsTree, type FlowsTree } from '../../src/server/content/tree';
import type { PortalDatabase } from '../../src/server/db/database';
import {
  REPO_ROOT,
  call,
  freshDatabase,
  startServer,
  tempDir,
  TEST_SECRET,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  CARDS,
  PAYER_CONTACT,
  addCard,
  importFixture,
  signIn,
  today,
  type ErrorBody,
} from './payments-fixtures';

const run = promisify(execFile);
const MARIA = { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' };
const LEE = { lastName: 'Lee', ssn: '4321', dob: '1990-03-03' };
const KIM = { lastName: 'Versionchanger', ssn: '4646', dob: '1979-04-06' };

/** A debtor with a plan that may be changed online: payments today and every 30 days. */
const PLAN_FIXTURE = {
  debtors: [
    {
      key: 'version-changer',
      firstName: 'Kim',
      lastName: KIM.lastName,
      ssnLast4: KIM.ssn,
      dateOfBirth: KIM.dob,
      accounts: [
        {
          accountNumber: 'CVP1.10001',
          clientId: 'NWB',
          balance: 400,
          originalBalance: 500,
          totalPaid: 100,
          statusCode: 'PPA',
          supportPhone: '800-555-0100',
          arrangements: [
            {
              ref: 'cvp',
              type: 'PPA',
              amount: 500,
              active: true,
              beginBalance: 500,
              created: 'today-40',
              allowRemaining: true,
              modifiableOnline: true,
              payments: [
                { date: 'today-30', amount: 100, status: 'Paid', confirmation: 'cvp-01' },
                { date: 'today+30', amount: 100, status: 'PostDate' },
                { date: 'today+60', amount: 100, status: 'PostDate' },
                { date: 'today+90', amount: 100, status: 'PostDate' },
                { date: 'today+120', amount: 100, status: 'PostDate' },
              ],
            },
          ],
        },
      ],
    },
  ],
};
const SHIPPED = readFlowsTree(path.join(REPO_ROOT, 'flows'));

type Tree = Record<string, Record<string, unknown>>;
const copy = (tree: FlowsTree): Tree => JSON.parse(JSON.stringify(tree)) as Tree;
const SHIPPED_NOT_FOUND = (copy(SHIPPED)['texts/api.json']!.notFound as { en: string }).en;

/** The shipped tree with the API's not-found answer (and the authorization's English) reworded. */
function reworded(notFound: { en: string; es: string }, authorizationEn?: string): FlowsTree {
  const tree = copy(SHIPPED);
  tree['texts/api.json']!.notFound = notFound;
  if (authorizationEn) {
    const content = tree['content/payment-authorization.json']!;
    content.single = { ...(content.single as object), en: authorizationEn };
  }
  return tree;
}

/** The env a server process or script needs to open this database. */
function databaseEnv(database: PortalDatabase): Record<string, string> {
  // The key of the harness's servers on this database (a PostgreSQL server needs one given).
  const secret = { PORTAL_SECRET: TEST_SECRET, PORTAL_KEY_FILE: '' };
  return database.dialect === 'sqlite'
    ? { DATA_DIR: path.dirname(database.location), DATABASE_URL: '', ...secret }
    : { DATABASE_URL: database.location, ...secret };
}

const configOf = (html: string): Record<string, unknown> => {
  const match = /<script type="application\/json" id="portal-config">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
};

export function contentSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`content versions on ${dialect}`, () => {
    const web = tempDir('content-web-');
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    let server: RunningServer;
    const notFound = () => call<ErrorBody>(server, '/api/NoSuchRoute');
    const page = async () => {
      const res = await call(server, '/login', { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      return configOf(res.text);
    };

    beforeAll(async () => {
      fresh = await freshDatabase(makeDatabase);
      mkdirSync(path.join(web.dir, 'assets'), { recursive: true });
      writeFileSync(
        path.join(web.dir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
      );
      server = await startServer(fresh.makeDatabase, { webDir: web.dir });
    });
    afterAll(async () => {
      await server?.close();
      await fresh?.remove();
      web.remove();
    });

    it('imports flows/ as version 1 on the first start, and serves it', async () => {
      const history = await server.app.content.history();
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        version: 1,
        comment: 'Imported from flows/',
        drafted_by: null,
        approved_by: null,
        draft_id: null,
        rollback_of: null,
      });
      expect(history[0]?.changed).toEqual(Object.keys(SHIPPED).sort());
      expect(server.app.content.current().tree).toEqual(SHIPPED);
      expect((await page()).contentVersion).toBe(1);
      expect((await notFound()).body.message).toBe(SHIPPED_NOT_FOUND);
    });

    it('serves a publish at once, through the API and in the page, without a restart', async () => {
      const text = { en: 'Nothing here (v2).', es: 'Nada aquí (v2).' };
      const version = await server.app.content.publish({
        tree: reworded(text),
        comment: 'Reword not found',
        draftedBy: null,
        approvedBy: null,
      });
      expect(version).toBe(2);
      expect((await notFound()).body.message).toBe(text.en);
      expect((await call<ErrorBody>(server, '/api/NoSuchRoute', { lang: 'es' })).body.message).toBe(
        text.es,
      );
      const config = await page();
      expect(config.contentVersion).toBe(2);
      expect((config.texts as Tree)['api']?.notFound).toEqual(text);
      const [latest] = await server.app.content.history();
      expect(latest).toMatchObject({ version: 2, comment: 'Reword not found' });
      expect(latest?.changed).toEqual(['texts/api.json']);
    });

    it('refuses a tree that would break the server, and keeps serving the version before', async () => {
      const broken = copy(SHIPPED);
      delete broken['texts/api.json']!.notFound;
      await expect(
        server.app.content.publish({
          tree: broken,
          comment: 'Oops',
          draftedBy: null,
          approvedBy: null,
        }),
      ).rejects.toThrow(/flows\/texts\/api\.json: missing en text for "notFound"/);
      const noPolicy = copy(SHIPPED);
      delete noPolicy['policies/sign-in.json'];
      await expect(
        server.app.content.publish({
          tree: noPolicy,
          comment: 'Oops',
          draftedBy: null,
          approvedBy: null,
        }),
      ).rejects.toBeInstanceOf(ContentRefused);
      const badPath = { ...copy(SHIPPED), '../escape.json': {} };
      await expect(
        server.app.content.publish({
          tree: badPath,
          comment: 'Oops',
          draftedBy: null,
          approvedBy: null,
        }),
      ).rejects.toThrow(/not a flows path/);
      await expect(
        server.app.content.publish({
          tree: SHIPPED,
          comment: '  ',
          draftedBy: null,
          approvedBy: null,
        }),
      ).rejects.toThrow(/a comment is required/);
      // The journey's variants are in the API's schemas: a publish may not change them.
      const variants = copy(SHIPPED);
      const journey = variants['journeys/payment.json'] as { variants: Record<string, unknown> };
      delete journey.variants.upcoming;
      await expect(
        server.app.content.publish({
          tree: variants,
          comment: 'Oops',
          draftedBy: null,
          approvedBy: null,
        }),
      ).rejects.toThrow(/may not change the payment journey's variants/);
      expect(server.app.content.current().version).toBe(2);
      expect(await server.app.content.history()).toHaveLength(2);
      expect((await notFound()).body.message).toBe('Nothing here (v2).');
    });

    it('publishes an older tree again as a new version (a rollback)', async () => {
      const first = await server.app.content.get(1);
      expect(first?.tree).toEqual(SHIPPED);
      const version = await server.app.content.publish({
        tree: first!.tree,
        comment: 'Back to the import',
        draftedBy: null,
        approvedBy: null,
        rollbackOf: 1,
      });
      expect(version).toBe(3);
      const [latest] = await server.app.content.history();
      expect(latest).toMatchObject({ version: 3, rollback_of: 1, changed: ['texts/api.json'] });
      expect((await notFound()).body.message).toBe(SHIPPED_NOT_FOUND);
      expect((await page()).contentVersion).toBe(3);
    });

    it("records the content version a payment's page was served with, and that version's text", async () => {
      const before = server.app.content.current().version;
      // Two debtors, each with an account that offers a one-time payment (a payment makes a plan),
      // signed in before the publish: the version before was in force during their sessions.
      const token = await signIn(server, MARIA);
      const card = await addCard(server, token, 'LU1.10001', CARDS.visaCredit);
      const leeToken = await signIn(server, LEE);
      const leeCard = await addCard(server, leeToken, 'LU1.40001', CARDS.visaCredit);
      const wording =
        'I, {{name}}, authorize {{agency}} to take {{amount}} from {{method}} on {{date}} for {{accountNumber}} ({{creditor}}); call {{phone}} to cancel. (v-new)';
      const after = await server.app.content.publish({
        tree: reworded({ en: 'Nothing here (v4).', es: 'Nada aquí (v4).' }, wording),
        comment: 'New single payment wording',
        draftedBy: null,
        approvedBy: null,
      });
      const pay = (amount: number, extra: Record<string, unknown>, lee = false) =>
        call<{ paymentSubmission: { confirmation: string; success: boolean } } & ErrorBody>(
          server,
          '/api/v2/Account/SubmitPayment',
          {
            token: lee ? leeToken : token,
            body: {
              accountNumber: lee ? 'LU1.40001' : 'LU1.10001',
              schedule: [{ date: today(), amount }],
              fundingId: lee ? leeCard.id : card.id,
              type: 'PPA',
              paymentVariant: 'one-time',
              authorizationDisclosuresAccepted: true,
              firstName: 'Maria',
              lastName: 'Garcia',
              ...PAYER_CONTACT,
              ...extra,
            },
          },
        );
      const authorization = (confirmation: string) =>
        server.database.db
          .selectFrom('payment_authorizations')
          .select(['published_version', 'authorization_text', 'content_version'])
          .where('confirmation', '=', confirmation)
          .executeTakeFirstOrThrow();

      // Shown the page before the publish: the old words, and the old version recorded.
      const old = await pay(30, { contentVersion: before });
      expect(old.status, old.text).toBe(200);
      expect(old.body.paymentSubmission.success, old.text).toBe(true);
      const oldRecord = await authorization(old.body.paymentSubmission.confirmation);
      expect(oldRecord.published_version).toBe(before);
      expect(oldRecord.authorization_text).toMatch(
        /^I, Maria Garcia, authorize .* to make a single/,
      );
      expect(oldRecord.authorization_text).not.toContain('(v-new)');

      // Without a version: the one served now.
      const current = await pay(31, {}, true);
      expect(current.body.paymentSubmission.success, current.text).toBe(true);
      const newRecord = await authorization(current.body.paymentSubmission.confirmation);
      expect(newRecord.published_version).toBe(after);
      expect(newRecord.authorization_text).toContain('(v-new)');

      // A version never published: 422, in the caller's language; nothing is charged.
      for (const [lang, words] of [
        ['en', /out of date/],
        ['es', /ya no están vigentes/],
      ] as const) {
        const unknown = await call<ErrorBody>(server, '/api/v2/Account/SubmitPayment', {
          token,
          lang,
          body: {
            accountNumber: 'LU1.10001',
            schedule: [{ date: today(), amount: 32 }],
            fundingId: card.id,
            type: 'PPA',
            paymentVariant: 'one-time',
            authorizationDisclosuresAccepted: true,
            ...PAYER_CONTACT,
            contentVersion: after + 100,
          },
        });
        expect(unknown.status, unknown.text).toBe(422);
        expect(unknown.body.message).toMatch(words);
      }
      const notNumber = await call<ErrorBody>(server, '/api/v2/Account/SubmitPayment', {
        token,
        body: { accountNumber: 'LU1.10001', contentVersion: 'latest' },
      });
      expect(notNumber.status).toBe(400);
      const charged = await server.database.db
        .selectFrom('payment_submissions')
        .select('amount_cents')
        .where('account_id', 'in', (eb) =>
          eb.selectFrom('accounts').select('id').where('account_number', '=', 'LU1.10001'),
        )
        .execute();
      expect(charged.map((row) => row.amount_cents)).not.toContain(3200);
    });

    it("records the content version a plan change's page was served with, and its statement", async () => {
      await importFixture(server.database.db, PLAN_FIXTURE);
      const token = await signIn(server, KIM);
      const before = server.app.content.current().version;
      const tree = copy(server.app.content.current().tree);
      const planChange = tree['content/plan-change.json'] as {
        cancel: { statement: { en: string } };
      };
      planChange.cancel.statement.en += ' (v-plan)';
      const after = await server.app.content.publish({
        tree,
        comment: 'Plan change wording',
        draftedBy: null,
        approvedBy: null,
      });
      const preview = await call<{ arrangementId: number; statement: string }>(
        server,
        '/api/v2/Account/PlanCancellation?accountNumber=CVP1.10001',
        { token },
      );
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.statement).toContain('(v-plan)');
      const cancel = (contentVersion: number) =>
        call<{ confirmation: string; statement: string } & ErrorBody>(
          server,
          '/api/v2/Account/CancelPlan',
          {
            token,
            body: {
              accountNumber: 'CVP1.10001',
              arrangementId: preview.body.arrangementId,
              confirmed: true,
              contentVersion,
            },
          },
        );
      const unknown = await cancel(after + 100);
      expect(unknown.status, unknown.text).toBe(422);
      expect(unknown.body.message).toMatch(/out of date/);
      const done = await cancel(before);
      expect(done.status, done.text).toBe(200);
      expect(done.body.statement).not.toContain('(v-plan)');
      const row = await server.database.db
        .selectFrom('plan_changes')
        .select(['published_version', 'statement'])
        .where('confirmation', '=', done.body.confirmation)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ published_version: before, statement: done.body.statement });
    });

    it('content_versions refuses UPDATE and DELETE', async () => {
      const { db } = server.database;
      await expect(
        db
          .updateTable('content_versions')
          .set({ comment: 'changed' })
          .where('version', '=', 1)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        db.deleteFrom('content_versions').where('version', '=', 1).execute(),
      ).rejects.toThrow(/append-only/);
      if (server.database.dialect === 'postgres') {
        await expect(sql`truncate content_versions`.execute(db)).rejects.toThrow(/append-only/);
      }
      expect((await server.app.content.get(1))?.tree).toEqual(SHIPPED);
    });

    it('gives two publishes at once two numbers, and two first starts one version 1', async () => {
      const stores = await Promise.all(
        [0, 1].map(() =>
          DatabaseContentStore.open({
            db: server.database.db,
            flowsDir: path.join(REPO_ROOT, 'flows'),
            live: false,
          }),
        ),
      );
      const newest = server.app.content.current().version;
      const versions = await Promise.all(
        stores.map((store, i) =>
          store.publish({
            tree: reworded({ en: `Race ${i}.`, es: `Carrera ${i}.` }),
            comment: `Race ${i}`,
            draftedBy: null,
            approvedBy: null,
          }),
        ),
      );
      expect(versions.sort()).toEqual([newest + 1, newest + 2]);
      await Promise.all(stores.map((store) => store.close()));

      const empty = await freshDatabase(makeDatabase);
      const databases = [empty.makeDatabase(), empty.makeDatabase()];
      try {
        const { migrateToLatest } = await import('../../src/server/db/migrate');
        await migrateToLatest(databases[0]!.db);
        const firsts = await Promise.all(
          databases.map((database) =>
            DatabaseContentStore.open({
              db: database.db,
              flowsDir: path.join(REPO_ROOT, 'flows'),
              live: false,
            }),
          ),
        );
        expect(firsts.map((store) => store.current().version)).toEqual([1, 1]);
        expect(await firsts[0]!.history()).toHaveLength(1);
        await Promise.all(firsts.map((store) => store.close()));
      } finally {
        await Promise.all(databases.map((database) => database.destroy()));
        await empty.remove();
      }
    });

    it('flows:export writes the published or the named version, which check:config accepts', async () => {
      const out = tempDir('content-export-');
      try {
        const env = { ...process.env, ...databaseEnv(server.database) };
        // Publishes of other stores (the test before) reach this server's by the poll or, on
        // PostgreSQL, a notification; refresh now rather than wait.
        await server.app.content.refresh();
        const script = ['--import', 'tsx', 'scripts/flows-export.ts'];
        const published = path.join(out.dir, 'published');
        await run(process.execPath, [...script, published], { cwd: REPO_ROOT, env });
        expect(readFlowsTree(published)).toEqual(server.app.content.current().tree);
        const first = path.join(out.dir, 'first');
        await run(process.execPath, [...script, first, '1'], { cwd: REPO_ROOT, env });
        expect(readFlowsTree(first)).toEqual(SHIPPED);
        const checked = await run(
          process.execPath,
          ['--import', 'tsx', 'scripts/check-config.ts'],
          {
            cwd: REPO_ROOT,
            env: { ...env, FLOWS_DIR: published },
          },
        );
        expect(checked.stdout).toMatch(/check:config: \d+ files OK/);
        const unknown = await run(
          process.execPath,
          [...script, path.join(out.dir, 'none'), '999'],
          {
            cwd: REPO_ROOT,
            env,
          },
        ).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => error,
        );
        expect(unknown.code).toBe(2);
        expect(unknown.stderr).toMatch(/No content version 999/);
      } finally {
        out.remove();
      }
    }, 120_000);
  });
}

interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      PORTAL_FAILPOINT: '',
      FLOWS_DIR: path.join(REPO_ROOT, 'flows'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  if (await answersHealth(url, 60_000)) return { url, child, exited };
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/**
 * PostgreSQL: two server processes (real, separate Node processes) on one database. A publish by a
 * third party (a store in this test process, as the studio of another process would) reaches both
 * through NOTIFY / LISTEN: each serves the new text, in an API answer and in index.html, within
 * 5 seconds, with no restart.
 */
export function contentProcessesSuite(makeDatabase: DatabaseFactory): void {
  describe('content versions across server processes on PostgreSQL', () => {
    const web = tempDir('content-processes-web-');
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    let database: PortalDatabase;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      fresh = await freshDatabase(makeDatabase);
      database = fresh.makeDatabase();
      writeFileSync(
        path.join(web.dir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
      );
      // Both at once on an empty database: one imports version 1, both serve it.
      const env = { ...databaseEnv(database), WEB_DIR: web.dir };
      servers.push(...(await Promise.all([startProcess(env), startProcess(env)])));
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await database?.destroy();
      await fresh?.remove();
      web.remove();
    }, 60_000);

    it('a publish through another process is served by both within 5 seconds, without a restart', async () => {
      const message = async (server: ServerProcess) => {
        const res = await call<ErrorBody>(server, '/api/NoSuchRoute');
        return res.body.message;
      };
      for (const server of servers) expect(await message(server)).toBe(SHIPPED_NOT_FOUND);
      const history = await database.db.selectFrom('content_versions').select('version').execute();
      expect(history).toEqual([{ version: 1 }]);

      const publisher = await DatabaseContentStore.open({
        db: database.db,
        flowsDir: path.join(REPO_ROOT, 'flows'),
        live: false,
      });
      const text = {
        en: 'Nothing here, said another process.',
        es: 'Nada aquí, dijo otro proceso.',
      };
      const started = Date.now();
      const version = await publisher.publish({
        tree: reworded(text),
        comment: 'Published by another process',
        draftedBy: null,
        approvedBy: null,
      });
      await publisher.close();
      expect(version).toBe(2);
      for (const server of servers) {
        while ((await message(server)) !== text.en) {
          expect(Date.now() - started, `${server.url} still serves the old text`).toBeLessThan(
            5000,
          );
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const page = await call(server, '/', { headers: { accept: 'text/html' } });
        const config = configOf(page.text);
        expect(config.contentVersion).toBe(2);
        expect((config.texts as Tree)['api']?.notFound).toEqual(text);
      }
      expect(Date.now() - started).toBeLessThan(5000);
    }, 30_000);
  });
}
