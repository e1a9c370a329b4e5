/**
 * Web page benchmark (`npm run bench:web`): builds the web app (`npm run build`, into a temporary
 * folder, so dist/ is left alone), starts the portal on a free port of 127.0.0.1 with a fresh
 * SQLite data folder and the demo data, then measures in Debian Chromium (/usr/bin/chromium):
 *   - Lighthouse (Node API, default config: mobile, simulated throttling, performance only), run
 *     BENCH_RUNS times per route with an empty HTTP cache each time, on /login, /verify-letter and
 *     /terms (signed out) and /dashboard and /accounts/LU1.10001 (Maria, signed in through the API,
 *     her tokens put into sessionStorage the way src/web/lib/session.ts keeps them, and Lighthouse's
 *     storage reset turned off so they stay). Per route the median of each figure: performance
 *     score, FCP, LCP, TBT, CLS, total bytes (total-byte-weight) and first-load JavaScript (transfer
 *     size, i.e. compressed, of every script request of the load), with the main-thread work Lighthouse
 *     counted (mainthread-work-breakdown) and its benchmarkIndex of the host; the browser's version and
 *     the host's cost of a page fault (lib/page-faults.ts) are printed too: a cold page load pays for
 *     every first touch of the renderer's memory, so the same build scores lower on a host where
 *     faults are slow, while the warm figures below do not move. A run Lighthouse itself fails
 *     (NO_NAVSTART, NO_FCP: "please run Lighthouse again") is run again, twice at most.
 *   - Typing latency (Playwright, 412 x 823 viewport, CPU throttled 4x): 30 characters typed one
 *     at a time into the bankruptcy form's court name (the largest form), each timed in the page
 *     from the keydown event to the end of the first frame after the input event (a
 *     requestAnimationFrame, then a task). Median and worst.
 *   - Stage changes of the payment wizard (scripts/lib/stage-timing.ts, which says how they are
 *     timed): a one-time payment and a payment plan, each Continue pressed with Enter at 4x CPU
 *     throttling, from the key press to the paint of the next stage with its heading focused.
 * Figures only, no budgets: nothing fails on a slow result. The machine's load (os.loadavg) is
 * printed before and after; on a busy machine the figures are worse and noisier, so compare runs
 * made at similar load, and run it alone (not next to other browser tests or builds).
 *
 * Options (env): BENCH_RUNS (3), BENCH_MAX_SECONDS (600: then everything is stopped and the exit
 * code is 1), BENCH_WEB_DIR (an already built web folder to serve: no build), BENCH_ROUTES
 * (a comma-separated subset of the routes, e.g. `/dashboard`; `none`: no Lighthouse at all),
 * BENCH_REPORT_DIR (each run's Lighthouse JSON written there, `dashboard-1.json`, ... for its LCP
 * breakdown and request chains),
 * BENCH_TYPING=off (no typing measurement), BENCH_STAGES=off (no stage changes), BENCH_STAGE_RUNS
 * (3: how many times each journey is taken), BENCH_STAGE_PROFILE (a folder: a CPU profile of the
 * page per journey, with each stage change's window in the profile's clock, for
 * `scripts/profile-summary.ts FILE FROM TO`), BENCH_STAGE_TRACE (a folder: a Chrome trace per
 * journey, for `scripts/trace-summary.ts FILE`: style, layout and paint in each change; both
 * folders are made when missing), BENCH_STAGE_CPU (4: the CPU slowdown of the stage changes; 1
 * for a profile that the throttle's pauses do not skew),
 * CHROMIUM_PATH (/usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromeLauncherFlags, launchWithoutIdleUi } from './lib/chromium-flags';
import { MARIA, putSession, signedInSession } from './lib/portal';
import {
  CPU_SLOWDOWN as STAGE_CPU_SLOWDOWN,
  stageChanges,
  stageReport,
  type StageChange,
} from './lib/stage-timing';
import { answersHealth, freePort } from './lib/server-process';
import { pageFaultLine } from './lib/page-faults';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags of playwright.config.ts, for both browsers. */
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

interface Route {
  path: string;
  signedIn: boolean;
}

