/**
 * Which errors mean "the database is briefly out of reach" (answered 503 with Retry-After) and
 * which are ordinary failures (500): real driver errors where they can be made without a server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../src/server/db/unavailable';

const dir = mkdtempSync(path.join(tmpdir(), 'db-unavailable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A local port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** pg's own error class for an error PostgreSQL sent, with its SQLSTATE. */
function postgresError(code: string, message: string): Error {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('isDatabaseUnavailable', () => {
  it('PostgreSQL refusing connections (nothing listens) is unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x' });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('SQLite busy past the busy timeout is unavailable; other SQLite errors are not', () => {
    const file = path.join(dir, 'busy.db');
    const holder = new SqliteDatabase(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE t (x INTEGER)');
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    try {
      const busy = thrown(() => other.exec('INSERT INTO t VALUES (1)'));
      expect((busy as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
      expect(isDatabaseUnavailable(busy)).toBe(true);
    } finally {
      holder.exec('ROLLBACK');
    }
    expect(isDatabaseUnavailable(thrown(() => other.exec('SELECT * FROM missing')))).toBe(false);
    expect(isDatabaseUnavailable(thrown(() => other.exec('CREATE TABLE t (x INTEGER)')))).toBe(
      false,
    );
    holder.close();
    other.close();
  });

  it('PostgreSQL shutting down, starting up or cutting the connection is unavailable', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '53300']) {
      expect(isDatabaseUnavailable(postgresError(code, 'gone')), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it('a constraint, a syntax error or a bug in the code is not', () => {
    expect(isDatabaseUnavailable(postgresError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(postgresError('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(postgresError('40001', 'could not serialize'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly, maybe'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('looks through causes and the attempts of a connection to several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('other'), refused]))).toBe(true);
    const loop: { cause?: unknown } & Error = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
