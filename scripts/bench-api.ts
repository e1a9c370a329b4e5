/**
 * API load benchmark (`npm run bench:api`): starts the portal (a child process, so the load
 * generator does not share its event loop) at 127.0.0.1 on each database in turn, then measures
 * requests per second and latency (p50, p99) of:
 *   - GET /api/health (the bare route, the reference),
 *   - GET /api/v2/Account/Detailed as Maria,
 *   - POST /api/Authorization/VerifyIdentity (successful sign-ins from distinct client addresses
 *     through TRUST_PROXY=loopback and X-Forwarded-For, lockout and rate limits raised),
 *   - refused sign-ins (a wrong SSN) for a name that exists and for one nobody has, taking turns:
 *     their latencies should match (a refusal must not tell whether a person exists),
 *   - POST /api/v2/Account/SubmitPayment (if the route exists): one-time payments that really
 *     charge the sandbox, each with its own Idempotency-Key, on benchmark accounts imported with
 *     the demo data (one payment per account: a second would meet the first's arrangement).
 *
 * Databases: SQLite always (a fresh data folder); PostgreSQL when one answers at PGHOST:PGPORT
 * (default 127.0.0.1:5432, database PGDATABASE or `test`, user PGUSER or postgres / root, as the
 * API tests connect): a throwaway database is created for the run and dropped afterwards, even
 * when the run fails or is stopped. Each database gets its table and the ratio of
 * Account/Detailed to health (target at least 0.40 on SQLite); with both, the ratio of
 * Account/Detailed on PostgreSQL to on SQLite (target at least 0.7). The summary gives, per
 * database, Account/Detailed req/s, payments per second and the portal process's CPU per payment
 * (target at most 1.2 ms).
 *
 * Bounded: 10 s each for health and Account/Detailed (5 rounds of 2 s), 5 s for each other target
 * (the payment run ends earlier when its accounts are used up), about 45 s per database; a
 * request that takes over 10 s fails the run, and the whole run is stopped after BENCH_MAX_SECONDS.
 * 127.0.0.1 only. The machine's load (os.loadavg) is printed before and after each database: on a
 * busy machine (load near or above the core count) the figures say little, so compare runs made
 * at similar load. The CPU column is the portal process's only (PostgreSQL's
 * own work is not in it).
 *
 * Health and Account/Detailed take turns, BENCH_ROUNDS rounds of each: their ratio is the median
 * of the rounds' ratios, each of two runs next to each other in time (on a shared machine the
 * rate of one 5 s run moves by 20% from one minute to the next; the turns cancel most of it).
 *
 * Options (env): BENCH_SECONDS (5), BENCH_ROUNDS (5), BENCH_ROUND_SECONDS (2), BENCH_NODE_FLAGS
 * (the server's Node flags; default those of npm start, scripts/lib/server-process.ts),
 * BENCH_CONCURRENCY (16), BENCH_PAYMENT_ACCOUNTS (4000), BENCH_MAX_SECONDS (300), BENCH_POSTGRES (auto: when it answers; off; required: fail without),
 * BENCH_PROFILE (a folder: the portal process writes a V8 CPU profile there when it stops, one per
 * database; open it in Chrome's DevTools, Performance panel; the monotonic clock's µs at the start
 * and end of each target are printed, to cut the profile to one target:
 * `npx tsx scripts/profile-summary.ts FILE.cpuprofile FROM TO`), BENCH_TARGETS (a comma-separated
 * subset of health, detailed, sign-in, refused, payment; default all: health and detailed always
 * run together, as their ratio needs both), BENCH_SQLITE_DIR (an existing SQLite data folder, kept,
 * instead of a fresh one: `npm run bench:import` measures its 1,000,000 accounts so),
 * BENCH_DATABASE_URL (an existing PostgreSQL database, kept, instead of a throwaway one),
 * BENCH_SECRET (the servers' PORTAL_SECRET; default a random one), BENCH_JSON (a file: the
 * summary's req/s per database and target, as JSON).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from './lib/server-process';
import { pageFaultLine } from './lib/page-faults';
import { readProcStat } from './lib/proc-stat';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const PAYMENT_ACCOUNTS = Number(process.env.BENCH_PAYMENT_ACCOUNTS || 4000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS || 300);
const POSTGRES = process.env.BENCH_POSTGRES || 'auto';
/** Health and Account/Detailed alternate in this many rounds of ROUND_SECONDS each. */
/** The servers' key (PORTAL_SECRET), one for the run. */
const SECRET = process.env.BENCH_SECRET || randomBytes(32).toString('hex');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 5));
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS || 2);
/** The server's Node flags: those of `npm start`, or BENCH_NODE_FLAGS (space-separated). */
const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? SERVER_NODE_FLAGS
    : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : '';
