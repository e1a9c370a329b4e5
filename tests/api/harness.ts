/**
 * Test harness: a real portal server (buildApp + listen on 127.0.0.1:0) over a real database, a
 * small fetch client, log capture and response-schema checks.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createAjv } from '../../src/server/ajv';
import { buildApp, REPO_ROOT, type BuildAppOptions } from '../../src/server/app';
import { deriveKeys, type ServerKeys } from '../../src/server/auth/keys';
import { openDatabase, type PortalDatabase } from '../../src/server/db/database';

export { REPO_ROOT };

/**
 * The server secret of the API tests' servers (PORTAL_SECRET of the processes they spawn), so the
 * fixtures a test imports itself are hashed and encrypted with the server's keys.
 */
export const TEST_SECRET = 'portal-api-tests-server-secret-0123456789';

/** The keys every test server derives from TEST_SECRET. */
export const testKeys = (): ServerKeys => deriveKeys(Buffer.from(TEST_SECRET, 'utf8'));

/** Creates a handle on the suite's database; every call opens the same underlying data. */
export type DatabaseFactory = () => PortalDatabase;

export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  database: PortalDatabase;
  logs: LogCapture;
  close(): Promise<void>;
}

/**
 * A database of the same kind as the suite's, empty, for a server of its own: a server started on
 * a flows/ fixture imports the fixture as its content version 1 (content/store.ts) only into an
 * empty database; the suite's shared one already serves the shipped flows/. SQLite: a new data
 * folder; PostgreSQL: a new database on the same server (the suites' URLs carry no password, so
 * the database's location is its URL), dropped by `remove`.
 */
export async function freshDatabase(
  makeDatabase: DatabaseFactory,
): Promise<{ makeDatabase: DatabaseFactory; remove(): Promise<void> }> {
  const probe = makeDatabase();
  const { dialect, location } = probe;
  await probe.destroy();
  if (dialect === 'sqlite') {
    const dir = tempDir('portal-fresh-');
    return {
      makeDatabase: () => openDatabase({ dataDir: dir.dir }),
      remove: () => Promise.resolve(dir.remove()),
    };
  }
  const name = `portal_fresh_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: location });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(location);
  url.pathname = `/${name}`;
  return {
    makeDatabase: () => openDatabase({ databaseUrl: url.toString(), dataDir: '' }),
    remove: async () => {
      const client = new pg.Client({ connectionString: location });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

const SHIPPED_FLOWS = path.join(REPO_ROOT, 'flows');

/**
 * The portal on the suite's database. With a `flowsDir` other than the shipped flows/ (a
 * fixture), on a fresh database of its own (freshDatabase), removed when it closes.
 */
export async function startServer(
  makeDatabase: DatabaseFactory,
  options: Partial<BuildAppOptions> = {},
): Promise<RunningServer> {
  const fixture =
    options.flowsDir !== undefined && path.resolve(options.flowsDir) !== SHIPPED_FLOWS
      ? await freshDatabase(makeDatabase)
      : undefined;
  const database = (fixture?.makeDatabase ?? makeDatabase)();
  const logs = new LogCapture();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db: database.db,
      flowsDir: SHIPPED_FLOWS,
      webDir: path.join(tmpdir(), 'no-web-dir-for-api-tests'),
      logger: { level: 'info', stream: logs },
      trustProxy: true,
      // The default limits, counted in memory: never a REDIS_URL of the shell running the tests.
      rateLimit: {},
      secret: TEST_SECRET,
      ...options,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await database.destroy();
    await fixture?.remove();
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.destroy();
      await fixture?.remove();
    },
  };
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A clock the test moves (a server's `now`). By default it starts at 15:00 UTC (mid-day in the
 * agency's zone) of the day before the real day: behind every real clock, as a fixed past date was
 * (the audit log's rows keep their order), yet near the demo data, whose dates are relative to the
 * day it is loaded (a letter opens only from its request date, 5 days back: a fixed start date falls
 * behind such dates as the calendar moves).
 */
export class TestClock {
  constructor(private ms = new Date().setUTCHours(15, 0, 0, 0) - 24 * 60 * 60 * 1000) {}
  now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
  get time(): number {
    return this.ms;
  }
}

let ipCounter = 0;
/** A fresh client address per call, so address lockout never leaks between tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  token?: string;
  ip?: string;
  session?: string | null;
  lang?: string;
  headers?: Record<string, string>;
}

/** One answer `call()` received: what the contract test (contract.suite.ts) checks. */
export interface RecordedCall {
  method: string;
  /** Path and query string, as called. */
  url: string;
  status: number;
  contentType: string;
  /** The parsed JSON body, the text of another body, or undefined for a file. */
  body: unknown;
  size: number;
}

/**
 * Every answer of every `call()` in this test file, in order. The API suites call every
 * operation through `call()`; the contract suite, registered last, validates each answer against
 * the served OpenAPI document.
 */
export const recordedCalls: RecordedCall[] = [];

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The raw answer (a PDF is binary: `text` is its UTF-8 reading). */
  bytes: Uint8Array;
}

export async function call<T = unknown>(
  server: { url: string },
  urlPath: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {
    'x-forwarded-for': options.ip ?? freshIp(),
    ...(options.headers ?? {}),
  };
  if (options.session !== null) headers['x-session-id'] = options.session ?? 'test-session';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const method = options.method ?? (payload === undefined ? 'GET' : 'POST');
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers,
    body: payload,
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
    body = JSON.parse(text);
  }
  const contentType = response.headers.get('content-type') ?? '';
  recordedCalls.push({
    method,
    url: urlPath,
    status: response.status,
    contentType,
    body: contentType.startsWith('application/pdf') ? undefined : body,
    size: bytes.length,
  });
  return { status: response.status, headers: response.headers, body: body as T, text, bytes };
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Validators for every schema under schemas/api, by file name (without .schema.json). */
export function apiValidators() {
  const ajv = createAjv();
  const dir = path.join(REPO_ROOT, 'schemas/api');
  const names: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as object);
    names.push(file.replace(/\.schema\.json$/, ''));
  }
  return {
    names,
    /** Returns ajv's error list (empty when valid). */
    check(name: string, data: unknown): string[] {
      const validate = ajv.getSchema(`/schemas/api/${name}.json`);
      if (!validate) throw new Error(`no schema ${name}`);
      return validate(data)
        ? []
        : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? e.keyword}`);
    },
  };
}