const ALL_ROUTES: Route[] = [
  { path: '/login', signedIn: false },
  { path: '/verify-letter', signedIn: false },
  { path: '/terms', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/accounts/LU1.10001', signedIn: true },
];
const chosenRoutes = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
const ROUTES = chosenRoutes.length
  ? ALL_ROUTES.filter((route) => chosenRoutes.includes(route.path))
  : ALL_ROUTES;
const REPORT_DIR = process.env.BENCH_REPORT_DIR;

/** The largest form (flows/forms/bankruptcy.json) and one of its plain text fields. */
const TYPING_PAGE = '/accounts/LU1.10001/bankruptcy';
const TYPING_FIELD = '#bankruptcy_courtName';
const TYPED_TEXT = 'Northern District of Texas 123';
/** Extra attempts of a Lighthouse run that failed on its own (a trace it could not read, ...). */
const LIGHTHOUSE_RETRIES = 2;

// ---------------------------------------------------------------------------------------------
// Pure helpers (tests/unit/scripts/bench-web.test.ts)

/** The median (the mean of the two middle values for an even count); NaN when empty. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** What one Lighthouse run gives per route. */
export interface PageFigures {
  /** Performance score, 0 to 100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** total-byte-weight: every response's transfer size, in bytes. */
  totalBytes: number;
  /** Transfer size (compressed) of the load's script requests, in bytes. */
  scriptBytes: number;
  /** mainthread-work-breakdown: the page's main-thread work, as Lighthouse counts it (the
   * observed trace times the simulated CPU slowdown), in ms: what TBT is cut from. */
  mainThreadMs: number;
  /** Lighthouse's benchmarkIndex of the host (higher: a faster machine; the same build on another
   * machine or browser gives other figures, so runs are compared at a similar index). */
  hostIndex: number;
}

/** The parts of a Lighthouse result (LH.Result) read here. */
export interface LighthouseResultLike {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  environment?: { benchmarkIndex?: number };
}

/** The figures of one Lighthouse result; NaN where an audit gave no value. */
export function pageFigures(lhr: LighthouseResultLike): PageFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = lhr.categories.performance?.score;
  const details = lhr.audits['network-requests']?.details;
  const items =
    details && typeof details === 'object' && 'items' in details && Array.isArray(details.items)
      ? (details.items as unknown[])
      : [];
  let scriptBytes = 0;
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const request = item as { resourceType?: unknown; transferSize?: unknown };
    if (request.resourceType === 'Script' && typeof request.transferSize === 'number') {
      scriptBytes += request.transferSize;
    }
  }
  return {
    score: typeof score === 'number' ? score * 100 : Number.NaN,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    totalBytes: value('total-byte-weight'),
    scriptBytes: items.length > 0 ? scriptBytes : Number.NaN,
    mainThreadMs: value('mainthread-work-breakdown'),
    hostIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** The median of each figure over several runs. */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const of = (key: keyof PageFigures) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    totalBytes: of('totalBytes'),
    scriptBytes: of('scriptBytes'),
    mainThreadMs: of('mainThreadMs'),
    hostIndex: of('hostIndex'),
  };
}

const fixed = (value: number, digits: number) =>
  Number.isNaN(value) ? '-' : value.toFixed(digits);
const kb = (bytes: number) => fixed(bytes / 1024, 1);

/** One line of figures, for the progress output. */
export function figuresLine(f: PageFigures): string {
  return `score ${fixed(f.score, 0)}, FCP ${fixed(f.fcpMs, 0)} ms, LCP ${fixed(f.lcpMs, 0)} ms, TBT ${fixed(f.tbtMs, 0)} ms, CLS ${fixed(f.cls, 3)}, ${fixed(f.totalBytes, 0)} bytes, JS ${kb(f.scriptBytes)} KB, main thread ${fixed(f.mainThreadMs, 0)} ms, host index ${fixed(f.hostIndex, 0)}`;
}

