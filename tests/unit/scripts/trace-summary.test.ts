import { describe, expect, it } from 'vitest';
import { summarize, windows, type TraceEvent } from '../../../scripts/trace-summary';

const thread = { pid: 1, tid: 7 };
const x = (name: string, ts: number, dur: number, args?: TraceEvent['args']): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  tdur: dur / 2,
  ...thread,
  ...(args ? { args } : {}),
});
const mark = (name: string, ts: number): TraceEvent => ({ name, ph: 'R', ts, ...thread });

describe('windows', () => {
  it('pairs each key mark with the next painted mark', () => {
    const events = [
      mark('bench-stage-key', 100),
      mark('bench-stage-painted', 900),
      mark('bench-stage-key', 2000),
      mark('bench-stage-painted', 2500),
    ];
    expect(windows(events)).toEqual([
      { from: 100, to: 900 },
      { from: 2000, to: 2500 },
    ]);
  });

  it('leaves out a key mark with no paint after it', () => {
    expect(windows([mark('bench-stage-key', 100)])).toEqual([]);
  });
});

describe('summarize', () => {
  it("gives each event's self time, its children's taken out, within the window", () => {
    const events = [
      x('RunTask', 1000, 5000),
      x('FunctionCall', 1200, 3000),
      x('UpdateLayoutTree', 2000, 1000, { elementCount: 66 }),
      x('Layout', 4500, 400, { beginData: { dirtyObjects: 12, totalObjects: 240 } }),
      // Another thread and outside the window: not counted.
      { ...x('Paint', 1500, 800), tid: 8 },
      x('Paint', 9000, 800),
    ];
    const summary = summarize(events, thread, { from: 1000, to: 8000 });
    expect(summary.busyMs).toBe(5);
    expect(summary.cpuMs).toBe(2.5);
    expect(Object.fromEntries(summary.selfMs)).toEqual({
      RunTask: 1.6,
      FunctionCall: 2,
      UpdateLayoutTree: 1,
      Layout: 0.4,
    });
    expect(summary.styleElements).toEqual([66]);
    expect(summary.layoutObjects).toEqual(['12/240']);
  });
});
