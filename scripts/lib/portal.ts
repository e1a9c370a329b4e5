/**
 * For scripts and tests that look at the built portal (size report, screenshots, the e2e tests
 * of a changed flows/ folder): start the real server
 * on a free 127.0.0.1 port with a fresh data folder (demo data), sign a demo debtor in through the
 * API the way the sign-in page does, and launch Debian's Chromium. Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchWithoutIdleUi } from './chromium-flags';
import { answersHealth, freePort } from './server-process';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface Portal {
  base: string;
  stop(): void;
}

/**
 * The built portal on the demo data, until `stop` (also stopped when this process exits). `env`
 * adds to the server's environment (FLOWS_DIR for a changed copy of flows/, say).
 */
export async function startPortal(
  prefix: string,
  env: Record<string, string> = {},
): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Also when the script dies early (its output piped into `head`, say): no server is left.
  process.on('exit', stop);
  if (!(await answersHealth(base, 60_000, () => exited))) {
    stop();
    throw new Error(`server did not answer ${base}/api/health in time`);
  }
  return { base, stop };
}

/** A demo debtor's sign-in (the body of VerifyIdentity). */
export interface DemoIdentity {
  lastName: string;
  socialSecurityNumber: string;
  dateOfBirth: string;
}

export const MARIA: DemoIdentity = {
  lastName: 'Garcia',
  socialSecurityNumber: '1234',
  dateOfBirth: '1980-01-15',
};

/**
 * Signs `who` in through the API, as the sign-in page would, and returns the sessionStorage
 * items src/web/lib/session.ts keeps (put them in a page with `addInitScript`).
 */
export async function signedInSession(
  base: string,
  who: DemoIdentity,
): Promise<Record<string, string>> {
  const sessionId = crypto.randomUUID();
  const response = await fetch(`${base}/api/Authorization/VerifyIdentity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-Id': sessionId },
    body: JSON.stringify({
      ...who,
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      stateDisclosuresAccepted: true,
      consent: true,
      timeZoneOffset: 300,
      timeZoneLabel: 'America/New_York',
    }),
  });
  if (response.status !== 200) throw new Error(`VerifyIdentity answered ${response.status}`);
  const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
  return {
    portalSessionId: sessionId,
    portalAccessToken: tokens.accessToken,
    portalRefreshToken: tokens.refreshToken,
  };
}

/**
 * Runs in a page before its scripts (Playwright's `addInitScript`, Puppeteer's
 * `evaluateOnNewDocument`): puts a session from `signedInSession` into sessionStorage, on `origin`
 * only when one is given. Self-contained: it is sent to the browser as source text.
 */
export function putSession({
  origin,
  items,
}: {
  origin?: string;
  items: Record<string, string>;
}): void {
  if (origin !== undefined && location.origin !== origin) return;
  for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
}

/** Debian's Chromium (CHROMIUM_PATH to use another), headless, without its invisible UI. */
export function launchChromium(): Promise<Browser> {
  return launchWithoutIdleUi(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ]);
}
