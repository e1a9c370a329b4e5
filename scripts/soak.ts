/**
 * `npm run soak [-- --minutes N]`: two server processes on one PostgreSQL for 60 seconds (or N
 * minutes) of mixed traffic (sign-ins, account reads, payments with Idempotency-Keys, guest form
 * posts) while one process is killed (SIGKILL) and restarted and PostgreSQL itself is restarted
 * once; then a reconciliation: payments answered success = payments stored = charges at the
 * processor, with the number doubled, lost and stuck (each must be 0), and no server may exit on
 * its own (the script exits 1 otherwise).
 *
 * Memory: every 30 s each server process is asked over its IPC channel (never HTTP) for RSS and
 * heap after a full collection (src/server/memory-reports.ts); the series is printed as a table,
 * and a run of 10 minutes or more is judged on its last 5 minutes (lib/memory-series.ts: flat =
 * RSS and heapUsed grow by at most 5%; the script exits 1 otherwise). The kill and the PostgreSQL
 * restart happen in the warm-up (60 s and about 2.5 minutes into a long run).
 * SOAK_HEAP_SNAPSHOTS=<dir>: heap snapshots of every live server at the judged window's start and
 * at the end of traffic, to compare with scripts/heap-diff.ts.
 *
 * The PostgreSQL is the script's own: Debian's initdb and pg_ctl in a temporary folder on a free
 * port, never the machine's shared server (run as the postgres user when the script runs as root,
 * since initdb refuses root). Everything listens on 127.0.0.1; the run is bounded in time.
 *   --minutes N or SOAK_SECONDS (default 60), SOAK_WORKERS (default 8).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { answersHealth, freePort, SERVER_NODE_FLAGS } from './lib/server-process';
import {
  askHeapSnapshot,
  askMemory,
  judgeMemory,
  memoryTable,
  procStatus,
  SAMPLE_SECONDS,
  verdictLine,
  WINDOW_SECONDS,
  type MemorySample,
} from './lib/memory-series';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { deriveKeys } from '../src/server/auth/keys';
import { calendarDay, DEFAULT_TIME_ZONE } from '../src/server/dates';
import { openDatabase } from '../src/server/db/database';
import { importPortalData } from '../src/server/db/import';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadServerSecret } from '../src/server/db/secret';

const root = path.resolve(import.meta.dirname, '..');
function secondsFromArgs(): number {
  const at = process.argv.indexOf('--minutes');
  const minutes = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  if (at >= 0 && !(minutes > 0)) throw new Error('--minutes needs a positive number');
  return at >= 0 ? Math.round(minutes * 60) : Number(process.env.SOAK_SECONDS) || 60;
}
const SECONDS = secondsFromArgs();
const WORKERS = Number(process.env.SOAK_WORKERS) || 8;
const LEASE_SECONDS = 3;
/** Each account is paid once; a worker moves on to its next debtor when one's accounts are paid. */
const ACCOUNTS_PER_DEBTOR = 50;
/** About 2,400 payable accounts a minute: a quiet 2-core machine paid 1,960 a minute. */
const DEBTORS = Math.max(12, Math.ceil((SECONDS / 60) * 48));
/** Memory is judged on the last WINDOW_SECONDS when the run has as long a warm-up before them. */
const JUDGED = SECONDS >= 2 * WINDOW_SECONDS;
/** Kill and PostgreSQL restart: at 30% and 55% of a short run, at most 60 s and ~2 min in. */
const CHAOS_SPAN = Math.min(SECONDS, 200);
/** SOAK_WEB_DIR: a built web app (dist/web) the servers serve, prerendered pages included. */
const WEB_DIR = process.env.SOAK_WEB_DIR ? path.resolve(process.env.SOAK_WEB_DIR) : '';
const SNAPSHOT_DIR = process.env.SOAK_HEAP_SNAPSHOTS
  ? path.resolve(process.env.SOAK_HEAP_SNAPSHOTS)
  : '';

/** The servers' key (PORTAL_SECRET): PostgreSQL keeps none; the fixture is hashed with it too. */
const SECRET = randomBytes(32).toString('hex');

