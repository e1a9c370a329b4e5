/**
 * `npm run bench:import -- [--count N] [--format jsonl|csv] [--db sqlite|postgres|both] [--plain]
 * [--no-api]`: generates N debtor records (default 1,000,000; each with an account, two phones, a
 * monthly plan of three payments and two transactions, unless --plain) as one streamed import file
 * with 3 bad lines, imports it with `npm run db:import` on a fresh SQLite data folder and on a
 * fresh PostgreSQL database (127.0.0.1:5432, PGUSER or postgres/root, trust auth; dropped
 * afterwards), then imports it again, and prints for each run its time, records and rows a second
 * and the import process's peak RSS (GNU time's "Maximum resident set size"). It asserts (exit 1
 * otherwise) that the first run imports N - 3 records and the reject file names the 3 bad lines,
 * and that the second run changes 0 rows.
 *
 * Then (unless --no-api) it measures sign-in, Account/Detailed and SubmitPayment with
 * `npm run bench:api` (BENCH_TARGETS reads,sign-in,payment) at demo size (fresh databases) and at
 * N accounts (the databases just imported, the demo data added by the server as usual), demo
 * first and last, and prints each rate at N accounts over the mean of the two demo-size runs
 * (targets: sign-in and Account/Detailed at least 0.8), and the same ratio with each rate taken
 * over the health check's rate in its own run (what the host's load did to both cancels out).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { writeImportFile } from './lib/import-file';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : (args[at + 1] ?? fallback);
};
const count = Number(arg('--count', '1000000'));
const format = arg('--format', 'jsonl') === 'csv' ? 'csv' : 'jsonl';
const which = arg('--db', 'both');
const rich = !args.includes('--plain');
const api = !args.includes('--no-api');
/** Rows a record writes: debtor, phones, account (rich: a plan, its 3 payments, 2 transactions). */
const ROWS_PER_RECORD = rich ? 10 : 3;
/** File lines of the 3 bad records (a CSV's records start on line 2). */
const first = format === 'csv' ? 2 : 1;
const last = format === 'csv' ? count + 1 : count;
const bad = [first + 1, first + Math.floor(count / 2), last];
const secret = randomBytes(32).toString('hex');

const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
const file = path.join(dir, `accounts.${format}`);
const rejectsFile = path.join(dir, 'rejects.jsonl');
const failures: string[] = [];

interface Figures {
  seconds: number;
  rss: number;
  output: string;
  profile: string;
}

async function importOnce(env: NodeJS.ProcessEnv): Promise<Figures> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const script = path.join(root, 'scripts/db-import.ts');
  const started = Date.now();
  const result = await run('/usr/bin/time', ['-v', tsx, script, file, '--rejects', rejectsFile], {
    env: { ...process.env, ...env },
    cwd: root,
    maxBuffer: 1 << 24,
  }).catch((error: { stdout: string; stderr: string; code: number }) => {
    // Exit code 3: some records were rejected (the three bad lines), the rest imported.
    if (error.code === 3) return error;
    throw new Error(`db:import failed (${error.code}): ${error.stderr}`);
  });
  const seconds = (Date.now() - started) / 1000;
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] ?? 0);
  // IMPORT_PROFILE=1: the import's phase times and CPU seconds (its stderr), shown as they are.
  const profile = result.stderr
    .split('\n')
    .filter((l) => / s (cpu |\s*\d+x )/.test(l))
    .join('\n');
  return { seconds, rss, output: result.stdout.trim(), profile };
}

function report(database: string, label: string, figures: Figures): void {
  const rate = Math.round(count / figures.seconds);
  const rows = Math.round((count * ROWS_PER_RECORD) / figures.seconds);
  console.log(
    `${database.padEnd(10)} ${label.padEnd(7)} ${figures.seconds.toFixed(1).padStart(7)} s ` +
      `${String(rate).padStart(7)} records/s ${String(rows).padStart(8)} rows/s  ` +
      `peak RSS ${(figures.rss / 1024).toFixed(0)} MB`,
  );
  console.log(`           ${figures.output}`);
  if (figures.profile) console.log(figures.profile);
  console.log(`           load: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}

/** What the import printed: `A of B records (C changed, D unchanged), E rejected`. */
function counts(output: string) {
  const m = /(\d+) of (\d+) records \((\d+) changed, (\d+) unchanged\), (\d+) rejected/.exec(
    output,
  );
  if (!m) return null;
  const [imported, records, changed, unchanged, rejected] = m.slice(1).map(Number) as number[];
  return { imported, records, changed, unchanged, rejected };
}

function check(database: string, ok: boolean, what: string): void {
  console.log(`${database.padEnd(10)} ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(`${database}: ${what}`);
}

async function bench(database: string, env: NodeJS.ProcessEnv): Promise<void> {
  const once = await importOnce(env);
  report(database, 'import', once);
  const firstRun = counts(once.output);
  check(
    database,
    firstRun?.imported === count - 3 && firstRun.rejected === 3,
    `${count} lines with 3 bad ones: ${count - 3} imported, 3 rejected`,
  );
  const lines = readFileSync(rejectsFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { line: number }).line);
  check(database, lines.join() === bad.join(), `the reject file names lines ${bad.join(', ')}`);
  const again = await importOnce(env);
  report(database, 'again', again);
  check(database, counts(again.output)?.changed === 0, 'the second run changes 0 rows');
}

