import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { AGENCY_TIME_ZONE, todayInAgencyZone } from './src/domain/dates';

/** Longer than a whole run of the suite (about 25 minutes on two cores), with room. */
const RUN_WINDOW_MS = 45 * 60_000;

/**
 * The server imports its data relative to the agency's day when the run starts, and the tests
 * work out the days they expect (a payment due in 12 days, one past due since yesterday) from the
 * day when they run: a run across the agency's midnight would find its data a day off. A run that
 * would start within RUN_WINDOW_MS of that midnight waits until it has passed.
 */
function waitOutAgencyMidnight(): void {
  const zone = process.env.PORTAL_TIME_ZONE ?? AGENCY_TIME_ZONE;
  const dayAt = (ms: number) => todayInAgencyZone(new Date(ms), zone);
  const start = Date.now();
  if (dayAt(start) === dayAt(start + RUN_WINDOW_MS)) return;
  let wait = 60_000;
  while (dayAt(start + wait) === dayAt(start)) wait += 60_000;
  console.log(
    `e2e: the agency's day changes in ${wait / 60_000} min, within a run; waiting for it`,
  );
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait + 60_000);
}

// The built app (dist/web, `npm run build` first) served by the real server on its own port, with
// a fresh SQLite data folder per run. Workers re-read this file: the env keeps one folder per run
// (and the runner alone, the first to read it, waits out the agency's midnight).
const port = Number(process.env.E2E_PORT ?? 4173);
if (!process.env.E2E_DATA_DIR) {
  waitOutAgencyMidnight();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
}
const baseURL = `http://127.0.0.1:${port}`;
/** The SMTP server of tests/e2e/messages-email.spec.ts, which the web server sends e-mail to. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // On CI one retry, and the summary names every test that passed only on it (scripts/test-all.sh).
  // Why: a CI run once saw Debian's Chromium stop drawing frames for a page whose script still ran
  // (the click's wait for a stable box never got an animation frame, and no screenshot could be
  // taken) for the test's whole two minutes. A failure of the product fails both tries.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (scripts/ensure-chromium.sh says why not the full browser).
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // The demo data and the payment tests' own debtors, then the server on that database.
    command: 'npx tsx tests/e2e/seed.ts && npx tsx src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The seed and the server start take 30 s each on a loaded 2-core machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      // Real webhook retries, 1 s doubling instead of 30 s (agency-connection.spec.ts waits for 3).
      WEBHOOK_RETRY_BASE_MS: '1000',
      // Messages (issue 43): links into this server; e-mail to the spec's SMTP server (none
      // listening outside that spec: sends are retried with backoff, nothing else changes).
      PORTAL_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'notices@agency.example',
    },
  },
});