/** The result table: the first column left-aligned, the figures right-aligned. */
export function figuresTable(rows: { route: string; figures: PageFigures }[]): string {
  const cells = [
    [
      'route',
      'score',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'bytes',
      'first-load JS KB',
      'main thread ms',
      'host index',
    ],
    ...rows.map(({ route, figures: f }) => [
      route,
      fixed(f.score, 0),
      fixed(f.fcpMs, 0),
      fixed(f.lcpMs, 0),
      fixed(f.tbtMs, 0),
      fixed(f.cls, 3),
      fixed(f.totalBytes, 0),
      kb(f.scriptBytes),
      fixed(f.mainThreadMs, 0),
      fixed(f.hostIndex, 0),
    ]),
  ];
  const widths = cells[0]!.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  return cells
    .map((row) =>
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join(' | '),
    )
    .join('\n');
}

/** One line on how busy the machine is: load averages against the number of cores. */
export function machineLoad(
  [one = 0, five = 0, fifteen = 0]: number[] = loadavg(),
  cores = availableParallelism(),
): string {
  const busy =
    one > cores * 0.5 ? ' (busy: figures are worse and noisier than on a quiet machine)' : '';
  return `load average ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1/5/15 min) on ${cores} cores${busy}`;
}

// ---------------------------------------------------------------------------------------------
// Processes, and stopping them whatever happens

/** Undo steps, run last first by cleanUp. */
const cleanups: (() => unknown)[] = [];
/** Children to kill synchronously if the process exits before cleanUp ran. */
const children = new Set<ChildProcess>();
/** Children spawned detached, leading their own process group. */
const groupLeaders = new WeakSet<ChildProcess>();

/** Registers an undo step; the function returned runs it now (once) instead of at clean-up. */
function onCleanUp(step: () => unknown): () => Promise<void> {
  cleanups.push(step);
  return async () => {
    const index = cleanups.indexOf(step);
    if (index < 0) return;
    cleanups.splice(index, 1);
    await step();
  };
}

async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    try {
      await step();
    } catch (error) {
      console.error(`bench: clean-up step failed: ${String(error)}`);
    }
  }
}

