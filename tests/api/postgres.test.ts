/**
 * The API suite on PostgreSQL: a uniquely named database is created for the run and dropped
 * afterwards. PG_REQUIRED=1 (CI) makes an unreachable server a failure; otherwise it is skipped.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { fundingSuite } from './funding.suite';
import { importSuite } from './import.suite';
import { paymentsSuite } from './payments.suite';
import { plansSuite } from './plans.suite';
import { portalSuite } from './portal.suite';
import { authSuite } from './auth.suite';
import { authzSuite } from './authz.suite';
import { debtorSuite } from './debtor.suite';
import { formsSuite } from './forms.suite';
import { guestSuite } from './guest.suite';
import { openApiSuite } from './openapi.suite';
import { overviewSuite } from './overview.suite';

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
  afterAll(async () => {
    await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.client.end();
  });
  // Before the portal suite, whose lockout tests lock demo identities for 15 minutes.
  overviewSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  portalSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  authSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  debtorSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  formsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  guestSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  openApiSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  authzSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  paymentsSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  fundingSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  plansSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
  importSuite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: '' }));
}
