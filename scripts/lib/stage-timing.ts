/**
 * Stage changes of the payment wizard, for `npm run bench:web` (BENCH_STAGES=off leaves them out).
 *
 * What: Maria (demo data) takes a one-time payment and a payment plan on LU1.10001 through the
 * wizard's five stages (tests/e2e/payment-helpers.ts: amount or plan, contact details, a payment
 * method, the two disclosures, the review), in Debian Chromium at 412 x 823 with the CPU throttled
 * 4x (CDP Emulation.setCPUThrottlingRate), each started from the option's link on the account
 * page. On each stage its Continue button gets the focus and Enter is pressed (Playwright's
 * keyboard); nothing is confirmed on the review. Each journey is
 * taken BENCH_STAGE_RUNS times (3), each in a new tab (the HTTP cache warm after the first).
 *
 * How it is timed, in the page (no stopwatch around Playwright calls):
 *   - start: the keydown's `event.timeStamp` (when the browser got the key), for Enter on a
 *     submit button of a form `payment-<stage>`;
 *   - end: the wizard moves the focus to the next stage's heading (`#payment-stage-<stage>`) as it
 *     makes that stage current; a capturing `focusin` listener sees it, asks for the next
 *     animation frame and, from the first frame's requestAnimationFrame callback in which the
 *     stage is current (`data-status`) and its heading still has the focus, posts a
 *     user-blocking task (`scheduler.postTask`; a MessageChannel message without it): it runs
 *     after that frame's paint, the first that shows the stage current with its heading focused,
 *     and before the page's own ordinary tasks queued for after the paint. The end is that task's
 *     `performance.now()`, or Event Timing's duration when that is later (`changeMs`).
 *   - While a change is timed no script of Playwright's runs in the page: the page tells the bench
 *     through a binding (`benchStageDone`) that the change is measured. (A `waitForFunction` put
 *     Playwright's script into the page inside the first change of each journey, and its polls
 *     ran between the paint and the end: 10-90 ms at 4x that were the bench's, not the page's.)
 * The stage change may wait for work after the key press (the existing-payment check is an API
 * call, a lazy chunk, a transition React renders in slices): Event Timing's duration for the
 * keydown only reaches the first paint after the event, which may still show the old stage, so it
 * is not the figure. It is printed beside it ("first paint", from a PerformanceObserver on
 * 'event' entries with durationThreshold 16: the longest entry of the key's interaction, in
 * 8 ms steps; "<16" when no entry) to tell how much of the wait came after that first paint.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CpuProfile } from '../profile-summary';
import { MARIA, putSession, signedInSession } from './portal';

/** The account and the variants measured (a one-time payment and a payment plan). */
export const STAGE_ACCOUNT = 'LU1.10001';
export const STAGE_JOURNEYS = [
  { journey: 'one-time payment', variant: 'one-time' },
  { journey: 'payment plan', variant: 'bif' },
] as const;
/** The wizard's stages in order (flows/journeys/payment.json). */
const STAGES = ['arrangement', 'contact-details', 'funding', 'disclosure', 'summary'] as const;
/** The sandbox card added on the funding stage when Maria has none saved yet. */
const SANDBOX_VISA = '4111111111111111';
/** The CPU slowdown of the stage changes (BENCH_STAGE_CPU: 1 profiles them unthrottled, where a
 * sampled profile is not skewed by the throttle's pauses). */
export const CPU_SLOWDOWN = Number(process.env.BENCH_STAGE_CPU || 4);

/** One stage change as measured. */
export interface StageChange {
  journey: string;
  from: string;
  to: string;
  /** Key press to the paint of the next stage with its heading focused: `changeMs`. */
  ms: number;
  /** Key press to the page's own mark, the first task after that paint. */
  markMs: number;
  /** Event Timing's duration of the key's interaction; NaN under the 16 ms threshold. */
  firstPaintMs: number;
}

/** The fields of a PerformanceEventTiming read here. */
export interface EventEntryLike {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
}

// ---------------------------------------------------------------------------------------------
// Pure helpers (tests/unit/scripts/stage-timing.test.ts)

/**
 * The Event Timing duration of the interaction a keydown at `keydownAt` started: the longest of
 * its entries (keydown, keypress, the click Enter makes), NaN when the keydown has no entry (it
 * took less than the observer's threshold).
 */
export function interactionDuration(entries: readonly EventEntryLike[], keydownAt: number): number {
  const keydown = entries.find(
    (entry) => entry.name === 'keydown' && Math.abs(entry.startTime - keydownAt) < 1,
  );
  if (!keydown) return Number.NaN;
  const same = keydown.interactionId
    ? entries.filter((entry) => entry.interactionId === keydown.interactionId)
    : [keydown];
  return Math.max(...same.map((entry) => entry.duration));
}

