/**
 * Size report: the gzip size of the JavaScript a browser really loads for each route.
 * Starts the built portal on a free port with a fresh data folder, opens each route in Debian
 * Chromium, records every script response and gzips it (level 9). Needs `npm run build` first.
 * Usage: npm run size [-- --budget]   (--budget exits 1 when /login is over its budget)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const LOGIN_BUDGET_KB = 250;
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
  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });

  const measure = async (label: string, visit: () => Promise<void>) => {
    scripts.clear();
    await visit();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(`${label}: ${kb(total)} KB gzip JavaScript in ${scripts.size} files`);
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${kb(size).padStart(7)} KB  ${file}`);
    }
    return total;
  };

  const login = await measure('/login (first load)', async () => {
    await page.goto(`${base}/login`);
  });
  if (login / 1024 > LOGIN_BUDGET_KB) {
    overBudget = true;
    console.error(`/login loads ${kb(login)} KB gzip, over the ${LOGIN_BUDGET_KB} KB budget`);
  } else {
    console.log(`/login budget: ${kb(login)} of ${LOGIN_BUDGET_KB} KB`);
  }
  await browser.close();
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
if (overBudget && process.argv.includes('--budget')) process.exit(1);
