/**
 * The API suite on PostgreSQL: a uniquely named database is created for the run and dropped
 * afterwards. PG_REQUIRED=1 (CI) makes an unreachable server a failure; otherwise it is skipped.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { fundingSuite } from './funding.suite';
import { importSuite } from './import.suite';
import { importStreamSuite } from './import-stream.suite';
import { paymentsSuite } from './payments.suite';
import { plansSuite } from './plans.suite';
import { planCalendarSuite } from './plan-calendar.suite';
import { planChangesSuite } from './plan-changes.suite';
import { portalSuite } from './portal.suite';
import { authSuite } from './auth.suite';
import { badInputSuite } from './bad-input.suite';
import { contentProcessesSuite, contentSuite } from './content.suite';
import { contentDeploySuite } from './content-deploy.suite';
import { contractSuite } from './contract.suite';
import { crashSuite } from './crash.suite';
import { serverSecretSuite } from './server-secret.suite';
import { studioAnswersSuite } from './studio-answers';
import { studioCookiesSuite } from './studio-cookies.suite';
import { authzSuite } from './authz.suite';
import { debtorSuite } from './debtor.suite';
import { formsSuite } from './forms.suite';
import { formRecordsSuite } from './form-records.suite';
import { guestSuite } from './guest.suite';
import { eventsSuite } from './events.suite';
import { agencyExportSuite } from './agency-export.suite';
import { paymentEventsSuite } from './payment-events.suite';
import { webhooksSuite } from './webhooks.suite';
import { messagesSuite } from './messages.suite';
import { webhookProcessesSuite } from './webhook-processes.suite';
import { messageProcessesSuite } from './message-processes.suite';
import { hardeningSuite } from './hardening.suite';
import { identitySuite } from './identity.suite';
import { sessionLimitsSuite } from './session-limits.suite';
import { studioAuthSuite } from './studio-auth.suite';
import { lockoutProcessesSuite, lockoutSuite } from './lockout.suite';
import { studioContentSuite } from './studio-content.suite';
import { studioTranslationsSuite } from './studio-translations.suite';
import { studioRulesSuite } from './studio-rules.suite';
import { studioEvidenceSuite } from './studio-evidence.suite';
import { studioActivitySuite } from './studio-activity.suite';
import { studioMessagesSuite } from './studio-messages.suite';
import { evidenceAppendOnlySuite } from './evidence-append-only.suite';
import { studioPreviewSuite } from './studio-preview.suite';
import { studioInvitationsSuite } from './studio-invitations.suite';
import { documentsSuite } from './documents.suite';
import { freeTextSuite } from './free-text.suite';
import { openApiSuite } from './openapi.suite';
import { specShapesSuite } from './spec-shapes.suite';
import { overviewSuite } from './overview.suite';
import { roundTripsSuite } from './roundtrips.suite';
import { paymentRoundTripsSuite } from './payment-roundtrips.suite';
import { postgresUnavailableSuite } from './unavailable.suite';
import { pipelinedReadsSuite } from './pipelined-reads.suite';

const host = process.env.PGHOST || '127.0.0.1';
const port = Number(process.env.PGPORT || 5432);
const adminDb = process.env.PGDATABASE || 'test';
const users = process.env.PGUSER ? [process.env.PGUSER] : ['postgres', 'root'];
const where = `${host}:${port}`;

async function connectAdmin(): Promise<{ client: pg.Client; user: string } | { error: string }> {
  let lastError = '';
  for (const user of users) {
    const client = new pg.Client({
      host,
      port,
      user,
      database: adminDb,
      connectionTimeoutMillis: 3000,
    });
    try {
      await client.connect();
      return { client, user };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await client.end().catch(() => undefined);
    }
  }
  return { error: lastError };
}

/**
 * The connections still open to these databases (other than the asking one), after a few seconds'
 * grace for closes under way: each as its database, state and last statement.
 */
