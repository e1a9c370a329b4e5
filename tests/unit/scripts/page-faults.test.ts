import { describe, expect, it } from 'vitest';
import { PROBE_PAGES, pageFaultLine, pageFaultMicros } from '../../../scripts/lib/page-faults';

describe('pageFaultMicros', () => {
  it('gives the median of its rounds, per page touched', () => {
    const pages: number[] = [];
    let round = 0;
    // Rounds of 100, 1 and 10 ms of busy work: the median round is 10 ms (far from both others, so
    // a busy machine's pauses do not change which round it is).
    const touch = (count: number) => {
      pages.push(count);
      const ms = [100, 1, 10][round++] ?? 0;
      const end = process.hrtime.bigint() + BigInt(ms * 1_000_000);
      while (process.hrtime.bigint() < end);
    };
    const micros = pageFaultMicros(3, touch);
    expect(pages).toEqual([PROBE_PAGES, PROBE_PAGES, PROBE_PAGES]);
    expect(micros).toBeGreaterThanOrEqual(10_000 / PROBE_PAGES);
    expect(micros).toBeLessThan(100_000 / PROBE_PAGES);
  });

  it('measures a real first touch: a positive time per page', () => {
    const micros = pageFaultMicros(1);
    expect(micros).toBeGreaterThan(0);
    expect(Number.isFinite(micros)).toBe(true);
  });
});

describe('pageFaultLine', () => {
  it('says the cost per fault and the memory touched', () => {
    expect(pageFaultLine(12.345)).toBe('page faults 12.3 µs each (first touch of 64 MiB)');
  });
});