const started = Date.now();
const log = (text: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  const file = version ? path.join(base, version, 'bin', name) : name;
  if (!existsSync(file)) throw new Error(`${name} not found (install Debian's postgresql package)`);
  return file;
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function asPostgres(command: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [file, all] = root
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  execFileSync(file, all as string[], { stdio: ['ignore', 'ignore', 'inherit'] });
}

class OwnPostgres {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'portal-soak-pg-'));
  readonly data = path.join(this.dir, 'data');
  constructor(readonly port: number) {
    chmodSync(this.dir, 0o777);
  }
  init(): void {
    asPostgres(pgBin('initdb'), ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  }
  start(): void {
    asPostgres(pgBin('pg_ctl'), [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c max_connections=100`,
      '-w',
      'start',
    ]);
  }
  restart(): void {
    asPostgres(pgBin('pg_ctl'), ['-D', this.data, '-m', 'fast', '-w', 'restart']);
  }
  stop(): void {
    try {
      asPostgres(pgBin('pg_ctl'), ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already down
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }
}

const mbOf = (n: number | undefined) => ((n ?? 0) / 1024 / 1024).toFixed(1);

const accountNumber = (d: number, a: number) =>
  `SK${(d % 9) + 1}.${d}${String(a).padStart(3, '0')}`;

function fixture() {
  const debtors = Array.from({ length: DEBTORS }, (_, d) => ({
    key: `soak-${d}`,
    firstName: 'Soak',
    lastName: `Tester${String.fromCharCode(65 + d)}`,
    ssnLast4: String(6100 + d),
    dateOfBirth: '1970-01-01',
    addressLine1: '1 Soak St',
    city: 'Austin',
    state: 'TX',
    zip: '73301',
    fundingMethods: [
      {
        ref: 'visa',
        type: 'card',
        brand: 'visa',
        cardType: 'credit',
        last4: '1111',
        expiration: '2031-06',
        token: `sbx_card_ok_soak${d}`,
      },
      {
        ref: 'nsf',
        type: 'card',
        brand: 'visa',
        cardType: 'credit',
        last4: '9995',
        expiration: '2031-06',
        token: `sbx_card_nsf_soak${d}`,
      },
    ],
    accounts: Array.from({ length: ACCOUNTS_PER_DEBTOR }, (_, a) => ({
      accountNumber: accountNumber(d, a),
      clientId: 'NWB',
      creditorName: 'Northwind Bank',
      balance: 1000,
      originalBalance: 1000,
      statusCode: 'ACT',
      dateOfReferral: 'today-30',
      lastUpdateDate: 'today-5',
    })),
  }));
  return { debtors };
}

interface Server {
  name: string;
  port: number;
  child: ChildProcess | null;
  /** "A", then "A2" after A's restart: each life has its own memory series. */
  life: string;
  lives: number;
}

async function startServer(server: Server, databaseUrl: string): Promise<void> {
  // npm start's flags, and gc() so that a memory sample is taken after a full collection.
  const flags = [...SERVER_NODE_FLAGS, '--expose-gc', '--import', 'tsx'];
  const child = spawn(process.execPath, [...flags, 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORTAL_SECRET: SECRET,
      PORTAL_KEY_FILE: '',
      HOST: '127.0.0.1',
      PORT: String(server.port),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'fatal',
      TRUST_PROXY: 'loopback',
      PAYMENT_LEASE_SECONDS: String(LEASE_SECONDS),
      WEB_DIR: WEB_DIR || path.join(root, 'no-web-dir-for-soak'),
      ...(SNAPSHOT_DIR ? { HEAP_SNAPSHOT_DIR: SNAPSHOT_DIR } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  server.child = child;
  server.lives += 1;
  server.life = server.lives === 1 ? server.name : `${server.name}${server.lives}`;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (signal === 'SIGKILL') return;
    stats.serverCrashes += 1;
    log(`server ${server.name} exited on its own (${code ?? signal}): ${stderr}`);
  });
  // Generous: other work on a 2-core machine can slow a start (tsx loading src/) a lot.
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  if (!(await answersHealth(`http://127.0.0.1:${server.port}`, 120_000, gone))) {
    throw new Error(`${server.name} did not start`);
  }
}

const stats = {
  serverCrashes: 0,
  requests: 0,
  errors5xx: 0,
  networkErrors: 0,
  signIns: 0,
  reads: 0,
  forms: 0,
  pages: 0,
  payments: { attempts: 0, success: 0, refused: 0, unresolved: 0 },
  /** Seconds into the traffic when every account had been paid (payments stop), or null. */
  accountsRanOut: null as number | null,
};
const successes = new Map<string, string>(); // idempotency key -> confirmation
const keysByAccount = new Map<string, string[]>();

async function call(
  servers: Server[],
  route: string,
  options: { body?: unknown; token?: string; key?: string; ip?: string; cookie?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> } | null> {
  const server = servers[Math.floor(Math.random() * servers.length)]!;
  stats.requests += 1;
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}${route}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        'x-session-id': 'soak',
        'x-forwarded-for': options.ip ?? '10.0.0.1',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status >= 500) stats.errors5xx += 1;
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  } catch {
    stats.networkErrors += 1;
    return null;
  }
}

