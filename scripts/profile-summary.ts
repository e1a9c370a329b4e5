/**
 * `npx tsx scripts/profile-summary.ts FILE.cpuprofile [FROM TO]`: where a V8 CPU profile's time
 * went, as text. FROM and TO (µs of the monotonic clock, as `bench:api` prints them with
 * BENCH_PROFILE for each target) keep only the samples of that window, so one target's cost is
 * read apart from the start-up and the other targets.
 *
 * Prints the busy time, then two tables: the functions with the most self time, and the most
 * inclusive time (a function and what it calls) of the portal's own code and its libraries, each
 * as a share of the busy (not idle) samples, and as ms per request when REQUESTS is given in the
 * environment (the target's request count, from the bench's table).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** A short name for a frame: function, and the file relative to the repository or node_modules. */
export function frameName(frame: CallFrame): string {
  const file = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*?\/(src|scripts)\//, '$1/');
  const where = file ? ` ${file}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
}

export interface ProfileSummary {
  /** Sampled time in the window, µs, and the part that was not idle. */
  totalMicros: number;
  busyMicros: number;
  gcMicros: number;
  self: Map<string, number>;
  inclusive: Map<string, number>;
}

/** Self and inclusive time per frame name over the samples in [from, to] (all without them). */
export function summarize(profile: CpuProfile, from = -Infinity, to = Infinity): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const summary: ProfileSummary = {
    totalMicros: 0,
    busyMicros: 0,
    gcMicros: 0,
    self: new Map(),
    inclusive: new Map(),
  };
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (time < from || time > to) return;
    const node = byId.get(id);
    if (!node) return;
    summary.totalMicros += delta;
    const name = node.callFrame.functionName;
    if (name === '(garbage collector)') summary.gcMicros += delta;
    if (IDLE.has(name) && name !== '(garbage collector)') return;
    summary.busyMicros += delta;
    const self = frameName(node.callFrame);
    summary.self.set(self, (summary.self.get(self) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame || frame.callFrame.functionName === '(root)') continue;
      const key = frameName(frame.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      summary.inclusive.set(key, (summary.inclusive.get(key) ?? 0) + delta);
    }
  });
  return summary;
}

function top(map: Map<string, number>, count: number, keep: (name: string) => boolean) {
  return [...map]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
}

function main(): void {
  const [file, from, to] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx scripts/profile-summary.ts FILE.cpuprofile [FROM TO]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const summary = summarize(
    profile,
    from === undefined ? undefined : Number(from),
    to === undefined ? undefined : Number(to),
  );
  const requests = Number(process.env.REQUESTS) || 0;
  const ms = (micros: number) => (micros / 1000).toFixed(1).padStart(8);
  const share = (micros: number) =>
    `${((micros / Math.max(1, summary.busyMicros)) * 100).toFixed(1).padStart(5)}%`;
  const perRequest = (micros: number) =>
    requests ? ` ${(micros / 1000 / requests).toFixed(3).padStart(7)} ms/req` : '';
  console.log(
    `window ${ms(summary.totalMicros)} ms, busy ${ms(summary.busyMicros)} ms (GC ${ms(summary.gcMicros)} ms)${perRequest(summary.busyMicros)}`,
  );
  console.log('\nself time:');
  for (const [name, micros] of top(summary.self, 40, () => true)) {
    console.log(`${ms(micros)} ms ${share(micros)}${perRequest(micros)}  ${name}`);
  }
  console.log('\ninclusive time (src/ and libraries, not Node internals):');
  for (const [name, micros] of top(
    summary.inclusive,
    60,
    (n) => !/ node:/.test(n) && / /.test(n),
  )) {
    console.log(`${ms(micros)} ms ${share(micros)}${perRequest(micros)}  ${name}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