async function openConnections(client: pg.Client, databases: string[]): Promise<string[]> {
  let rows: { line: string }[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    ({ rows } = await client.query<{ line: string }>(
      `select datname || ' [' || application_name || '] ' || coalesce(state, '') || ' '
              || left(query, 80) as line
         from pg_stat_activity where datname = any($1) and pid <> pg_backend_pid()`,
      [databases],
    ));
    if (rows.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return rows.map((row) => row.line);
}

const admin = await connectAdmin();

if ('error' in admin) {
  if (process.env.PG_REQUIRED === '1') {
    describe('portal API on PostgreSQL', () => {
      it('needs PostgreSQL (PG_REQUIRED=1)', () => {
        throw new Error(`PostgreSQL not reachable at ${where}: ${admin.error}`);
      });
    });
  } else {
    console.log(
      `PostgreSQL not reachable at ${where}: skipping PostgreSQL API suite (${admin.error})`,
    );
    describe.skip('portal API on PostgreSQL', () => {
      it('skipped', () => undefined);
    });
  }
} else {
  const name = `portal_api_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin.client.query(`CREATE DATABASE ${name}`);
  const url = `postgres://${encodeURIComponent(admin.user)}@${host}:${port}/${name}`;
  const crashName = `${name}_crash`;
  const hooksName = `${name}_hooks`;
  const mailName = `${name}_mail`;
  afterAll(async () => {
    // Every suite closes what it opened: its servers (pool, pipelined reads, LISTEN) and its own
    // handles. A connection still open here is one a teardown forgot (pg_stat_activity's last
    // statement says which kind); the drops below would otherwise end it unseen.
    const left = await openConnections(admin.client, [name, crashName, hooksName, mailName]);
    await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.client.query(`DROP DATABASE IF EXISTS ${crashName} WITH (FORCE)`);
    await admin.client.query(`DROP DATABASE IF EXISTS ${hooksName} WITH (FORCE)`);
    await admin.client.query(`DROP DATABASE IF EXISTS ${mailName} WITH (FORCE)`);
    await admin.client.end();
    expect(left, 'connections not closed by their suites').toEqual([]);
  });
  // Each connection is named (application_name, from PGAPPNAME when pg makes it) for the test
  // it was made in, or the test it was made after (a beforeAll): a connection left open is then
  // told by its name in the check above.
  beforeEach(() => {
    process.env.PGAPPNAME = (expect.getState().currentTestName ?? '').slice(0, 60);
  });
  afterEach(() => {
    process.env.PGAPPNAME = `after ${expect.getState().currentTestName ?? ''}`.slice(0, 60);
  });
  // Before the portal suite, whose lockout tests lock demo identities for 15 minutes.
  overviewSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  roundTripsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  paymentRoundTripsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  pipelinedReadsSuite(url, port);
  portalSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  authSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  debtorSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  formsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  formRecordsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  guestSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  eventsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  agencyExportSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  paymentEventsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  webhooksSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  messagesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  openApiSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  authzSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  paymentsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  fundingSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  plansSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  planCalendarSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  planChangesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  importSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  importStreamSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  specShapesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  hardeningSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  badInputSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  identitySuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  sessionLimitsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioAuthSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  lockoutSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  lockoutProcessesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioContentSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioTranslationsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioRulesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioEvidenceSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioActivitySuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioMessagesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  evidenceAppendOnlySuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioPreviewSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioInvitationsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  documentsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  freeTextSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  serverSecretSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  studioCookiesSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  // After the studio suites: every studio answer they got was checked against its schema.
  studioAnswersSuite('PostgreSQL');
  postgresUnavailableSuite({ host, port }, (relayPort) =>
    openDatabase({
      databaseUrl: `postgres://${encodeURIComponent(admin.user)}@127.0.0.1:${relayPort}/${name}`,
      dataDir: '',
    }),
  );
  contentSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  contentDeploySuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  contentProcessesSuite(() => openDatabase({ databaseUrl: url, dataDir: '' }));
  // Last: checks every answer the suites above received against the OpenAPI document.
  contractSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  describe('PostgreSQL drops a connection', () => {
    it('a connection ended by the server while a request holds it fails that work only: the process lives on and the next query is answered', async () => {
      const database = openDatabase({ databaseUrl: url, dataDir: '' });
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        const outcome = await database.db
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
              trx,
            );
            // As a PostgreSQL restart does: the backend is ended while idle in a transaction.
            await admin.client.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            await new Promise((resolve) => setTimeout(resolve, 300));
            await sql`select 1`.execute(trx);
          })
          .then(
            () => 'committed',
            () => 'failed',
          );
        expect(outcome).toBe('failed');
        expect(uncaught).toEqual([]);
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        process.off('uncaughtException', onUncaught);
        await database.destroy();
      }
    });
  });
  // Its own database, used by server processes it starts and kills.
  crashSuite('PostgreSQL', async () => {
    await admin.client.query(`CREATE DATABASE ${crashName}`);
    const crashUrl = `postgres://${encodeURIComponent(admin.user)}@${host}:${port}/${crashName}`;
    return {
      env: { DATABASE_URL: crashUrl },
      open: () => openDatabase({ databaseUrl: crashUrl, dataDir: '' }),
    };
  });
  // Its own database, used by server processes it starts and kills (webhooks, issue 42).
  webhookProcessesSuite(async () => {
    await admin.client.query(`CREATE DATABASE ${hooksName}`);
    const hooksUrl = `postgres://${encodeURIComponent(admin.user)}@${host}:${port}/${hooksName}`;
    return {
      env: { DATABASE_URL: hooksUrl },
      open: () => openDatabase({ databaseUrl: hooksUrl, dataDir: '' }),
    };
  });
  // Its own database, used by server processes it starts and kills (messages, issue 43).
  messageProcessesSuite(async () => {
    await admin.client.query(`CREATE DATABASE ${mailName}`);
    const mailUrl = `postgres://${encodeURIComponent(admin.user)}@${host}:${port}/${mailName}`;
    return {
      env: { DATABASE_URL: mailUrl },
      open: () => openDatabase({ databaseUrl: mailUrl, dataDir: '' }),
    };
  });
}