async function signIn(servers: Server[], d: number): Promise<string | null> {
  const res = await call(servers, '/api/Authorization/VerifyIdentity', {
    ip: `10.1.${d % 250}.${Math.floor(Math.random() * 250) + 1}`,
    body: {
      lastName: `Tester${String.fromCharCode(65 + d)}`,
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      socialSecurityNumber: String(6100 + d),
      dateOfBirth: '1970-01-01',
      stateDisclosuresAccepted: true,
      consent: true,
    },
  });
  stats.signIns += 1;
  return res?.status === 200 ? (res.body.accessToken as string) : null;
}

/** One payment, retried with the same key until it has an answer (or time runs out). */
async function pay(
  servers: Server[],
  token: string,
  accountNumber: string,
  fundingId: number,
  deadline: number,
): Promise<void> {
  const key = `soak-${randomBytes(8).toString('hex')}`;
  keysByAccount.set(accountNumber, [...(keysByAccount.get(accountNumber) ?? []), key]);
  stats.payments.attempts += 1;
  const body = {
    accountNumber,
    schedule: [
      { date: calendarDay(new Date(), DEFAULT_TIME_ZONE), amount: 30 + (accountNumber.length % 7) },
    ],
    fundingId,
    type: 'PPA',
    paymentVariant: 'one-time',
    firstName: 'Soak',
    lastName: 'Tester',
    address1: '1 Soak St',
    city: 'Austin',
    state: 'TX',
    zip: '73301',
    authorizationDisclosuresAccepted: true,
  };
  while (Date.now() < deadline) {
    const res = await call(servers, '/api/Account/SubmitPayment', { token, key, body });
    if (res && res.status === 200) {
      const submission = res.body.paymentSubmission as {
        success: boolean;
        confirmation: string | null;
      };
      if (submission.success && submission.confirmation) {
        successes.set(key, submission.confirmation);
        stats.payments.success += 1;
      } else {
        stats.payments.refused += 1;
      }
      return;
    }
    // No answer, a 5xx or "still being processed": the same attempt, again, a little later.
    await new Promise((r) => setTimeout(r, 300));
  }
  stats.payments.unresolved += 1;
}