/** `npm run bench:api` for sign-in, Account/Detailed and SubmitPayment; its req/s by target. */
async function apiRates(env: NodeJS.ProcessEnv, label: string) {
  const out = path.join(dir, `api-${label}.json`);
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  console.log(`bench:api at ${label} ...`);
  const result = await run(tsx, [path.join(root, 'scripts/bench-api.ts')], {
    cwd: root,
    maxBuffer: 1 << 24,
    env: {
      ...process.env,
      BENCH_TARGETS: 'reads,sign-in,payment',
      BENCH_PAYMENT_ACCOUNTS: '1000',
      BENCH_ROUNDS: '3',
      BENCH_SECRET: secret,
      BENCH_JSON: out,
      BENCH_MAX_SECONDS: '900',
      ...env,
    },
  });
  for (const line of result.stdout.split('\n')) {
    if (/req\/s|Summary|POST|GET/.test(line)) console.log(`  ${line}`);
  }
  return JSON.parse(readFileSync(out, 'utf8')) as Record<string, Record<string, number>>;
}

const HEALTH = 'GET /api/health';

const TARGETS: [string, string, number | null][] = [
  ['sign-in', 'POST /api/Authorization/VerifyIdentity', 0.8],
  ['Account/Detailed', 'GET /api/v2/Account/Detailed', 0.8],
  ['SubmitPayment', 'POST /api/v2/Account/SubmitPayment', null],
];

async function apiAtScale(sqliteDir: string | null, postgresUrl: string | null): Promise<void> {
  const scale = {
    BENCH_SQLITE_DIR: sqliteDir ?? '',
    BENCH_DATABASE_URL: postgresUrl ?? '',
    BENCH_POSTGRES: postgresUrl ? 'required' : 'off',
  };
  const demo = { BENCH_POSTGRES: postgresUrl ? 'required' : 'off' };
  const before = await apiRates(demo, 'demo size');
  const big = await apiRates(scale, `${count} accounts`);
  const after = await apiRates(demo, 'demo size, again');
  console.log(
    `API rates (req/s): demo size (mean of the runs before and after) and ${count} accounts`,
  );
  for (const database of Object.keys(big)) {
    if (database === 'SQLite' && !sqliteDir) continue;
    for (const [label, target, floor] of TARGETS) {
      const small = ((before[database]?.[target] ?? 0) + (after[database]?.[target] ?? 0)) / 2;
      const large = big[database]?.[target] ?? 0;
      const ratio = small > 0 ? large / small : 0;
      // Each rate over the health check's in the same run: the host's load at that moment
      // (other processes, a checkpoint) moves both, the database's size only the target's.
      const perHealth = (rates: Record<string, number> | undefined) =>
        (rates?.[target] ?? 0) / (rates?.[HEALTH] || Infinity);
      const smallPerHealth = (perHealth(before[database]) + perHealth(after[database])) / 2;
      const healthRatio = smallPerHealth > 0 ? perHealth(big[database]) / smallPerHealth : 0;
      const line =
        `${database.padEnd(10)} ${label.padEnd(16)} demo ${small.toFixed(0).padStart(6)}  ` +
        `${count} ${large.toFixed(0).padStart(6)}  ratio ${ratio.toFixed(2)} ` +
        `(each over health in its run: ${healthRatio.toFixed(2)})`;
      if (floor === null) console.log(`${line}`);
      else check(database, ratio >= floor, `${line} (target >= ${floor})`);
    }
  }
}

let postgresUrl: string | null = null;
let dropPostgres = async () => undefined as unknown;
try {
  const started = Date.now();
  await writeImportFile(file, { count, format, prefix: 'IMP', rich, bad });
  const size = statSync(file).size;
  console.log(
    `Generated ${count} records (${rich ? 'rich' : 'plain'} ${format}, ${(size / 2 ** 20).toFixed(0)} MB, ` +
      `${ROWS_PER_RECORD} rows each, bad lines ${bad.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const sqliteDir = which === 'sqlite' || which === 'both' ? path.join(dir, 'data') : null;
  if (sqliteDir) {
    await bench('SQLite', {
      DATA_DIR: sqliteDir,
      DATABASE_URL: '',
      DEMO_DATA: 'off',
      PORTAL_SECRET: secret,
    });
  }
  if (which === 'postgres' || which === 'both') {
    const users = process.env.PGUSER ? [process.env.PGUSER] : ['postgres', 'root'];
    let admin: { client: pg.Client; user: string } | null = null;
    for (const user of users) {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user, database: 'test' });
      try {
        await client.connect();
        admin = { client, user };
        break;
      } catch {
        await client.end().catch(() => undefined);
      }
    }
    if (!admin) throw new Error('PostgreSQL is not reachable at 127.0.0.1:5432');
    const name = `bench_import_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await admin.client.query(`CREATE DATABASE ${name}`);
    const adminClient = admin.client;
    dropPostgres = async () => {
      await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminClient.end();
    };
    postgresUrl = `postgres://${encodeURIComponent(admin.user)}@127.0.0.1:5432/${name}`;
    await bench('PostgreSQL', {
      DATABASE_URL: postgresUrl,
      PORTAL_SECRET: secret,
      DEMO_DATA: 'off',
    });
  }
  if (api) await apiAtScale(sqliteDir, postgresUrl);
} finally {
  await dropPostgres();
  rmSync(dir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`bench:import: ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