const TARGETS = new Set((process.env.BENCH_TARGETS ?? '').split(',').filter(Boolean));
/** Whether `target` is measured (BENCH_TARGETS; every target without it). */
const measures = (target: 'reads' | 'sign-in' | 'refused' | 'payment') =>
  TARGETS.size === 0 ||
  TARGETS.has(target) ||
  (target === 'reads' && (TARGETS.has('health') || TARGETS.has('detailed')));
/** The monotonic clock in µs, the clock of V8's CPU profiles (for BENCH_PROFILE). */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
const REQUEST_TIMEOUT_MS = 10_000;
const HOST = '127.0.0.1';

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
let port = 0;

interface Answer {
  status: number;
  body: string;
}

function request(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port,
        method,
        path: url,
        agent,
        headers: {
          'x-session-id': 'bench',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${url}: no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Result {
  name: string;
  requests: number;
  ok: number;
  seconds: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system) per request, in µs; undefined where /proc is missing. */
  cpuPerRequest?: number;
  /** The kernel's part of it (system time: syscalls such as fsync and socket writes), in µs. */
  systemCpuPerRequest?: number;
  /** PostgreSQL's own processes' CPU time per request, in µs (on PostgreSQL only). */
  postgresCpuPerRequest?: number;
  note?: string;
  /** The status and start of the body of the first answer that was not ok. */
  failure?: string | undefined;
  /** Every request's time in ms, sorted (to combine rounds). */
  latencies?: number[];
}

let serverPid: number | undefined;
/** Whether the portal under test runs on PostgreSQL (its processes' CPU is then counted too). */
let onPostgres = false;

const totalMs = (cpu: { user: number; system: number }) => cpu.user + cpu.system;

/** The server's CPU time so far in ms, its main thread's and its other threads', or undefined. */
function serverThreadsCpuMs(): { main: number; other: number } | undefined {
  if (serverPid === undefined) return undefined;
  try {
    const threads = { main: 0, other: 0 };
    for (const tid of readdirSync(`/proc/${serverPid}/task`)) {
      const cpu = readProcStat(`/proc/${serverPid}/task/${tid}/stat`);
      if (!cpu) continue;
      if (tid === String(serverPid)) threads.main += totalMs(cpu);
      else threads.other += totalMs(cpu);
    }
    return threads;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time so far of every PostgreSQL process on this machine (its backends, WAL writer,
 * checkpointer), in ms (Linux /proc), or undefined: what PostgreSQL itself spends per request,
 * on the same cores as the portal.
 */
function postgresCpuMs(): number | undefined {
  try {
    let ms = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const cpu = readProcStat(`/proc/${pid}/stat`);
      if (cpu?.name === 'postgres') ms += totalMs(cpu);
    }
    return ms;
  } catch {
    return undefined;
  }
}

/** The server's CPU time so far in ms, user and system (Linux /proc), or undefined. */
function serverCpuMs(): { user: number; system: number } | undefined {
  return serverPid === undefined ? undefined : readProcStat(`/proc/${serverPid}/stat`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Runs `next(i)` from CONCURRENCY workers until the time is up (or `next` returns null: no more
 * work). A request counts as ok when `ok(answer)`.
 */
async function load(
  name: string,
  next: (i: number) => (() => Promise<Answer>) | null,
  ok: (answer: Answer) => boolean,
  seconds = SECONDS,
): Promise<Result> {
  const latencies: number[] = [];
  let okCount = 0;
  let counter = 0;
  let firstFailure: Answer | undefined;
  const cpuBefore = serverCpuMs();
  const threadsBefore = process.env.BENCH_THREADS ? serverThreadsCpuMs() : undefined;
  const postgresBefore = onPostgres ? postgresCpuMs() : undefined;
  const fromMicros = monotonicMicros();
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const call = next(counter++);
      if (!call) return;
      const t0 = performance.now();
      const answer = await call();
      latencies.push(performance.now() - t0);
      if (ok(answer)) okCount += 1;
      else firstFailure ??= answer;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - start) / 1000;
  const cpuAfter = serverCpuMs();
  const threadsAfter = threadsBefore ? serverThreadsCpuMs() : undefined;
  const postgresAfter = onPostgres ? postgresCpuMs() : undefined;
  if (threadsBefore && threadsAfter) {
    console.log(
      `bench: ${name}: CPU by thread: main ${threadsAfter.main - threadsBefore.main} ms, other threads ${threadsAfter.other - threadsBefore.other} ms`,
    );
  }
  if (PROFILE && seconds >= 1)
    console.log(`bench: profile window of ${name}: ${fromMicros} ${monotonicMicros()}`);
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    ok: okCount,
    seconds: elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || latencies.length === 0
        ? undefined
        : ((cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) * 1000) /
          latencies.length,
    systemCpuPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || latencies.length === 0
        ? undefined
        : ((cpuAfter.system - cpuBefore.system) * 1000) / latencies.length,
    // Less than before: a PostgreSQL process ended meanwhile and took its CPU time with it.
    postgresCpuPerRequest:
      postgresBefore === undefined ||
      postgresAfter === undefined ||
      postgresAfter < postgresBefore ||
      latencies.length === 0
        ? undefined
        : ((postgresAfter - postgresBefore) * 1000) / latencies.length,
    // The first refusal, for the note (an error body: never personal data).
    failure: firstFailure && `${firstFailure.status} ${firstFailure.body.slice(0, 160)}`,
    latencies,
  };
}

/** One target's rounds as one result: requests, time and CPU added up, percentiles of them all. */
function combine(rounds: Result[]): Result {
  const latencies = rounds.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const cpu = rounds.every((r) => r.cpuPerRequest !== undefined)
    ? rounds.reduce((sum, r) => sum + (r.cpuPerRequest ?? 0) * r.requests, 0)
    : undefined;
  const systemCpu = rounds.every((r) => r.systemCpuPerRequest !== undefined)
    ? rounds.reduce((sum, r) => sum + (r.systemCpuPerRequest ?? 0) * r.requests, 0)
    : undefined;
  const postgresCpu = rounds.every((r) => r.postgresCpuPerRequest !== undefined)
    ? rounds.reduce((sum, r) => sum + (r.postgresCpuPerRequest ?? 0) * r.requests, 0)
    : undefined;
  return {
    name: rounds[0]?.name ?? '',
    requests,
    ok: rounds.reduce((sum, r) => sum + r.ok, 0),
    seconds: rounds.reduce((sum, r) => sum + r.seconds, 0),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerRequest: cpu === undefined || requests === 0 ? undefined : cpu / requests,
    systemCpuPerRequest:
      systemCpu === undefined || requests === 0 ? undefined : systemCpu / requests,
    postgresCpuPerRequest:
      postgresCpu === undefined || requests === 0 ? undefined : postgresCpu / requests,
    failure: rounds.find((r) => r.failure)?.failure,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const MARIA = {
  lastName: 'Garcia',
  option1: 'SocialSecurityNumber',
  option2: 'DateOfBirth',
  socialSecurityNumber: '1234',
  dateOfBirth: '1980-01-15',
};

const benchLastName = (i: number) => `Benchpayer ${String.fromCharCode(97 + (i % 26))}${i}`;
const benchAccount = (i: number) => `BEN1.${String(10000 + i)}`;

/** The demo data plus one debtor with one open account per benchmark payment. */
function benchData(file: string): void {
  const demo = JSON.parse(readFileSync(path.join(root, 'demo/demo-data.json'), 'utf8')) as {
    debtors: Record<string, unknown>[];
  };
  const template = (demo.debtors[0]?.accounts as Record<string, unknown>[] | undefined)?.[0] ?? {};
  for (let i = 0; i < PAYMENT_ACCOUNTS; i += 1) {
    demo.debtors.push({
      key: `bench-${i}`,
      firstName: 'Bench',
      lastName: benchLastName(i),
      addressLine1: '1 Bench St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      email: `bench${i}@example.com`,
      ssnLast4: '0000',
      dateOfBirth: '1970-01-01',
      phones: [],
      accounts: [
        {
          accountNumber: benchAccount(i),
          clientId: template.clientId,
          clientAccount: `99${String(i).padStart(10, '0')}`,
          creditorName: template.creditorName,
          originalCreditorName: template.originalCreditorName,
          merchantName: template.merchantName,
          balance: 2000,
          originalBalance: 2000,
          totalPaid: 0,
          statusCode: 'ACT',
          hasSettlementOffers: false,
          supportPhone: template.supportPhone,
          dateOfReferral: 'today-60',
          lastUpdateDate: 'today-1',
        },
      ],
    });
  }
  writeFileSync(file, JSON.stringify(demo));
}

async function startServer(
  dataDir: string,
  demoFile: string,
  databaseUrl: string,
): Promise<ChildProcess> {
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, ...NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        // PostgreSQL keeps no key: every server of the run is given the same one.
        PORTAL_SECRET: SECRET,
        PORTAL_KEY_FILE: '',
        DEMO_DATA: demoFile,
        WEB_DIR: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        LOCKOUT_MAX_FAILURES: '1000000',
        LOCKOUT_MAX_FAILURES_PER_ADDRESS: '1000000',
        // Sign-ins are measured, not refused: the rate limits raised, counted in memory.
        REDIS_URL: '',
        RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000000000',
        RATE_LIMIT_SIGN_IN_PER_IDENTITY: '1000000000',
        RATE_LIMIT_GUEST_PER_ADDRESS: '1000000000',
        PORTAL_ALLOW_TIME_TRAVEL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${errors}`)), 120_000);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Portal running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${errors}`));
    });
  });
  return child;
}

