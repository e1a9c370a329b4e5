/**
 * Real server processes for the suites that start, kill and restart them on one database (crash,
 * webhook-processes, message-processes): `src/server/main.ts` under tsx on a free port, with the
 * tests' secret (the fixtures' identity HMACs are made with it), no demo data, no web build and
 * no failpoint unless the suite sets its own environment over these.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { answersHealth, freePort } from '../../scripts/lib/server-process';
import { REPO_ROOT } from '../../src/server/app';
import type { PortalDatabase } from '../../src/server/db/database';
import { TEST_SECRET } from './harness';

/** Where the spawned servers keep their data, and how the test reads it. */
export interface CrashDatabase {
  /** DATA_DIR or DATABASE_URL for the server processes. */
  env: Record<string, string>;
  open(): PortalDatabase;
}

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** The signal (or exit code) it ended with. */
  exited: Promise<NodeJS.Signals | number | null>;
}

/** How long a server process may take to start: over 30 s on a busy 2-core machine. */
export const START_MS = 120_000;

export async function startServerProcess(
  db: CrashDatabase,
  options: {
    /** Names the (absent) web directory, so a log says which suite started it. */
    label: string;
    /** The suite's settings, over the common ones. */
    env?: Record<string, string>;
    stderr?: 'inherit' | 'pipe';
    startMs?: number;
  },
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...db.env,
      PORTAL_SECRET: TEST_SECRET,
      PORTAL_KEY_FILE: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      PORTAL_FAILPOINT: '',
      WEB_DIR: path.join(REPO_ROOT, `no-web-dir-for-${options.label}-tests`),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = `http://127.0.0.1:${port}`;
  if (await answersHealth(url, options.startMs ?? START_MS)) return { url, process: child, exited };
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Kills (SIGKILL) and forgets every process of `list`, once each has exited. */
export async function killAll(list: ServerProcess[]): Promise<void> {
  for (const server of list.splice(0)) {
    server.process.kill('SIGKILL');
    await server.exited;
  }
}

/** Waits until `check` holds, polling every `stepMs`; throws after `ms`. */
export async function until(
  check: () => Promise<boolean>,
  ms: number,
  stepMs: number = 200,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
