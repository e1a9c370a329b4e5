/**
 * `npx tsx scripts/trace-summary.ts FILE.trace.json`: where the page's main thread spent each
 * payment wizard stage change of a trace written by `BENCH_STAGE_TRACE=dir npm run bench:web`
 * (scripts/lib/stage-timing.ts). A change's window runs from its `bench-stage-key` user timing
 * mark (the key press) to its `bench-stage-painted` mark (after the paint that shows the next
 * stage). Per window: the self time of each kind of trace event on the renderer's main thread
 * (script, style, layout, paint, ...) and the element counts of the style recalculations and
 * layouts, so the browser's own work shows beside the script that caused it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs), where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    data?: { type?: string };
  };
}

export interface Window {
  from: number;
  to: number;
}

/** The renderer main thread that carries the marks: its pid and tid. */
function markThread(events: readonly TraceEvent[]): { pid: number; tid: number } | undefined {
  const mark = events.find((e) => e.name === 'bench-stage-key');
  return mark && { pid: mark.pid, tid: mark.tid };
}

/** Each change's window (µs of the trace clock): a key mark to the next painted mark. */
export function windows(events: readonly TraceEvent[]): Window[] {
  const marks = events
    .filter((e) => e.name === 'bench-stage-key' || e.name === 'bench-stage-painted')
    .filter((e) => e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b' || e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const result: Window[] = [];
  let from: number | undefined;
  for (const mark of marks) {
    if (mark.name === 'bench-stage-key') from = mark.ts;
    else if (from !== undefined) {
      result.push({ from, to: mark.ts });
      from = undefined;
    }
  }
  return result;
}

export interface WindowSummary {
  busyMs: number;
  /**
   * The thread's CPU time in the window: unlike the wall time, neither stretched by other
   * processes on the machine nor by DevTools' CPU throttling (which pauses the thread).
   */
  cpuMs: number;
  selfMs: Map<string, number>;
  styleElements: number[];
  layoutObjects: string[];
}

/** Self time per event name of the complete events on one thread within a window. */
export function summarize(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  window: Window,
): WindowSummary {
  const inside = events
    .filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid)
    .filter((e) => e.ts >= window.from && e.ts < window.to && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const selfMs = new Map<string, number>();
  const stack: { end: number; name: string; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      selfMs.set(done.name, (selfMs.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  let busy = 0;
  let cpu = 0;
  const styleElements: number[] = [];
  const layoutObjects: string[] = [];
  for (const event of inside) {
    close(event.ts);
    const dur = Math.min(event.dur ?? 0, window.to - event.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= dur;
    else {
      busy += dur;
      cpu += ((event.tdur ?? 0) * dur) / (event.dur ?? 1);
    }
    stack.push({ end: event.ts + dur, name: event.name, self: dur });
    if (event.name === 'UpdateLayoutTree' && event.args?.elementCount !== undefined)
      styleElements.push(event.args.elementCount);
    if (event.name === 'Layout' && event.args?.beginData)
      layoutObjects.push(
        `${event.args.beginData.dirtyObjects ?? '?'}/${event.args.beginData.totalObjects ?? '?'}`,
      );
  }
  close(Infinity);
  return { busyMs: busy / 1000, cpuMs: cpu / 1000, selfMs, styleElements, layoutObjects };
}

function main(file: string): void {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const thread = markThread(events);
  if (!thread) throw new Error(`${file}: no bench-stage-key mark`);
  for (const [i, window] of windows(events).entries()) {
    const summary = summarize(events, thread, window);
    const top = [...summary.selfMs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(
      `change ${i + 1}: window ${((window.to - window.from) / 1000).toFixed(1)} ms, main thread busy ${summary.busyMs.toFixed(1)} ms, its CPU ${summary.cpuMs.toFixed(1)} ms`,
    );
    for (const [name, ms] of top) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
    console.log(`  style recalcs (elements): ${summary.styleElements.join(', ') || '-'}`);
    console.log(`  layouts (dirty/total objects): ${summary.layoutObjects.join(', ') || '-'}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx scripts/trace-summary.ts FILE.trace.json');
    process.exit(2);
  }
  main(file);
}