async function signIn(body: Record<string, unknown>, ip: string): Promise<string> {
  const res = await request(
    'POST',
    '/api/Authorization/VerifyIdentity',
    { 'x-forwarded-for': ip },
    body,
  );
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { accessToken: string }).accessToken;
}

/** Signs in every benchmark debtor and adds a card; returns what each payment needs. */
async function preparePayments(): Promise<{ token: string; account: string; fundingId: number }[]> {
  const out: { token: string; account: string; fundingId: number }[] = new Array(PAYMENT_ACCOUNTS);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < PAYMENT_ACCOUNTS; i = next++) {
      const token = await signIn(
        {
          lastName: benchLastName(i),
          option1: 'SocialSecurityNumber',
          option2: 'DateOfBirth',
          socialSecurityNumber: '0000',
          dateOfBirth: '1970-01-01',
        },
        `10.9.${(i >> 8) & 255}.${i & 255}`,
      );
      const card = await request(
        'POST',
        '/api/Account/AddCreditCardFunding',
        { authorization: `Bearer ${token}` },
        {
          accountNumber: benchAccount(i),
          cardNumber: '4111111111111111',
          cardExpiration: '2031-12-31',
          firstName: 'Bench',
          lastName: 'Payer',
        },
      );
      if (card.status !== 200) throw new Error(`card not added: ${card.status} ${card.body}`);
      out[i] = {
        token,
        account: benchAccount(i),
        fundingId: (JSON.parse(card.body) as { id: number }).id,
      };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return out;
}

function agencyToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.PORTAL_TIME_ZONE || 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

function table(results: Result[]): string {
  const rows = [
    [
      'target',
      'requests',
      'ok',
      'req/s',
      'p50 ms',
      'p99 ms',
      'cpu µs/req',
      'kernel',
      'postgres',
      'note',
    ],
    ...results.map((r) => [
      r.name,
      String(r.requests),
      String(r.ok),
      (r.requests / r.seconds).toFixed(0),
      r.p50.toFixed(2),
      r.p99.toFixed(2),
      r.cpuPerRequest === undefined ? '-' : r.cpuPerRequest.toFixed(0),
      r.systemCpuPerRequest === undefined ? '-' : r.systemCpuPerRequest.toFixed(0),
      r.postgresCpuPerRequest === undefined ? '-' : r.postgresCpuPerRequest.toFixed(0),
      r.note ?? '',
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) =>
          c === 0 || c === 9 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!),
        )
        .join('  '),
    )
    .join('\n');
}

/** One line on how busy the machine is: load averages against the number of cores. */
function machineLoad(judge: boolean): string {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  const cores = availableParallelism();
  const busy =
    judge && one > cores * 0.5
      ? ' (busy: figures are lower and noisier than on a quiet machine)'
      : '';
  return `load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1/5/15 min) on ${cores} cores${busy}`;
}

/** A database the portal runs on for one part of the benchmark. */
interface BenchDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** DATABASE_URL for the server ('' for SQLite in its data folder). */
  url: string;
  /** Where the data lives, for the header line (no password). */
  where: string;
  /** An existing database (BENCH_SQLITE_DIR, BENCH_DATABASE_URL): kept, and not empty. */
  kept?: boolean;
  /** Removes what the run made (the throwaway PostgreSQL database); safe to call twice. */
  drop(): Promise<void>;
}

