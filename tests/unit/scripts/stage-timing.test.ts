import { describe, expect, it } from 'vitest';
import {
  changeMs,
  interactionDuration,
  markTimes,
  stageReport,
  stageRows,
  type EventEntryLike,
  type StageChange,
} from '../../../scripts/lib/stage-timing';

describe('interactionDuration', () => {
  const entries: EventEntryLike[] = [
    { name: 'pointerdown', startTime: 100, duration: 24, interactionId: 7 },
    { name: 'keydown', startTime: 1000.4, duration: 48, interactionId: 9 },
    { name: 'keypress', startTime: 1001, duration: 40, interactionId: 9 },
    // The click Enter makes on a button belongs to the key's interaction and lasted longest.
    { name: 'click', startTime: 1001.2, duration: 64, interactionId: 9 },
    { name: 'keydown', startTime: 2000, duration: 200, interactionId: 11 },
  ];

  it("takes the longest entry of the keydown's interaction", () => {
    expect(interactionDuration(entries, 1000.4)).toBe(64);
    expect(interactionDuration(entries, 2000)).toBe(200);
  });

  it('matches the keydown by its start, within a millisecond', () => {
    expect(interactionDuration(entries, 1000.9)).toBe(64);
    expect(interactionDuration(entries, 1500)).toBeNaN();
  });

  it('is NaN when the keydown has no entry (it took less than the threshold)', () => {
    expect(interactionDuration([], 1000)).toBeNaN();
    expect(interactionDuration(entries.slice(0, 1), 100)).toBeNaN();
  });

  it('uses the keydown alone when it has no interaction id', () => {
    const lone: EventEntryLike[] = [
      { name: 'keydown', startTime: 5, duration: 32, interactionId: 0 },
      { name: 'click', startTime: 6, duration: 96, interactionId: 0 },
    ];
    expect(interactionDuration(lone, 5)).toBe(32);
  });
});

describe('changeMs', () => {
  it("takes the page's mark when Event Timing has no entry", () => {
    expect(changeMs(63.4, Number.NaN)).toBe(63.4);
  });
  it("takes Event Timing's duration when the frame was presented after the mark", () => {
    expect(changeMs(63.4, 72)).toBe(72);
  });
  it('keeps the mark when the stage was drawn after the first frame', () => {
    expect(changeMs(140.2, 56)).toBe(140.2);
  });
});

const change = (
  journey: string,
  from: string,
  to: string,
  ms: number,
  firstPaintMs = Number.NaN,
  markMs = ms,
): StageChange => ({ journey, from, to, ms, markMs, firstPaintMs });

describe('stageRows', () => {
  it('groups the runs of each stage change, in the order measured, with median and worst', () => {
    const rows = stageRows([
      change('one-time', 'arrangement', 'contact-details', 80, 48),
      change('one-time', 'contact-details', 'funding', 40),
      change('plan', 'arrangement', 'contact-details', 120, 56),
      change('one-time', 'arrangement', 'contact-details', 60, 40),
      change('one-time', 'contact-details', 'funding', 50),
      change('one-time', 'arrangement', 'contact-details', 200, Number.NaN),
    ]);
    expect(rows).toEqual([
      {
        journey: 'one-time',
        change: 'arrangement → contact-details',
        runs: 3,
        medianMs: 80,
        worstMs: 200,
        markMs: 80,
        firstPaintMs: 44,
      },
      {
        journey: 'one-time',
        change: 'contact-details → funding',
        runs: 2,
        medianMs: 45,
        worstMs: 50,
        markMs: 45,
        firstPaintMs: Number.NaN,
      },
      {
        journey: 'plan',
        change: 'arrangement → contact-details',
        runs: 1,
        medianMs: 120,
        worstMs: 120,
        markMs: 120,
        firstPaintMs: 56,
      },
    ]);
  });
});

describe('stageReport', () => {
  it('prints a table, then the median and worst of every stage change', () => {
    const report = stageReport([
      change('one-time payment', 'arrangement', 'contact-details', 81.25, 48),
      change('one-time payment', 'disclosure', 'summary', 40),
      change('payment plan', 'arrangement', 'contact-details', 96, 96, 90.5),
    ]);
    expect(report.split('\n')).toEqual([
      'journey          | stage change                  | ms (median) | worst ms | page mark ms | first paint ms (Event Timing)',
      'one-time payment | arrangement → contact-details |        81.3 |     81.3 |         81.3 |                          48.0',
      'one-time payment | disclosure → summary          |        40.0 |     40.0 |         40.0 |                           <16',
      'payment plan     | arrangement → contact-details |        96.0 |     96.0 |         90.5 |                          96.0',
      'All 3 stage changes (1 run of each journey): median 81.3 ms, worst 96.0 ms',
    ]);
  });

  it('says so when nothing was measured', () => {
    expect(stageReport([]).split('\n').at(-1)).toBe(
      'All 0 stage changes (0 runs of each journey): median - ms, worst - ms',
    );
  });
});

describe('markTimes', () => {
  // (root) 1 > listener 2 > benchStageKeyMark 3 > now 4; idle 5.
  const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0 });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 5] },
      { id: 2, callFrame: frame('listener'), children: [3] },
      { id: 3, callFrame: frame('benchStageKeyMark'), children: [4] },
      { id: 4, callFrame: frame('now') },
      { id: 5, callFrame: frame('(idle)') },
    ],
    startTime: 1_000_000,
    // µs after the previous sample: a run of the mark (in it and in what it calls) at 1,000,100,
    // the listener, idle 20 ms, then a second run at 1,020,400.
    samples: [3, 4, 3, 2, 5, 4, 3],
    timeDeltas: [100, 100, 100, 100, 20_000, 100, 100],
  };

  it('gives the first sample of each run of the function, counting what it calls', () => {
    expect(markTimes(profile, 'benchStageKeyMark')).toEqual([1_000_100, 1_020_500]);
  });

  it('is empty when the function was never sampled', () => {
    expect(markTimes(profile, 'elsewhere')).toEqual([]);
  });
});
