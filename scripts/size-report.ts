/**
 * Size report: the gzip size of the JavaScript a browser really loads.
 * Starts the built portal on a free port with a fresh data folder and, in Debian Chromium with an
 * empty cache each time, records every script response and gzips it (level 9):
 * - /login, the first load of a visitor;
 * - /dashboard, the first load of a signed-in user (Maria, signed in through the API, her tokens
 *   put into sessionStorage the way src/web/lib/session.ts keeps them);
 * - the payment wizard: the scripts its one-time and savings-plan journeys load on top of what
 *   the dashboard loaded (the wizard's own chunks: the page, its stage forms and widgets);
 * - each route's own chunk: every lazily loaded screen under src/web/features (from Vite's
 *   manifest), with the routes of src/web/app/router.tsx that show it.
 * Needs `npm run build` first.
 * Usage: npm run size [-- --budget]   (--budget exits 1 when /login is over its budget)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { routesByFeature } from './lib/routes';

// The measured /login first load (199.5 KB gzip, November 2026) plus 5%.
const LOGIN_BUDGET_KB = 210;
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(base: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${base}/api/health in time`);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipKb = (file: string) =>
  kb(gzipSync(readFileSync(path.join(root, 'dist/web', file)), { level: 9 }).length);

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
}

function printRouteChunks(): void {
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'dist/web/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const routes = routesByFeature(readFileSync(path.join(root, 'src/web/app/router.tsx'), 'utf8'));
  console.log("Each route's own chunk (gzip):");
  const rows = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('features/'))
    .map(([key, chunk]) => ({ key, size: gzipKb(chunk.file), paths: routes.get(key) ?? [] }))
    .sort((a, b) => Number(b.size) - Number(a.size));
  for (const row of rows) {
    const where = row.paths.length > 0 ? row.paths.map((p) => `/${p}`).join(', ') : '(not a route)';
    console.log(`  ${row.size.padStart(7)} KB  ${row.key}  ${where}`);
  }
}

/** Maria's tokens from the API, as the sign-in page would get them. */
async function signInMaria(base: string, sessionId: string) {
  const response = await fetch(`${base}/api/Authorization/VerifyIdentity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-Id': sessionId },
    body: JSON.stringify({
      lastName: 'Garcia',
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-15',
      stateDisclosuresAccepted: true,
      consent: true,
      timeZoneOffset: 300,
      timeZoneLabel: 'America/New_York',
    }),
  });
  if (response.status !== 200) throw new Error(`VerifyIdentity answered ${response.status}`);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-size-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
// Also when this script dies early (its output piped into `head`, say): no server is left running.
process.on('exit', () => server.kill());

let overBudget = false;
try {
  await waitForHealth(base, Date.now() + 60_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
  const scripts = new Map<string, number>();

  /** Opens `url` in a fresh browser context (empty cache) and lists the scripts it loads. */
  const measure = async (
    label: string,
    url: string,
    session?: Record<string, string>,
    quiet = false,
  ) => {
    scripts.clear();
    const context = await browser.newContext();
    if (session) {
      await context.addInitScript((items: Record<string, string>) => {
        for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
      }, session);
    }
    const page = await context.newPage();
    // Every script body is read before counting: an unawaited read would drop files at random.
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then(
          (body) => {
            scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
          },
          (error: unknown) => {
            throw new Error(`could not read ${response.url()}: ${String(error)}`);
          },
        ),
      );
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    const landed = new URL(page.url()).pathname;
    if (landed !== new URL(url).pathname) console.error(`${label}: landed on ${landed}`);
    await context.close();
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    if (!quiet) {
      console.log(`${label}: ${kb(total)} KB gzip JavaScript in ${scripts.size} files`);
      for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
        console.log(`  ${kb(size).padStart(7)} KB  ${file}`);
      }
    }
    return { total, files: new Map(scripts) };
  };

  const { total: login } = await measure('/login (first load)', `${base}/login`);
  if (login / 1024 > LOGIN_BUDGET_KB) {
    overBudget = true;
    console.error(`/login loads ${kb(login)} KB gzip, over the ${LOGIN_BUDGET_KB} KB budget`);
  } else {
    console.log(`/login budget: ${kb(login)} of ${LOGIN_BUDGET_KB} KB`);
  }

  const sessionId = crypto.randomUUID();
  const tokens = await signInMaria(base, sessionId);
  const session = {
    portalSessionId: sessionId,
    portalAccessToken: tokens.accessToken,
    portalRefreshToken: tokens.refreshToken,
  };
  const dashboard = await measure(
    '/dashboard (first load, signed in as Maria)',
    `${base}/dashboard`,
    session,
  );
  const wizard = new Map<string, number>();
  for (const variant of ['one-time', 'sif']) {
    const { files } = await measure(
      variant,
      `${base}/accounts/LU1.10001/payment/${variant}/arrangement`,
      session,
      true,
    );
    for (const [file, size] of files) if (!dashboard.files.has(file)) wizard.set(file, size);
  }
  const wizardTotal = [...wizard.values()].reduce((sum, size) => sum + size, 0);
  console.log(
    `Payment wizard's own chunks (one-time and savings plan, beyond the dashboard's): ${kb(wizardTotal)} KB gzip in ${wizard.size} files`,
  );
  for (const [file, size] of [...wizard].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(size).padStart(7)} KB  ${file}`);
  }
  printRouteChunks();
  await browser.close();
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
if (overBudget && process.argv.includes('--budget')) process.exit(1);
