/**
 * `npm run soak`: two server processes on one PostgreSQL for 60 seconds of mixed traffic
 * (sign-ins, account reads, payments with Idempotency-Keys, guest form posts) while one process is
 * killed (SIGKILL) and restarted and PostgreSQL itself is restarted once; then a reconciliation:
 * payments answered success = payments stored = charges at the processor, with the number doubled,
 * lost and stuck (each must be 0), and no server may exit on its own (the script exits 1 otherwise).
 *
 * The PostgreSQL is the script's own: Debian's initdb and pg_ctl in a temporary folder on a free
 * port, never the machine's shared server (run as the postgres user when the script runs as root,
 * since initdb refuses root). Everything listens on 127.0.0.1; the run is bounded in time.
 *   SOAK_SECONDS (default 60), SOAK_WORKERS (default 8).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { answersHealth, freePort } from './lib/server-process';
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
const SECONDS = Number(process.env.SOAK_SECONDS) || 60;
const WORKERS = Number(process.env.SOAK_WORKERS) || 8;
const LEASE_SECONDS = 3;
const DEBTORS = 12;
const ACCOUNTS_PER_DEBTOR = 250;

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
      accountNumber: `SK${(d % 9) + 1}.${d}${String(a).padStart(3, '0')}`,
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
}

async function startServer(server: Server, databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(server.port),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'fatal',
      TRUST_PROXY: '1',
      PAYMENT_LEASE_SECONDS: String(LEASE_SECONDS),
      WEB_DIR: path.join(root, 'no-web-dir-for-soak'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.child = child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (signal === 'SIGKILL') return;
    stats.serverCrashes += 1;
    log(`server ${server.name} exited on its own (${code ?? signal}): ${stderr}`);
  });
  if (!(await answersHealth(`http://127.0.0.1:${server.port}`, 30_000))) {
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
  payments: { attempts: 0, success: 0, refused: 0, unresolved: 0 },
};
const successes = new Map<string, string>(); // idempotency key -> confirmation
const keysByAccount = new Map<string, string[]>();

async function call(
  servers: Server[],
  route: string,
  options: { body?: unknown; token?: string; key?: string; ip?: string } = {},
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
    ip: `10.1.${d}.${Math.floor(Math.random() * 250) + 1}`,
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
    { name: 'A', port: await freePort(), child: null },
    { name: 'B', port: await freePort(), child: null },
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
    const keys = deriveKeys(await loadServerSecret(database.db));
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
    const methodOf = (d: number, ref: string) =>
      methods.find((m) => m.external_key === `soak-${d}` && m.external_ref === ref)!.id;

    await Promise.all(servers.map((server) => startServer(server, url)));
    log('two servers on it: A and B');

    const end = Date.now() + SECONDS * 1000;
    const nextAccount = new Array<number>(DEBTORS).fill(0);
    const worker = async (w: number) => {
      const d = w % DEBTORS;
      let token: string | null = null;
      while (Date.now() < end) {
        const roll = Math.random();
        if (!token || roll < 0.05) token = await signIn(servers, d);
        if (!token) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        if (roll < 0.45) {
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
        } else {
          const a = nextAccount[d]!;
          if (a >= ACCOUNTS_PER_DEBTOR) continue;
          nextAccount[d] = a + 1;
          const accountNumber = `SK${(d % 9) + 1}.${d}${String(a).padStart(3, '0')}`;
          const method = methodOf(d, Math.random() < 0.1 ? 'nsf' : 'visa');
          await pay(servers, token, accountNumber, method, end + 60_000);
        }
      }
    };

    const chaos = (async () => {
      await new Promise((r) => setTimeout(r, SECONDS * 300));
      log('killing server A (SIGKILL)');
      servers[0]!.child?.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 3000));
      await startServer(servers[0]!, url);
      log('server A restarted');
      await new Promise((r) => setTimeout(r, SECONDS * 250));
      log('restarting PostgreSQL');
      pg.restart();
      log('PostgreSQL restarted');
    })();
    await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), chaos]);
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
      `Soak on own PostgreSQL, ${SECONDS} s, ${WORKERS} workers, two servers (A killed and restarted, PostgreSQL restarted)`,
    );
    console.log(
      `  requests ${stats.requests}: ${stats.signIns} sign-ins, ${stats.reads} reads, ${stats.forms} guest forms, ${stats.payments.attempts} payments`,
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
    const balanced = answered.size === stored.length && stored.length === charges.length;
    if (
      doubled > 0 ||
      lost > 0 ||
      stuck > 0 ||
      !balanced ||
      stats.payments.unresolved > 0 ||
      stats.serverCrashes > 0
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
