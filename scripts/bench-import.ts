/**
 * `npm run bench:import -- [--count N] [--format jsonl|csv] [--db sqlite|postgres|both] [--plain]`:
 * generates N debtor records (default 1,000,000; each with an account, two phones, a monthly plan
 * of three payments and two transactions, unless --plain) as one streamed import file, imports it
 * with `npm run db:import` on a fresh SQLite data folder and on a fresh PostgreSQL database
 * (127.0.0.1:5432, PGUSER or postgres/root, trust auth; dropped afterwards), then imports it again
 * (which must change nothing), and prints for each run its time, records a second and the import
 * process's peak RSS (GNU time's "Maximum resident set size").
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
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
const bad = [2, Math.floor(count / 2), count].filter((n, i, all) => n > 1 && all.indexOf(n) === i);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
const file = path.join(dir, `accounts.${format}`);

interface Figures {
  seconds: number;
  rss: number;
  output: string;
}

async function importOnce(env: NodeJS.ProcessEnv): Promise<Figures> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const script = path.join(root, 'scripts/db-import.ts');
  const started = Date.now();
  const result = await run('/usr/bin/time', ['-v', tsx, script, file], {
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
  return { seconds, rss, output: result.stdout.trim() };
}

function report(database: string, label: string, figures: Figures): void {
  const rate = Math.round(count / figures.seconds);
  console.log(
    `${database.padEnd(10)} ${label.padEnd(7)} ${figures.seconds.toFixed(1).padStart(7)} s ` +
      `${String(rate).padStart(7)} records/s  peak RSS ${(figures.rss / 1024).toFixed(0)} MB`,
  );
  console.log(`           ${figures.output}`);
}

async function bench(database: string, env: NodeJS.ProcessEnv): Promise<void> {
  report(database, 'import', await importOnce(env));
  report(database, 'again', await importOnce(env));
}

try {
  const started = Date.now();
  await writeImportFile(file, { count, format, prefix: 'BEN', rich, bad });
  const size = statSync(file).size;
  console.log(
    `Generated ${count} records (${rich ? 'rich' : 'plain'} ${format}, ${(size / 2 ** 20).toFixed(0)} MB, ` +
      `bad lines ${bad.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const secret = randomBytes(32).toString('hex');
  if (which === 'sqlite' || which === 'both') {
    await bench('SQLite', { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', DEMO_DATA: 'off' });
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
    try {
      const url = `postgres://${encodeURIComponent(admin.user)}@127.0.0.1:5432/${name}`;
      await bench('PostgreSQL', { DATABASE_URL: url, PORTAL_SECRET: secret, DEMO_DATA: 'off' });
    } finally {
      await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.client.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