async function main(): Promise<void> {
  const loadAverage = (await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  log(`load average at start: ${loadAverage}`);
  const pg = new OwnPostgres(await freePort());
  const servers: Server[] = [
    { name: 'A', port: await freePort(), child: null, life: 'A', lives: 0 },
    { name: 'B', port: await freePort(), child: null, life: 'B', lives: 0 },
  ];
  try {
    pg.init();
    pg.start();
    log(`own PostgreSQL on 127.0.0.1:${pg.port}`);
    execFileSync(pgBin('createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(pg.port),
      '-U',
      'postgres',
      'soak',
    ]);
    const url = pg.url('soak');
    const database = openDatabase({ databaseUrl: url, dataDir: '' });
    await migrateToLatest(database.db);
    const keys = deriveKeys(await loadServerSecret(database.db, { secret: SECRET }));
    const now = new Date();
    const imported = await importPortalData(database.db, fixture(), {
      identityHmacKey: keys.identityHmacKey,
      today: calendarDay(now, DEFAULT_TIME_ZONE),
      now,
    });
    if (!imported.ok) throw new Error(JSON.stringify(imported.problems.slice(0, 3)));
    const methods = await database.db
      .selectFrom('funding_methods')
      .innerJoin('debtors', 'debtors.id', 'funding_methods.debtor_id')
      .select(['funding_methods.id', 'funding_methods.external_ref', 'debtors.external_key'])
      .execute();
    await database.destroy();
    const methodIds = new Map(methods.map((m) => [`${m.external_key}/${m.external_ref}`, m.id]));
    const methodOf = (d: number, ref: string) => methodIds.get(`soak-${d}/${ref}`)!;

    await Promise.all(servers.map((server) => startServer(server, url)));
    log('two servers on it: A and B');

    const trafficStart = Date.now();
    const end = trafficStart + SECONDS * 1000;
    const worker = async (w: number) => {
      // This worker's debtors: w, w + WORKERS, w + 2 * WORKERS, ... one at a time.
      let d = w % DEBTORS;
      let a = 0;
      let token: string | null = null;
      while (Date.now() < end) {
        const roll = Math.random();
        if (!token || roll < 0.05) token = await signIn(servers, d);
        if (!token) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        if (WEB_DIR && roll < 0.1) {
          stats.pages += 1;
          const page = ['/login', '/verify-letter', '/terms', '/privacy'][w % 4]!;
          await call(servers, page, { cookie: `portalLanguage=${roll < 0.07 ? 'en' : 'es'}` });
        } else if (roll < 0.45) {
          stats.reads += 1;
          await call(servers, '/api/Account/ListOverview', { token });
        } else if (roll < 0.55) {
          stats.forms += 1;
          await call(servers, '/api/Guest/ContactUs', {
            ip: `10.2.${w}.${Math.floor(Math.random() * 250) + 1}`,
            body: {
              name: 'Soak',
              reason: 'other',
              phoneNumber: '5550000000',
              message: 'soak',
              finalVerify: true,
            },
          });
        } else if (a < ACCOUNTS_PER_DEBTOR) {
          const method = methodOf(d, Math.random() < 0.1 ? 'nsf' : 'visa');
          await pay(servers, token, accountNumber(d, a++), method, end + 60_000);
        } else if (d + WORKERS < DEBTORS) {
          d += WORKERS;
          a = 0;
          token = null;
        } else {
          stats.accountsRanOut ??= Math.round((Date.now() - trafficStart) / 1000);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };

    const chaos = (async () => {
      await new Promise((r) => setTimeout(r, CHAOS_SPAN * 300));
      log('killing server A (SIGKILL)');
      servers[0]!.child?.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 3000));
      await startServer(servers[0]!, url);
      log('server A restarted');
      await new Promise((r) => setTimeout(r, CHAOS_SPAN * 250));
      log('restarting PostgreSQL');
      pg.restart();
      log('PostgreSQL restarted');
    })();

    // Memory of every live server every SAMPLE_SECONDS, from the traffic's start to its end.
    const samples: MemorySample[] = [];
    const windowStart = SECONDS - WINDOW_SECONDS;
    const snapshots: string[] = [];
    const snapshotAll = async (when: string) => {
      for (const server of servers) {
        const file = server.child ? await askHeapSnapshot(server.child) : null;
        if (file) snapshots.push(`${server.life} ${when}: ${file}`);
      }
    };
    const sampler = (async () => {
      for (let k = 0; k * SAMPLE_SECONDS <= SECONDS; k += 1) {
        const at = trafficStart + k * SAMPLE_SECONDS * 1000;
        await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
        const round = await Promise.all(
          servers.map(async (server) => {
            const usage = server.child ? await askMemory(server.child) : null;
            const t = (Date.now() - trafficStart) / 1000;
            return usage ? { t, life: server.life, ...usage } : null;
          }),
        );
        for (const sample of round) if (sample) samples.push(sample);
        const shown = round.filter((sample) => sample !== null);
        log(
          `memory: ${shown.map((m) => `${m.life} RSS ${mbOf(m.rss)} MB heapUsed ${mbOf(m.heapUsed)} MB`).join(', ')}`,
        );
        // After the window's first sample (a snapshot's own memory then shows in the window).
        if (SNAPSHOT_DIR && JUDGED && k * SAMPLE_SECONDS === windowStart) {
          await snapshotAll('window start');
        }
      }
      if (SNAPSHOT_DIR) await snapshotAll('end');
    })();
    await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), chaos, sampler]);
    // What the resident memory of each live server is made of, as the kernel counts it.
    const residents = servers.map((server) => {
      const status = procStatus(server.child?.pid);
      const last = samples.filter((s) => s.life === server.life).at(-1);
      const space = (name: string) => mbOf(last?.spaces[name]);
      return `  ${server.life}: RSS ${mbOf(status.VmRSS)} MB = anonymous ${mbOf(status.RssAnon)} (of it the V8 heap ${mbOf(last?.heapTotal)}: new space ${space('new_space')}, old space ${space('old_space')}, code ${space('code_space')}, large objects ${space('large_object_space')}; external ${mbOf(last?.external)}) + file-backed ${mbOf(status.RssFile)} (node binary, libraries) + shared ${mbOf(status.RssShmem)}`;
    });
    log('traffic stopped; letting leases pass and in-flight payments settle');
    await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 2) * 1000));

    const reader = openDatabase({ databaseUrl: url, dataDir: '' });
    const submissions = await reader.db.selectFrom('payment_submissions').selectAll().execute();
    const charges = await reader.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('approved', '=', 1)
      .execute();
    const keysInFlight = await reader.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('state', '=', 'in_flight')
      .execute();
    const transactions = await reader.db
      .selectFrom('transactions')
      .select('confirmation_code')
      .execute();
    await reader.destroy();

    const stored = submissions.filter((s) => s.status === 'approved' || s.status === 'scheduled');
    const storedByConfirmation = new Set(stored.map((s) => s.confirmation));
    const answered = new Set(successes.values());
    const perAccount = new Map<number, number>();
    for (const s of stored) perAccount.set(s.account_id, (perAccount.get(s.account_id) ?? 0) + 1);
    const transactionCodes = transactions.map((t) => t.confirmation_code);
    const doubled =
      [...perAccount.values()].filter((n) => n > 1).length +
      transactionCodes.filter((code, i) => transactionCodes.indexOf(code) !== i).length;
    const lost =
      [...answered].filter((c) => !storedByConfirmation.has(c)).length +
      charges.filter((c) => !storedByConfirmation.has(c.reference)).length;
    const stuck = submissions.filter((s) => s.status === 'in_flight').length + keysInFlight.length;

    console.log('');
    console.log(
      `Soak on own PostgreSQL, ${SECONDS} s, ${WORKERS} workers, ${DEBTORS} debtors, two servers (A killed and restarted, PostgreSQL restarted), load average at start ${loadAverage}`,
    );
    console.log(
      `  requests ${stats.requests}: ${stats.signIns} sign-ins, ${stats.reads} reads, ${stats.forms} guest forms, ${stats.payments.attempts} payments${WEB_DIR ? `, ${stats.pages} pages` : ''}`,
    );
    console.log(
      `  answers lost on the way (network errors) ${stats.networkErrors}, 5xx answers ${stats.errors5xx} (retried with the same key)`,
    );
    console.log(
      `  payments: ${stats.payments.success} answered success, ${stats.payments.refused} refused (declines), ${stats.payments.unresolved} without an answer`,
    );
    console.log(
      `  reconciliation: answered success ${answered.size} = stored ${stored.length} = charged at the processor ${charges.length}`,
    );
    console.log(`  doubled ${doubled}, lost ${lost}, stuck ${stuck}`);
    console.log(`  servers that exited on their own: ${stats.serverCrashes}`);
    if (stats.accountsRanOut !== null) {
      console.log(`  every account was paid ${stats.accountsRanOut} s in: no payments after that`);
    }
    console.log('');
    console.log(`Memory every ${SAMPLE_SECONDS} s (heapUsed and external after a full collection)`);
    console.log(memoryTable(samples));
    // A heap snapshot leaves its own memory with the allocator: RSS says nothing after one.
    const verdicts = JUDGED
      ? judgeMemory(samples, windowStart, SECONDS, { rss: !SNAPSHOT_DIR })
      : [];
    if (JUDGED) {
      console.log(
        `Memory flat after warm-up (growth at most 5% over ${windowStart}-${SECONDS} s${SNAPSHOT_DIR ? ', heapUsed only: RSS holds the heap snapshots' : ''}):`,
      );
      for (const v of verdicts) console.log(verdictLine(v, windowStart, SECONDS));
    } else {
      console.log(
        `Memory not judged: a run shorter than ${(2 * WINDOW_SECONDS) / 60} minutes has no steady state after its warm-up`,
      );
    }
    console.log('Resident memory at the end:');
    for (const line of residents) console.log(line);
    for (const line of snapshots) console.log(`  heap snapshot ${line}`);
    const growing = verdicts.filter((v) => v.flat === false).length;
    const balanced = answered.size === stored.length && stored.length === charges.length;
    if (
      doubled > 0 ||
      lost > 0 ||
      stuck > 0 ||
      !balanced ||
      stats.payments.unresolved > 0 ||
      stats.serverCrashes > 0 ||
      growing > 0
    ) {
      console.log('SOAK FAILED');
      process.exitCode = 1;
    } else {
      console.log('SOAK PASSED');
    }
  } finally {
    for (const server of servers) server.child?.kill('SIGKILL');
    pg.stop();
  }
}

await main();
