/**
 * A suite run on SQLite and on PostgreSQL by a test file of its own (sms-texts.test.ts,
 * message-schedule.test.ts): SQLite in a temporary folder; PostgreSQL in a database of its own,
 * `${PG_DB_PREFIX:-<prefix>}_…`, dropped afterwards, skipped when PostgreSQL is not reachable
 * unless PG_REQUIRED=1 (then a failing test says so, under `requiredName`).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { openDatabase, type PortalDatabase } from '../../src/server/db/database';
import { tempDir } from './harness';

type Suite = (name: string, makeDatabase: () => PortalDatabase) => void;

export async function onBothDatabases(
  suite: Suite,
  options: { prefix: string; requiredName: string },
): Promise<void> {
  const data = tempDir(`${options.prefix.replace(/_/g, '-')}-`);
  afterAll(() => data.remove());
  suite('SQLite', () => openDatabase({ dataDir: path.join(data.dir, 'data') }));

  const host = process.env.PGHOST || '127.0.0.1';
  const port = Number(process.env.PGPORT || 5432);
  const users = process.env.PGUSER ? [process.env.PGUSER] : ['postgres', 'root'];
  let admin: pg.Client | null = null;
  let user = '';
  for (const candidate of users) {
    const client = new pg.Client({
      host,
      port,
      user: candidate,
      database: process.env.PGDATABASE || 'test',
      connectionTimeoutMillis: 3000,
    });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    if (ok) {
      admin = client;
      user = candidate;
      break;
    }
    await client.end().catch(() => undefined);
  }
  if (admin) {
    const client = admin;
    const name = `${process.env.PG_DB_PREFIX || options.prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await client.query(`CREATE DATABASE ${name}`);
    afterAll(async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    const url = `postgres://${encodeURIComponent(user)}@${host}:${port}/${name}`;
    suite('PostgreSQL', () => openDatabase({ databaseUrl: url, dataDir: data.dir }));
  } else if (process.env.PG_REQUIRED === '1') {
    describe(options.requiredName, () => {
      it('needs PostgreSQL (PG_REQUIRED=1)', () => {
        throw new Error(`PostgreSQL not reachable at ${host}:${port}`);
      });
    });
  }
}