/** Kills a child, with its whole process group when it leads one. */
function kill(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (groupLeaders.has(child)) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

process.on('exit', () => {
  for (const child of children) kill(child);
});

/** Spawns a child in its own process group (so a build's npm, sh and vite all stop together). */
function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groupLeaders.add(child);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `npm run build` with Vite's output in `outDir`; its output is shown only when it fails. */
async function build(outDir: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawnGroup(npm, ['run', 'build', '--', '--outDir', outDir], process.env);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1)));
  });
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output}`);
}

/** The portal in production mode on `port`, serving `webDir`, answering /api/health. */
async function startServer(port: number, dataDir: string, webDir: string): Promise<ChildProcess> {
  const child = spawnGroup(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    FLOWS_DIR: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    SENTRY_DSN: '',
    DEMO_DATA: path.join(root, 'demo/demo-data.json'),
    PORTAL_ALLOW_TIME_TRAVEL: '',
    LOG_LEVEL: 'warn',
    // Every page load makes a few guest calls: the default 60 a minute would answer 429.
    RATE_LIMIT_GUEST_PER_ADDRESS: '100000',
    RATE_LIMIT_SIGN_IN_PER_ADDRESS: '100000',
    RATE_LIMIT_SIGN_IN_PER_IDENTITY: '100000',
  });
  onCleanUp(() => kill(child));
  let errors = '';
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (await answersHealth(`http://${HOST}:${port}`, 120_000, exited)) return child;
  if (exited()) {
    throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${errors}`);
  }
  throw new Error(`the server did not answer /api/health in 120 s:\n${errors}`);
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

async function lighthouseRoutes(base: string, runs: number): Promise<Map<string, PageFigures[]>> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const { default: puppeteer } = await import('puppeteer-core');

  const chrome = await launch({
    chromePath: CHROMIUM,
    // Without the browser's own invisible UI (lib/chromium-flags.ts), chrome-launcher's flags kept.
    ...(await chromeLauncherFlags(['--headless=new', ...CHROME_ARGS])),
    logLevel: 'silent',
    // Stopping on Ctrl-C is ours (cleanUp), not chrome-launcher's.
    handleSIGINT: false,
  });
  children.add(chrome.process);
  const stopChrome = onCleanUp(() => chrome.kill());
  const browser = await puppeteer.connect({
    browserURL: `http://${HOST}:${chrome.port}`,
    defaultViewport: null,
  });
  const disconnect = onCleanUp(() => browser.disconnect());
  // The browser's version: the same build gives other figures in another (see hostIndex).
  console.log(`bench: Lighthouse in ${await browser.version()}`);

  /** One Lighthouse run of `route` in a new tab. */
  const lighthouseOnce = async (route: Route) => {
    // A new tab: its sessionStorage starts empty (signed out) ...
    const page = await browser.newPage();
    try {
      if (route.signedIn) {
        await page.evaluateOnNewDocument(putSession, {
          origin: base,
          items: await signedInSession(base, MARIA),
        });
      }
      // ... and an empty HTTP cache, which Lighthouse no longer clears with its storage reset
      // off (that reset is off so the session above stays).
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const result = await lighthouse(
        `${base}${route.path}`,
        {
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          disableStorageReset: true,
        },
        undefined,
        page,
      );
      if (!result) throw new Error(`${route.path}: Lighthouse gave no result`);
      return result.lhr;
    } finally {
      await page.close();
    }
  };

  const results = new Map<string, PageFigures[]>();
  for (const route of ROUTES) {
    const figures: PageFigures[] = [];
    results.set(route.path, figures);
    for (let run = 1; run <= runs; run += 1) {
      for (let attempt = 1; ; attempt += 1) {
        const lhr = await lighthouseOnce(route);
        if (lhr.runtimeError) {
          // Lighthouse's own failures (NO_NAVSTART, NO_FCP, ...) say "run Lighthouse again".
          const failure = `${route.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
          if (attempt > LIGHTHOUSE_RETRIES) throw new Error(failure);
          console.log(`bench: ${failure}; running it again`);
          continue;
        }
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== route.path) {
          throw new Error(`${route.path}: the page landed on ${landed} (not signed in?)`);
        }
        const one = pageFigures(lhr);
        figures.push(one);
        if (REPORT_DIR) {
          mkdirSync(REPORT_DIR, { recursive: true });
          const name = route.path.replace(/^\//, '').replace(/[^\w.-]+/g, '_');
          writeFileSync(path.join(REPORT_DIR, `${name}-${run}.json`), JSON.stringify(lhr));
        }
        console.log(`bench: ${route.path} run ${run}/${runs}: ${figuresLine(one)}`);
        for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
        break;
      }
    }
  }
  await disconnect();
  await stopChrome();
  return results;
}

// ---------------------------------------------------------------------------------------------
// Typing latency

interface TypingWindow {
  benchTyping?: number[];
}

/** In the page: times each keystroke in `selector`, from keydown to the frame after its input. */
function instrumentTyping(selector: string): void {
  const store = window as unknown as TypingWindow;
  store.benchTyping = [];
  let keydownAt = 0;
  document.addEventListener(
    'keydown',
    (event) => {
      if ((event.target as Element | null)?.matches(selector)) keydownAt = event.timeStamp;
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      if (!(event.target as Element | null)?.matches(selector)) return;
      const start = keydownAt;
      // The next frame's rAF callbacks run before its paint; the task queued there runs after it.
      requestAnimationFrame(() =>
        setTimeout(() => store.benchTyping?.push(performance.now() - start), 0),
      );
    },
    true,
  );
}

async function typingLatency(base: string): Promise<number[]> {
  const browser = await launchWithoutIdleUi(CHROMIUM, CHROME_ARGS);
  const closeBrowser = onCleanUp(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(putSession, {
    origin: base,
    items: await signedInSession(base, MARIA),
  });
  const page = await context.newPage();
  await page.goto(`${base}${TYPING_PAGE}`);
  const field = page.locator(TYPING_FIELD);
  await field.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await field.click();
  await page.evaluate(instrumentTyping, TYPING_FIELD);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let i = 0; i < TYPED_TEXT.length; i += 1) {
    await page.keyboard.press(TYPED_TEXT[i]!);
    await page.waitForFunction(
      (count) => ((window as unknown as TypingWindow).benchTyping?.length ?? 0) >= count,
      i + 1,
      { timeout: 10_000 },
    );
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const typed = await field.inputValue();
  if (typed !== TYPED_TEXT) throw new Error(`typing: the field holds "${typed}"`);
  const latencies = await page.evaluate(
    () => (window as unknown as TypingWindow).benchTyping ?? [],
  );
  await closeBrowser();
  return latencies;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS || 3));
  const maxSeconds = Number(process.env.BENCH_MAX_SECONDS || 600);
  const began = performance.now();
  const elapsed = () => `${((performance.now() - began) / 1000).toFixed(0)} s`;

  const watchdog = setTimeout(() => {
    console.error(`bench: stopped after ${maxSeconds} s (BENCH_MAX_SECONDS)`);
    void Promise.race([cleanUp(), sleep(10_000)]).finally(() => process.exit(1));
  }, maxSeconds * 1000);
  onCleanUp(() => clearTimeout(watchdog));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`bench: ${signal}, stopping`);
      void Promise.race([cleanUp(), sleep(10_000)]).finally(() => process.exit(130));
    });
  }

  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-web-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const loadBefore = `${machineLoad()}; ${pageFaultLine()}`;
  console.log(`bench: before, ${loadBefore}`);

  let webDir = process.env.BENCH_WEB_DIR ? path.resolve(process.env.BENCH_WEB_DIR) : '';
  if (webDir) {
    console.log(`bench: serving the build in ${webDir} (BENCH_WEB_DIR: no build)`);
  } else {
    webDir = path.join(workDir, 'web');
    console.log(`bench: npm run build (into ${webDir})`);
    await build(webDir);
    console.log(`bench: built (${elapsed()})`);
  }

  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  await startServer(port, path.join(workDir, 'data'), webDir);
  console.log(`bench: portal on ${base}/ (${elapsed()}); Lighthouse, ${runs} runs per route`);

  const lighthouse = ROUTES.length ? await lighthouseRoutes(base, runs) : new Map();
  const typing: number[] = [];
  if (process.env.BENCH_TYPING !== 'off') {
    console.log(`bench: typing ${TYPED_TEXT.length} characters (${elapsed()})`);
    typing.push(...(await typingLatency(base)));
  }
  const stages: StageChange[] = [];
  if (process.env.BENCH_STAGES !== 'off') {
    console.log(`bench: payment wizard stage changes (${elapsed()})`);
    const launch = async () => {
      const browser = await launchWithoutIdleUi(CHROMIUM, CHROME_ARGS);
      onCleanUp(() => browser.close());
      return browser;
    };
    const stageRuns = Math.max(1, Number(process.env.BENCH_STAGE_RUNS || 3));
    stages.push(
      ...(await stageChanges(base, stageRuns, launch, (line) => console.log(`bench: ${line}`))),
    );
  }
  const loadAfter = machineLoad();

  const rows = ROUTES.map((route) => ({
    route: `${route.path}${route.signedIn ? ' (signed in)' : ''}`,
    figures: medianFigures(lighthouse.get(route.path) ?? []),
  }));
  console.log('');
  if (rows.length > 0) {
    console.log(
      `Lighthouse ${runs}x per route, medians (mobile, simulated throttling; bytes: total-byte-weight; first-load JS: the load's scripts as sent, compressed)`,
    );
    console.log(figuresTable(rows));
    console.log('');
  }
  if (typing.length > 0) {
    console.log(
      `Typing ${typing.length} characters into ${TYPING_FIELD} on ${TYPING_PAGE} (412x823, CPU 4x slower), keydown to next frame: median ${fixed(median(typing), 1)} ms, worst ${fixed(Math.max(...typing), 1)} ms`,
    );
  }
  if (stages.length > 0) {
    console.log(
      `Payment wizard stage changes (412x823, CPU ${STAGE_CPU_SLOWDOWN}x slower), Enter on Continue to the next stage painted with its heading focused:`,
    );
    console.log(stageReport(stages));
    console.log('');
  }
  console.log(`Machine before: ${loadBefore}`);
  console.log(`Machine after:  ${loadAfter}`);
  console.log(`(${elapsed()} in all)`);
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) {
  try {
    await main();
    await cleanUp();
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    await cleanUp();
    process.exit(1);
  }
}