/**
 * A change's figure: the page's own mark (the first task after the paint that shows the next
 * stage) or, when later, Event Timing's duration of the key's interaction (to the presentation of
 * the first frame after it, in 8 ms steps), so a frame the compositor shows late is not missed.
 */
export function changeMs(markMs: number, firstPaintMs: number): number {
  return Number.isNaN(firstPaintMs) ? markMs : Math.max(markMs, firstPaintMs);
}

/** The median (the mean of the two middle values for an even count); NaN when empty. */
function middle(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** A row per journey and stage change, in the order measured: the median and worst of its runs. */
export interface StageRow {
  journey: string;
  change: string;
  runs: number;
  medianMs: number;
  worstMs: number;
  markMs: number;
  firstPaintMs: number;
}

export function stageRows(changes: readonly StageChange[]): StageRow[] {
  const groups = new Map<string, StageChange[]>();
  for (const change of changes) {
    const key = `${change.journey}\u0000${change.from}\u0000${change.to}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups.values()].map((group) => ({
    journey: group[0]!.journey,
    change: `${group[0]!.from} → ${group[0]!.to}`,
    runs: group.length,
    medianMs: middle(group.map((c) => c.ms)),
    worstMs: Math.max(...group.map((c) => c.ms)),
    markMs: middle(group.map((c) => c.markMs)),
    firstPaintMs: middle(group.map((c) => c.firstPaintMs)),
  }));
}

const fixed = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** The result: a table (text left-aligned, figures right-aligned) and a line of median and worst. */
export function stageReport(changes: readonly StageChange[]): string {
  const rows = stageRows(changes);
  const cells = [
    [
      'journey',
      'stage change',
      'ms (median)',
      'worst ms',
      'page mark ms',
      'first paint ms (Event Timing)',
    ],
    ...rows.map((row) => [
      row.journey,
      row.change,
      fixed(row.medianMs),
      fixed(row.worstMs),
      fixed(row.markMs),
      Number.isNaN(row.firstPaintMs) ? '<16' : fixed(row.firstPaintMs),
    ]),
  ];
  const widths = cells[0]!.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  const table = cells
    .map((row) =>
      row
        .map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join(' | '),
    )
    .join('\n');
  const all = changes.map((change) => change.ms);
  const runs = Math.max(0, ...rows.map((row) => row.runs));
  return `${table}\nAll ${all.length} stage changes (${runs} run${runs === 1 ? '' : 's'} of each journey): median ${fixed(middle(all))} ms, worst ${fixed(all.length ? Math.max(...all) : Number.NaN)} ms`;
}

// ---------------------------------------------------------------------------------------------
// In the page

interface Measured {
  from: string;
  to: string;
  keydownAt: number;
  paintedAt: number;
  /** The next stage's data-status when its heading got the focus. */
  status: string | null;
}

interface StageWindow {
  benchStages?: { measured: Measured[]; events: EventEntryLike[] };
  /** The bench's binding (BrowserContext.exposeBinding). */
  benchStageDone?: () => void;
  /** Prioritized Task Scheduling (Chromium), not in TypeScript's DOM types yet. */
  scheduler?: { postTask: (task: () => void, options: { priority: string }) => Promise<void> };
}

/** In the page, before its scripts: times each Continue by Enter (see the header comment). */
function instrumentStages({ prefix, mark }: { prefix: string; mark: boolean }): void {
  // With a profile: 1 ms of work in a function of this name marks each key press in the samples
  // (a method: a named function declaration would get tsx's `__name` helper, absent in the page).
  const marker = {
    benchStageKeyMark(): void {
      const start = performance.now();
      while (performance.now() - start < 1) {
        // the mark itself
      }
    },
  };
  const store: { measured: Measured[]; events: EventEntryLike[] } = { measured: [], events: [] };
  (window as unknown as StageWindow).benchStages = store;
  let pending: { from: string; keydownAt: number } | null = null;
  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target as Element | null;
      const form = target?.closest('form');
      if (event.key !== 'Enter' || !target?.matches('button[type="submit"]') || !form) return;
      if (!form.id.startsWith(`${prefix}-`)) return;
      pending = { from: form.id.slice(prefix.length + 1), keydownAt: event.timeStamp };
      if (mark) marker.benchStageKeyMark();
      // For a trace (BENCH_STAGE_TRACE): the change's window, from the key to the paint.
      performance.mark('bench-stage-key', { startTime: event.timeStamp });
    },
    true,
  );
  document.addEventListener(
    'focusin',
    (event) => {
      const heading = event.target as Element | null;
      const start = pending;
      if (!start || !heading?.id.startsWith(`${prefix}-stage-`)) return;
      const to = heading.id.slice(`${prefix}-stage-`.length);
      if (to === start.from) return;
      pending = null;
      // A method, not a named arrow function: tsx would wrap that in its `__name` helper.
      const end = {
        frames: 0,
        /** In each frame's animation callback until the stage is current with its heading focused. */
        frame(): void {
          const status = heading.closest('li')?.getAttribute('data-status') ?? null;
          end.frames += 1;
          if ((status !== 'current' || document.activeElement !== heading) && end.frames < 300) {
            requestAnimationFrame(() => end.frame());
            return;
          }
          // The first task after this frame's paint: a user-blocking task runs before the page's
          // own work queued as ordinary tasks (React's scheduler), which comes after the paint.
          const scheduler = (window as unknown as StageWindow).scheduler;
          if (scheduler) {
            void scheduler.postTask(() => end.painted(status), { priority: 'user-blocking' });
            return;
          }
          const channel = new MessageChannel();
          channel.port1.onmessage = () => end.painted(status);
          channel.port2.postMessage(null);
        },
        painted(status: string | null): void {
          store.measured.push({ ...start, to, status, paintedAt: performance.now() });
          performance.mark('bench-stage-painted');
          // Tells the bench the change is measured (a binding: no script of Playwright's runs
          // in the page while a change is timed).
          (window as unknown as StageWindow).benchStageDone?.();
        },
      };
      requestAnimationFrame(() => end.frame());
    },
    true,
  );
  new PerformanceObserver((list) => {
    // interactionId is not in TypeScript's DOM types yet.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId?: number;
    })[]) {
      store.events.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        interactionId: entry.interactionId ?? 0,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

// ---------------------------------------------------------------------------------------------
// Driving the wizard (the steps of tests/e2e/payment-helpers.ts)

/** Waits until the page has drawn a frame and run the task after it: the page is settled. */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

async function expectCurrent(page: Page, stage: string): Promise<void> {
  await page
    .locator(`[data-testid="stage-${stage}"][data-status="current"]`)
    .waitFor({ state: 'visible', timeout: 30_000 });
}

/** What a stage needs answered before its Continue (the arrangement keeps its suggestion). */
async function answerStage(page: Page, stage: string): Promise<void> {
  if (stage === 'funding') {
    const saved = page.getByTestId('stage-funding').getByRole('radio', { name: 'Visa ****1111' });
    if ((await saved.count()) > 0) {
      await saved.check();
    } else {
      await page.getByTestId('add-method').click();
      const dialog = page.getByTestId('add-method-dialog');
      await dialog.locator('#add-card_cardNumber').fill(SANDBOX_VISA);
      await dialog.locator('#add-card_cardExpiration').fill('1230');
      await dialog.locator('#add-card button[type="submit"]').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    }
  }
  if (stage === 'disclosure') {
    await page.locator('#payment-disclosure_eSignConsent').check();
    await page.locator('#payment-disclosure_authorizationDisclosuresAccepted').check();
  }
}

/**
 * BENCH_STAGE_PROFILE=dir: a CPU profile of the page's main thread over each journey's stage
 * changes (`stages-<variant>-<n>.cpuprofile`, for `scripts/profile-summary.ts` or DevTools); the
 * profiler's own cost makes those runs' figures higher.
 */
const profileDir = process.env.BENCH_STAGE_PROFILE;
if (profileDir) mkdirSync(profileDir, { recursive: true });
let profiles = 0;
/**
 * BENCH_STAGE_TRACE=dir: a Chrome trace of each journey (`stages-<variant>-<n>.trace.json`, for
 * DevTools' Performance panel or `scripts/trace-summary.ts`): the browser's own work (style,
 * layout, paint) in each change, which a CPU profile shows only as the script that forced it.
 */
const traceDir = process.env.BENCH_STAGE_TRACE;
if (traceDir) mkdirSync(traceDir, { recursive: true });
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
];

/**
 * The time (µs, the profile's clock) of the first sample of each run of function `name` (a sample
 * in it or in what it calls; samples less than 5 ms apart are one run).
 */
export function markTimes(
  profile: Partial<CpuProfile> & Pick<CpuProfile, 'nodes' | 'startTime'>,
  name: string,
): number[] {
  const marked = new Set<number>();
  const mark = (id: number) => {
    marked.add(id);
    for (const child of profile.nodes.find((node) => node.id === id)?.children ?? []) mark(child);
  };
  for (const node of profile.nodes) if (node.callFrame.functionName === name) mark(node.id);
  const times: number[] = [];
  let time = profile.startTime;
  let last = -Infinity;
  (profile.samples ?? []).forEach((id, i) => {
    time += profile.timeDeltas?.[i] ?? 0;
    if (!marked.has(id)) return;
    if (time - last > 5000) times.push(time);
    last = time;
  });
  return times;
}

/** The pages waiting for their stage change to be measured (the `benchStageDone` binding). */
const waiting = new Map<Page, () => void>();

/** Resolves when the page's next stage change has been measured (30 s at most). */
function changeMeasured(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(page);
      reject(new Error('stages: a stage change was not measured within 30 s'));
    }, 30_000);
    waiting.set(page, () => {
      clearTimeout(timer);
      waiting.delete(page);
      resolve();
    });
  });
}

/** One journey in a new tab: every Continue by Enter; the page's measurements. */
async function oneJourney(
  page: Page,
  base: string,
  variant: string,
  journey: string,
): Promise<StageChange[]> {
  // As a debtor starts (tests/e2e/payment-helpers.ts startFromAccount): the option's link on the
  // account page, so the app has seen a first action (what loads then has loaded) and has the
  // account's data as it does when the wizard opens.
  await page.goto(`${base}/accounts/${STAGE_ACCOUNT}`);
  await page.locator(`#main li[data-variant="${variant}"] a`).click();
  await expectCurrent(page, STAGES[0]);
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  if (traceDir && browser) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  try {
    for (let i = 0; i + 1 < STAGES.length; i += 1) {
      const from = STAGES[i]!;
      await answerStage(page, from);
      await page.locator(`#payment-${from} button[type="submit"]`).focus();
      await nextFrame(page);
      // Nothing of Playwright's runs in the page until the page says the change is measured
      // (waitForFunction's first call put its script into the page inside the first change).
      const measured = changeMeasured(page);
      await page.keyboard.press('Enter');
      await measured;
      await expectCurrent(page, STAGES[i + 1]!);
    }
  } finally {
    if (traceDir && browser) {
      profiles += profileDir ? 0 : 1;
      const trace = await browser.stopTracing();
      writeFileSync(path.join(traceDir, `stages-${variant}-${profiles}.trace.json`), trace);
    }
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      profiles += 1;
      const file = path.join(profileDir, `stages-${variant}-${profiles}`);
      writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
      // Each change's window in the profile's clock (µs), for profile-summary's FROM TO: from the
      // first sample of its key's mark (benchStageKeyMark), as long as the page measured it.
      const measured = await page.evaluate(
        () => (window as unknown as StageWindow).benchStages?.measured ?? [],
      );
      const marks = markTimes(profile, 'benchStageKeyMark');
      writeFileSync(
        `${file}.windows.json`,
        JSON.stringify(
          measured.map((m, i) => ({
            change: `${m.from} → ${m.to}`,
            from: marks[i],
            to:
              marks[i] === undefined
                ? undefined
                : marks[i] + Math.round((m.paintedAt - m.keydownAt) * 1000),
          })),
        ),
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  // The interaction's entries are delivered after its paint: a frame more.
  await nextFrame(page);
  const { measured, events } = await page.evaluate(
    () => (window as unknown as StageWindow).benchStages ?? { measured: [], events: [] },
  );
  return measured.map((m, i) => {
    if (m.from !== STAGES[i] || m.to !== STAGES[i + 1] || m.status !== 'current') {
      throw new Error(
        `stages (${journey}): Continue on ${STAGES[i]} gave ${m.from} → ${m.to} (${m.status})`,
      );
    }
    const firstPaintMs = interactionDuration(events, m.keydownAt);
    const markMs = m.paintedAt - m.keydownAt;
    return {
      journey,
      from: m.from,
      to: m.to,
      ms: changeMs(markMs, firstPaintMs),
      markMs,
      firstPaintMs,
    };
  });
}

/**
 * Both journeys, `runs` times each, in a browser of `launch` (closed at the end); Maria signed
 * in through the API.
 */
export async function stageChanges(
  base: string,
  runs: number,
  launch: () => Promise<Browser>,
  log: (line: string) => void = () => {},
): Promise<StageChange[]> {
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(putSession, {
      origin: base,
      items: await signedInSession(base, MARIA),
    });
    await context.exposeBinding('benchStageDone', ({ page }) => waiting.get(page)?.());
    await context.addInitScript(instrumentStages, { prefix: 'payment', mark: Boolean(profileDir) });
    const changes: StageChange[] = [];
    for (let run = 1; run <= runs; run += 1) {
      for (const { journey, variant } of STAGE_JOURNEYS) {
        const page = await context.newPage();
        const measured = await oneJourney(page, base, variant, journey);
        await page.close();
        log(
          `stages: ${journey} run ${run}/${runs}: ${measured.map((m) => `${m.ms.toFixed(0)}`).join(', ')} ms`,
        );
        changes.push(...measured);
      }
    }
    return changes;
  } finally {
    await browser.close();
  }
}
