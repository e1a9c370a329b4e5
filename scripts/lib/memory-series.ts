/**
 * The soak's memory watch (scripts/soak.ts): asks each server process for its memory over the IPC
 * channel (src/server/memory-reports.ts; no HTTP), keeps the series, prints it as a table, and
 * judges whether memory is flat after the warm-up.
 *
 * Flat, precisely: for each process life (a server restarted after a kill is a new series), the
 * samples taken in the judged window (the last 5 minutes of traffic) are fitted with a
 * least-squares line, for RSS less the young generation's committed size (new_space: V8 grows and
 * shrinks it up to 3 x 64 MB with --max-semi-space-size=64, and RSS swings with it) and for heapUsed (taken after a full collection, so it is what the
 * heap retains); the growth is the line's rise over the window divided by its value at the
 * window's start. Flat = growth at most 5% for both. A life with fewer than 5 samples in the
 * window is not judged (its series ended in the warm-up). A line, not first-against-last, so that
 * one sample taken at an unlucky moment neither passes nor fails the run.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const SAMPLE_SECONDS = 30;
export const WINDOW_SECONDS = 300;
export const MAX_GROWTH = 0.05;
export const MIN_WINDOW_SAMPLES = 5;

export interface MemorySample {
  /** Seconds since the traffic started. */
  t: number;
  /** The process life: "A", "A2" after A's restart, "B". */
  life: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Bytes each V8 heap space holds from the system (new_space, old_space, code_space, ...). */
  spaces: Record<string, number>;
}

let nextId = 1;

export type MemoryFigures = NodeJS.MemoryUsage & { spaces: Record<string, number> };

/**
 * The child's process.memoryUsage() and heap spaces (after a full collection when it has
 * --expose-gc), or null.
 */
export function askMemory(child: ChildProcess, timeoutMs = 10_000): Promise<MemoryFigures | null> {
  return ask(child, 'portal:memory', timeoutMs, (answer) => {
    const { usage, spaces } = answer as { usage?: NodeJS.MemoryUsage; spaces?: unknown };
    if (!usage || typeof usage.rss !== 'number') return null;
    return { ...usage, spaces: (spaces ?? {}) as Record<string, number> };
  });
}

/** Has the child write a heap snapshot (into its HEAP_SNAPSHOT_DIR); the file, or null. */
export function askHeapSnapshot(child: ChildProcess, timeoutMs = 120_000): Promise<string | null> {
  return ask(child, 'portal:heap-snapshot', timeoutMs, (answer) => {
    const file = (answer as { file?: unknown }).file;
    return typeof file === 'string' ? file : null;
  });
}

function ask<T>(
  child: ChildProcess,
  type: string,
  timeoutMs: number,
  read: (answer: object) => T | null,
): Promise<T | null> {
  return new Promise((resolve) => {
    if (!child.connected) return resolve(null);
    const id = nextId++;
    const done = (value: T | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      const answer = message as { type?: unknown; id?: unknown };
      if (answer.type === type && answer.id === id) done(read(answer));
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    child.on('message', onMessage);
    child.send({ type, id }, (error) => {
      if (error) done(null);
    });
  });
}

/** Kernel figures of a process (kB fields of /proc/<pid>/status) in bytes; {} off Linux. */
export function procStatus(pid: number | undefined): Record<string, number> {
  if (!pid) return {};
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const out: Record<string, number> = {};
    for (const match of text.matchAll(/^(\w+):\s+(\d+) kB$/gm)) {
      out[match[1]!] = Number(match[2]) * 1024;
    }
    return out;
  } catch {
    return {};
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The series as a table: one row per sample, in time order. */
export function memoryTable(samples: readonly MemorySample[]): string {
  // New space is printed so the verdict's input (RSS less new space) can be checked by hand.
  const head = [
    'time',
    'process',
    'RSS MB',
    'new space MB',
    'heapUsed MB',
    'heapTotal MB',
    'external MB',
  ];
  const rows = samples.map((s) => [
    `${Math.round(s.t)} s`,
    s.life,
    mb(s.rss),
    mb(s.spaces.new_space ?? 0),
    mb(s.heapUsed),
    mb(s.heapTotal),
    `${mb(s.external)} (arrayBuffers ${mb(s.arrayBuffers)})`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

/** Growth of a least-squares line through (t, value) from `from` to `to`, relative to its start. */
export function fittedGrowth(points: readonly { t: number; value: number }[]): number {
  const n = points.length;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / n;
  const meanV = points.reduce((sum, p) => sum + p.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.t - meanT) * (p.value - meanV);
    sxx += (p.t - meanT) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const from = Math.min(...points.map((p) => p.t));
  const to = Math.max(...points.map((p) => p.t));
  const start = meanV + slope * (from - meanT);
  return start <= 0 ? 0 : (slope * (to - from)) / start;
}

export interface LifeVerdict {
  life: string;
  /** null: not judged (too few samples in the window). */
  flat: boolean | null;
  samplesInWindow: number;
  rssGrowth: number | null;
  heapGrowth: number | null;
  first: MemorySample;
  last: MemorySample;
}

/**
 * The verdict per process life on the samples with t in [windowStart, windowEnd]. `rss: false`
 * judges heapUsed alone (after a heap snapshot, whose own memory the allocator keeps).
 */
export function judgeMemory(
  samples: readonly MemorySample[],
  windowStart: number,
  windowEnd: number,
  options: { rss: boolean } = { rss: true },
): LifeVerdict[] {
  const lives = [...new Set(samples.map((s) => s.life))];
  return lives.map((life) => {
    const own = samples.filter((s) => s.life === life);
    const inWindow = own.filter((s) => s.t >= windowStart - 1 && s.t <= windowEnd + 1);
    const judged = inWindow.length >= MIN_WINDOW_SAMPLES;
    const growthOf = (value: (s: MemorySample) => number) =>
      judged ? fittedGrowth(inWindow.map((s) => ({ t: s.t, value: value(s) }))) : null;
    const rssGrowth = growthOf((s) => s.rss - (s.spaces.new_space ?? 0));
    const heapGrowth = growthOf((s) => s.heapUsed);
    return {
      life,
      flat: judged ? (!options.rss || rssGrowth! <= MAX_GROWTH) && heapGrowth! <= MAX_GROWTH : null,
      samplesInWindow: inWindow.length,
      rssGrowth,
      heapGrowth,
      first: own[0]!,
      last: own.at(-1)!,
    };
  });
}

const percent = (share: number | null) =>
  share === null ? '-' : `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;

/** One summary line per process life. */
export function verdictLine(v: LifeVerdict, windowStart: number, windowEnd: number): string {
  const span = `${Math.round(v.first.t)}-${Math.round(v.last.t)} s`;
  const range = `RSS ${mb(v.first.rss)} -> ${mb(v.last.rss)} MB, heapUsed ${mb(v.first.heapUsed)} -> ${mb(v.last.heapUsed)} MB`;
  if (v.flat === null) {
    return `  ${v.life} (${span}): ${range}; not judged (${v.samplesInWindow} samples in ${windowStart}-${windowEnd} s)`;
  }
  return `  ${v.life} (${span}): ${range}; growth over ${windowStart}-${windowEnd} s (fitted line, ${v.samplesInWindow} samples): RSS less new space ${percent(v.rssGrowth)}, heapUsed ${percent(v.heapGrowth)}: ${v.flat ? 'flat' : 'GROWING'}`;
}