/** A PostgreSQL client on the maintenance database, as the API tests connect, or why not. */
async function connectPostgresAdmin(): Promise<
  { client: pg.Client; user: string; host: string; port: number } | { error: string }
> {
  const host = process.env.PGHOST || '127.0.0.1';
  const pgPort = Number(process.env.PGPORT || 5432);
  const users = process.env.PGUSER ? [process.env.PGUSER] : ['postgres', 'root'];
  let lastError = '';
  for (const user of users) {
    const client = new pg.Client({
      host,
      port: pgPort,
      user,
      database: process.env.PGDATABASE || 'test',
      connectionTimeoutMillis: 3000,
    });
    // Without a listener an error of the idle client (a PostgreSQL restart) would end the run.
    client.on('error', () => undefined);
    try {
      await client.connect();
      return { client, user, host, port: pgPort };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await client.end().catch(() => undefined);
    }
  }
  return { error: `${host}:${pgPort}: ${lastError}` };
}

/** A throwaway PostgreSQL database for this run, or null (with the reason printed). */
async function postgresDatabase(): Promise<BenchDatabase | null> {
  if (POSTGRES === 'off') return null;
  const existing = process.env.BENCH_DATABASE_URL;
  if (existing) {
    const where = new URL(existing);
    return {
      name: 'PostgreSQL',
      url: existing,
      where: `PostgreSQL database ${where.pathname.slice(1)} at ${where.host}, kept`,
      kept: true,
      drop: () => Promise.resolve(),
    };
  }
  const admin = await connectPostgresAdmin();
  if ('error' in admin) {
    if (POSTGRES === 'required') throw new Error(`PostgreSQL not reachable at ${admin.error}`);
    console.log(`bench: PostgreSQL not reachable (${admin.error}): SQLite only`);
    return null;
  }
  const name = `portal_bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin.client.query(`CREATE DATABASE ${name}`);
  let dropped = false;
  const where = `${admin.host}:${admin.port}/${name}`;
  return {
    name: 'PostgreSQL',
    url: `postgres://${encodeURIComponent(admin.user)}@${where}`,
    where: `PostgreSQL database ${name} at ${admin.host}:${admin.port}, dropped afterwards`,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      try {
        await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.client.end().catch(() => undefined);
      }
    },
  };
}

let child: ChildProcess | undefined;

/** Stops the server of the current part and waits (up to 5 s) for it to exit. */
async function stopServer(): Promise<void> {
  const running = child;
  child = undefined;
  serverPid = undefined;
  if (running) await stopProcess(running);
}

/** The alternating part's servers while they run (for the clean-up after a failure). */
const alternatingServers = new Set<ChildProcess>();

