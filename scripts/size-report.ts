/**
 * Size report: the gzip size of the JavaScript a browser really loads.
 * Starts the built portal on a free port with a fresh data folder and, in Debian Chromium with an
 * empty cache each time, records every script response and gzips it (level 9):
 * - /login, the first load of a visitor;
 * - /dashboard and /accounts/LU1.10001, the first loads of a signed-in user (Maria, signed in
 *   through the API, her tokens put into sessionStorage the way src/web/lib/session.ts keeps them);
 * - the payment wizard: the scripts its one-time and savings-plan journeys load on top of what
 *   the dashboard loaded (the wizard's own chunks: the page, its stage forms and widgets);
 * - each route's own chunk: every lazily loaded screen under src/web/features (from Vite's
 *   manifest), with the routes of src/web/app/router.tsx that show it.
 * Needs `npm run build` first.
 * Usage: npm run size [-- --budget]   (--budget exits 1 when /login, /dashboard or the account
 * page is over its budget, or /login loads a chunk only the signed-in screens should:
 * SIGNED_IN_ONLY_CHUNKS)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { MARIA, launchChromium, putSession, signedInSession, startPortal } from './lib/portal';
import { readPageRoutes, routesByFeature } from '../src/server/content/router-routes';
import { SIGNED_IN_ONLY_CHUNKS } from './lib/vite-first-load-chunks';

// /login's first load: 198.4 KB gzip in 10 files, measured December 2026 (the route guard without
// the payment journey's rules and dayjs, react-router's production build, Fluent's popup helpers
// out of the base chunk, its small shared modules in two chunks), from 205.9 KB in 14. Held at
// 200: it had grown by 8 KB with code the page does not use.
const LOGIN_BUDGET_KB = 200;
// The signed-in first screens (Maria's, at 1280 px: with the My details menu's code), measured
// November 2026 with the signed-in frame drawn by the server, plus 5%: /dashboard 235.6 KB,
// /accounts/LU1.10001 235.6 KB gzip.
const DASHBOARD_BUDGET_KB = 248;
const ACCOUNT_BUDGET_KB = 248;
const root = path.resolve(import.meta.dirname, '..');

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
  const routes = routesByFeature(
    readFileSync(path.join(root, 'src/web/app/router.tsx'), 'utf8'),
    readPageRoutes(path.join(root, 'flows')),
  );
  console.log("Each route's own chunk (gzip):");
  const rows = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('features/'))
    .map(([key, chunk]) => ({ key, size: gzipKb(chunk.file), paths: routes.get(key) ?? [] }))
    .sort((a, b) => Number(b.size) - Number(a.size));
  for (const row of rows) {
    const where = row.paths.length > 0 ? row.paths.map((p) => `/${p}`).join(', ') : '(not a route)';
    console.log(`  ${row.size.padStart(7)} KB  ${row.key}  ${where}`);
  }
  // Screens whose code is in a group's chunk (scripts/lib/vite-first-load-chunks.ts), not their own.
  for (const [key, paths] of routes) {
    if (manifest[key]) continue;
    const grouped = Object.values(manifest)
      .filter((chunk) => /\/(signed-in|session)-[^/]+\.js$/.test(`/${chunk.file}`))
      .map((chunk) => `${chunk.file} ${gzipKb(chunk.file)} KB`);
    console.log(`  in ${grouped.join(' + ')}: ${key}  ${paths.map((p) => `/${p}`).join(', ')}`);
  }
}

const portal = await startPortal('portal-size-');
const { base } = portal;

let overBudget = false;
try {
  const browser = await launchChromium();
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
      await context.addInitScript(putSession, { items: session });
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

  /** Whether a first load is within its budget (said either way). */
  const checkBudget = (page: string, total: number, budgetKb: number) => {
    if (total / 1024 > budgetKb) {
      overBudget = true;
      console.error(`${page} loads ${kb(total)} KB gzip, over the ${budgetKb} KB budget`);
    } else {
      console.log(`${page} budget: ${kb(total)} of ${budgetKb} KB`);
    }
  };

  const { total: login, files: loginFiles } = await measure('/login (first load)', `${base}/login`);
  checkBudget('/login', login, LOGIN_BUDGET_KB);
  // The signed-in screens' group chunks are put together by package name for some of their
  // modules (scripts/lib/vite-first-load-chunks.ts): a module /login needs at once in one of them
  // would make /login load the whole chunk, which the budget alone might not notice.
  // A chunk's name is followed by its 8-character hash: session-setup-error-….js is not session.
  const signedInOnly = [...loginFiles.keys()].filter((file) =>
    SIGNED_IN_ONLY_CHUNKS.some((name) => new RegExp(`/${name}-[\\w-]{8}\\.js$`).test(file)),
  );
  if (signedInOnly.length > 0) {
    overBudget = true;
    console.error(`/login loads the signed-in screens' chunks: ${signedInOnly.join(', ')}`);
  }

  const session = await signedInSession(base, MARIA);
  const dashboard = await measure(
    '/dashboard (first load, signed in as Maria)',
    `${base}/dashboard`,
    session,
  );
  checkBudget('/dashboard', dashboard.total, DASHBOARD_BUDGET_KB);
  const account = await measure(
    '/accounts/LU1.10001 (first load, signed in as Maria)',
    `${base}/accounts/LU1.10001`,
    session,
  );
  checkBudget('/accounts/LU1.10001', account.total, ACCOUNT_BUDGET_KB);
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
  portal.stop();
}
if (overBudget && process.argv.includes('--budget')) process.exit(1);