/** Stops a server process and waits (up to 5 s) for it to exit. */
async function stopProcess(running: ChildProcess): Promise<void> {
  if (!running.pid || running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Issue 26's comparison of the databases: a portal on each, both up at once, and Account/Detailed
 * rounds taking turns between them (SQLite, PostgreSQL, SQLite, ...), so that a change in the
 * machine's load during the run weighs on both alike. Each pair of rounds gives a ratio
 * (PostgreSQL ÷ SQLite req/s); the figure is their median. Runs on the data the databases' own
 * parts left.
 */
async function alternatingDetailed(
  databases: BenchDatabase[],
  folderOf: (database: BenchDatabase) => string,
  demoFile: string,
): Promise<{ ratios: number[]; rates: number[][] }> {
  const servers: { database: BenchDatabase; process: ChildProcess; port: number; auth: string }[] =
    [];
  const use = (server: (typeof servers)[number]) => {
    port = server.port;
    serverPid = server.process.pid;
    onPostgres = server.database.name === 'PostgreSQL';
  };
  const is2xx = (a: Answer) => a.status >= 200 && a.status < 300;
  const detailed = (auth: string) => () => () =>
    request('GET', '/api/v2/Account/Detailed?accountNumber=LU1.10001', {
      authorization: `Bearer ${auth}`,
    });
  try {
    for (const database of databases) {
      const started = await startServer(folderOf(database), demoFile, database.url);
      alternatingServers.add(started);
      servers.push({ database, process: started, port, auth: '' });
    }
    for (const server of servers) {
      use(server);
      server.auth = await signIn(MARIA, '10.8.0.2');
      await load('warm-up', detailed(server.auth), is2xx, 3);
    }
    const ratios: number[] = [];
    const rates: number[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const rate: number[] = [];
      for (const server of servers) {
        use(server);
        const result = await load(
          'GET /api/v2/Account/Detailed',
          detailed(server.auth),
          is2xx,
          ROUND_SECONDS,
        );
        rate.push(rps(result));
      }
      rates.push(rate);
      ratios.push((rate[1] ?? 0) / (rate[0] || 1));
    }
    return { ratios, rates };
  } finally {
    serverPid = undefined;
    for (const server of servers) {
      await stopProcess(server.process);
      alternatingServers.delete(server.process);
    }
  }
}

/** Every target on one database: its server is started for it and stopped afterwards. */
async function benchDatabase(
  database: BenchDatabase,
  dataDir: string,
  demoFile: string,
): Promise<Result[]> {
  console.log(`bench: ${database.name}, before, ${machineLoad(true)}; ${pageFaultLine()}`);
  if (database.kept) {
    // A kept database is not empty: the server seeds nothing, so the bench's data goes in first.
    execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts/db-import.ts'), demoFile],
      {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          PORTAL_SECRET: SECRET,
          PORTAL_KEY_FILE: '',
        },
      },
    );
  }
  child = await startServer(dataDir, demoFile, database.url);
  serverPid = child.pid;
  onPostgres = database.name === 'PostgreSQL';
  console.log(
    `bench: portal on http://${HOST}:${port}/ (${database.where}), ${CONCURRENCY} concurrent, health and Account/Detailed ${ROUNDS} rounds of ${ROUND_SECONDS} s each, ${SECONDS} s per other target`,
  );
  const results: Result[] = [];
  const is2xx = (a: Answer) => a.status >= 200 && a.status < 300;

  // Warm up the JIT and the connections on each route first.
  const maria = await signIn(MARIA, '10.8.0.1');
  const auth = { authorization: `Bearer ${maria}` };
  await load('warm-up', () => () => request('GET', '/api/health'), is2xx, 0.5);
  await load(
    'warm-up',
    () => () => request('GET', '/api/v2/Account/Detailed?accountNumber=LU1.10001', auth),
    is2xx,
    0.5,
  );

  // Health and Account/Detailed take turns (ROUNDS rounds of each), so that their ratio compares
  // the two under the same conditions: a neighbour's burst on a shared machine lands on both.
  const health: Result[] = [];
  const detailedRounds: Result[] = [];
  for (let round = 0; measures('reads') && round < ROUNDS; round += 1) {
    health.push(
      await load(
        'GET /api/health',
        () => () => request('GET', '/api/health'),
        is2xx,
        ROUND_SECONDS,
      ),
    );
    detailedRounds.push(
      await load(
        'GET /api/v2/Account/Detailed',
        () => () => request('GET', '/api/v2/Account/Detailed?accountNumber=LU1.10001', auth),
        is2xx,
        ROUND_SECONDS,
      ),
    );
  }
  if (measures('reads')) results.push(combine(health), combine(detailedRounds));
  const roundRatios = detailedRounds.map((r, i) => rps(r) / rps(health[i]));
  if (measures('sign-in')) {
    results.push(
      await load(
        'POST /api/Authorization/VerifyIdentity',
        (i) => () =>
          request(
            'POST',
            '/api/Authorization/VerifyIdentity',
            { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            MARIA,
          ),
        is2xx,
      ),
    );
  }
  // A refused sign-in must take the same time whether or not the name exists (issue 20): a wrong
  // SSN for Maria and the same for a name nobody has take turns, ROUNDS rounds each.
  const refusedKnown: Result[] = [];
  const refusedUnknown: Result[] = [];
  const refused = (lastName: string) => (i: number) => () =>
    request(
      'POST',
      '/api/Authorization/VerifyIdentity',
      { 'x-forwarded-for': `10.${128 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}` },
      { ...MARIA, lastName, socialSecurityNumber: '9999' },
    );
  const is404 = (answer: Answer) => answer.status === 404;
  for (let round = 0; measures('refused') && round < ROUNDS; round += 1) {
    refusedKnown.push(
      await load('VerifyIdentity refused: a name that exists', refused('Garcia'), is404, 1),
    );
    refusedUnknown.push(
      await load('VerifyIdentity refused: a name nobody has', refused('Nobody Atall'), is404, 1),
    );
  }
  const known = combine(refusedKnown);
  const unknown = combine(refusedUnknown);
  if (measures('refused')) results.push(known, unknown);

  const docs = JSON.parse((await request('GET', '/api/docs')).body) as {
    paths: Record<string, unknown>;
  };
  if (!measures('payment')) {
    // Not asked for (BENCH_TARGETS).
  } else if (
    !docs.paths['/api/v2/Account/SubmitPayment'] ||
    !docs.paths['/api/Account/AddCreditCardFunding']
  ) {
    results.push({
      name: 'POST /api/v2/Account/SubmitPayment',
      requests: 0,
      ok: 0,
      seconds: 1,
      p50: 0,
      p99: 0,
      note: 'not available',
    });
  } else {
    const setupStart = performance.now();
    const payers = await preparePayments();
    const setup = ((performance.now() - setupStart) / 1000).toFixed(1);
    const today = agencyToday();
    const paid = (a: Answer) =>
      a.status === 200 &&
      (JSON.parse(a.body) as { paymentSubmission?: { success?: boolean } }).paymentSubmission
        ?.success === true;
    const result = await load(
      'POST /api/v2/Account/SubmitPayment',
      (i) => {
        const payer = payers[i];
        if (!payer) return null;
        return () =>
          request(
            'POST',
            '/api/v2/Account/SubmitPayment',
            {
              authorization: `Bearer ${payer.token}`,
              'idempotency-key': `bench-${i}-${Date.now()}`,
            },
            {
              accountNumber: payer.account,
              schedule: [{ date: today, amount: 25 + (i % 500) / 100 }],
              fundingId: payer.fundingId,
              type: 'PPA',
              paymentVariant: 'one-time',
              authorizationDisclosuresAccepted: true,
              firstName: 'Bench',
              lastName: 'Payer',
              // The payer's contact details (the payment journey's contact stage).
              address1: '1 Bench St',
              city: 'Springfield',
              state: 'IL',
              zip: '62701',
            },
          );
      },
      paid,
    );
    result.note = `charged today, 1 per account, ${payers.length} accounts (setup ${setup} s)`;
    results.push(result);
  }
  await stopServer();

  console.log('');
  console.log(`${database.name}:`);
  console.log(table(results));
  const ratio = median(roundRatios);
  console.log('');
  if (measures('reads')) printReads();
  function printReads(): void {
    const target = database.name === 'SQLite' ? `, target >= ${DETAILED_TO_HEALTH.toFixed(2)}` : '';
    console.log(
      `${database.name}: Account/Detailed / health: ${(ratio * 100).toFixed(1)}% (${ratio.toFixed(3)}${target}; the median of ${ROUNDS} rounds: ${roundRatios.map((r) => r.toFixed(3)).join(', ')})`,
    );
    const healthCpu = results[0]?.cpuPerRequest;
    const detailedCpu = results[1]?.cpuPerRequest;
    if (healthCpu && detailedCpu) {
      // Less sensitive to other load on the machine than req/s.
      console.log(
        `${database.name}: server CPU per request, health / Account/Detailed: ${((healthCpu / detailedCpu) * 100).toFixed(1)}%`,
      );
    }
  }
  if (measures('refused')) {
    console.log(
      `${database.name}: refused sign-in p50, a name that exists / one nobody has: ${known.p50.toFixed(2)} / ${unknown.p50.toFixed(2)} ms (${(known.p50 / unknown.p50).toFixed(2)}), p99 ${known.p99.toFixed(2)} / ${unknown.p99.toFixed(2)} ms`,
    );
  }
  console.log(`bench: ${database.name}, after (includes this run), ${machineLoad(false)}`);
  const failed = results.filter((r) => r.requests > 0 && r.ok < r.requests);
  if (failed.length > 0) {
    for (const r of failed) {
      console.log(
        `note: ${r.requests - r.ok} non-success answers in ${r.name}, first: ${r.failure}`,
      );
    }
  }
  console.log('');
  return results;
}

/** Targets of the issue: Account/Detailed req/s over health on SQLite, PostgreSQL over SQLite. */
const DETAILED_TO_HEALTH = 0.4;
const POSTGRES_TO_SQLITE = 0.7;
/** Issue 26: the portal process's CPU per SubmitPayment, in ms. */
const PAYMENT_CPU_MS = 1.2;

const rps = (r: Result | undefined) => (r && r.seconds > 0 ? r.requests / r.seconds : 0);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const demoFile = path.join(dataDir, 'bench-data.json');
  benchData(demoFile);
  const began = performance.now();
  const databases: BenchDatabase[] = [
    {
      name: 'SQLite',
      url: '',
      where: `SQLite in ${process.env.BENCH_SQLITE_DIR || path.join(dataDir, 'sqlite')}`,
      kept: Boolean(process.env.BENCH_SQLITE_DIR),
      drop: () => Promise.resolve(),
    },
  ];
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    await stopServer();
    for (const server of alternatingServers) await stopProcess(server);
    agent.destroy();
    for (const database of databases) {
      await database.drop().catch((error: unknown) => {
        console.error(`bench: could not drop the ${database.name} database: ${String(error)}`);
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`bench: stopped after ${MAX_SECONDS} s (BENCH_MAX_SECONDS)`);
    if (child?.pid) child.kill('SIGKILL');
    for (const server of alternatingServers) server.kill('SIGKILL');
    const forced = setTimeout(() => process.exit(1), 10_000);
    void cleanUp().finally(() => {
      clearTimeout(forced);
      process.exit(1);
    });
  }, MAX_SECONDS * 1000);
  watchdog.unref();
  try {
    const postgres = await postgresDatabase();
    if (postgres) databases.push(postgres);
    const figures = new Map<string, Result[]>();
    // Each database its own data folder: a fresh SQLite file, and PostgreSQL's files apart.
    const folderOf = (database: BenchDatabase) =>
      database.name === 'SQLite' && process.env.BENCH_SQLITE_DIR
        ? path.resolve(process.env.BENCH_SQLITE_DIR)
        : path.join(dataDir, database.name === 'SQLite' ? 'sqlite' : 'postgres');
    for (const database of databases) {
      figures.set(database.name, await benchDatabase(database, folderOf(database), demoFile));
    }
    const alternating =
      databases.length === 2 && measures('reads')
        ? await alternatingDetailed(databases, folderOf, demoFile)
        : undefined;
    const of = (database: string, target: string) =>
      figures.get(database)?.find((r) => r.name === target && r.requests > 0);
    console.log('Summary:');
    for (const database of databases) {
      const detailed = of(database.name, 'GET /api/v2/Account/Detailed');
      const payment = of(database.name, 'POST /api/v2/Account/SubmitPayment');
      const parts = [
        detailed && `Account/Detailed ${rps(detailed).toFixed(0)} req/s`,
        payment &&
          `SubmitPayment ${rps(payment).toFixed(0)} payments/s, server CPU per payment ${payment.cpuPerRequest === undefined ? '-' : (payment.cpuPerRequest / 1000).toFixed(2)} ms (target <= ${PAYMENT_CPU_MS.toFixed(1)}; of it in the kernel ${payment.systemCpuPerRequest === undefined ? '-' : (payment.systemCpuPerRequest / 1000).toFixed(2)} ms)`,
      ].filter(Boolean);
      console.log(`  ${database.name}: ${parts.join('; ')}`);
    }
    const sqlite = rps(of('SQLite', 'GET /api/v2/Account/Detailed'));
    const onPostgres = of('PostgreSQL', 'GET /api/v2/Account/Detailed');
    if (onPostgres && sqlite > 0) {
      const ratio = rps(onPostgres) / sqlite;
      console.log(
        `Account/Detailed PostgreSQL / SQLite, one database after the other: ${(ratio * 100).toFixed(1)}% (${ratio.toFixed(3)})`,
      );
    }
    if (alternating) {
      const ratio = median(alternating.ratios);
      const rounds = alternating.rates
        .map(
          ([a, b], i) =>
            `${(a ?? 0).toFixed(0)}/${(b ?? 0).toFixed(0)} ${(alternating.ratios[i] ?? 0).toFixed(3)}`,
        )
        .join(', ');
      console.log(
        `Account/Detailed PostgreSQL / SQLite, both up, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s: ${(ratio * 100).toFixed(1)}% (median ${ratio.toFixed(3)}, target >= ${POSTGRES_TO_SQLITE.toFixed(2)}; SQLite/PostgreSQL req/s and ratio per round: ${rounds})`,
      );
    }
    if (process.env.BENCH_JSON) {
      const json = Object.fromEntries(
        databases.map((database) => [
          database.name,
          Object.fromEntries((figures.get(database.name) ?? []).map((r) => [r.name, rps(r)])),
        ]),
      );
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(json));
    }
    console.log(`total ${((performance.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
