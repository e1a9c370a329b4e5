import { describe, expect, it } from 'vitest';
import {
  figuresTable,
  machineLoad,
  median,
  medianFigures,
  pageFigures,
  type LighthouseResultLike,
  type PageFigures,
} from '../../../scripts/bench-web';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([120, 95, 4000])).toBe(120);
    expect(median([7])).toBe(7);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves NaN out, and is NaN with nothing to take', () => {
    expect(median([Number.NaN, 5, 1])).toBe(3);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });

  it('does not reorder its argument', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

function lhr(overrides: Partial<LighthouseResultLike> = {}): LighthouseResultLike {
  return {
    categories: { performance: { score: 0.93 } },
    audits: {
      'first-contentful-paint': { numericValue: 1100.6 },
      'largest-contentful-paint': { numericValue: 2150.4 },
      'total-blocking-time': { numericValue: 120 },
      'cumulative-layout-shift': { numericValue: 0.012 },
      'total-byte-weight': { numericValue: 310_000 },
      'mainthread-work-breakdown': { numericValue: 2_345.6 },
      'network-requests': {
        details: {
          type: 'table',
          items: [
            { url: '/', resourceType: 'Document', transferSize: 4000 },
            { url: '/assets/a.js', resourceType: 'Script', transferSize: 100_000 },
            { url: '/assets/b.js', resourceType: 'Script', transferSize: 2_400 },
            { url: '/assets/c.css', resourceType: 'Stylesheet', transferSize: 9_000 },
            { url: '/api/x', resourceType: 'Fetch', transferSize: 700 },
          ],
        },
      },
    },
    environment: { benchmarkIndex: 2702.5 },
    ...overrides,
  };
}

describe('pageFigures', () => {
  it('reads the score (0 to 100), the metrics and the scripts’ transfer size', () => {
    expect(pageFigures(lhr())).toEqual({
      score: 93,
      fcpMs: 1100.6,
      lcpMs: 2150.4,
      tbtMs: 120,
      cls: 0.012,
      totalBytes: 310_000,
      scriptBytes: 102_400,
      mainThreadMs: 2_345.6,
      hostIndex: 2702.5,
    });
  });

  it('gives NaN for what a result lacks', () => {
    const figures = pageFigures({ categories: { performance: { score: null } }, audits: {} });
    expect(Object.values(figures).every(Number.isNaN)).toBe(true);
  });
});

describe('medianFigures', () => {
  it('takes the median of each figure on its own', () => {
    const run = (score: number, lcpMs: number, scriptBytes: number): PageFigures => ({
      score,
      fcpMs: 900,
      lcpMs,
      tbtMs: 0,
      cls: 0,
      totalBytes: 1000,
      scriptBytes,
      mainThreadMs: 2000,
      hostIndex: 2700,
    });
    expect(medianFigures([run(90, 3000, 10), run(99, 1000, 30), run(95, 2000, 20)])).toEqual(
      run(95, 2000, 20),
    );
  });
});

describe('figuresTable', () => {
  it('prints one aligned row per route, JS in KB and "-" for a missing figure', () => {
    const table = figuresTable([
      { route: '/login', figures: pageFigures(lhr()) },
      {
        route: '/dashboard (signed in)',
        figures: { ...pageFigures(lhr()), tbtMs: Number.NaN },
      },
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^route +\| score \| FCP ms \| LCP ms \| TBT ms \|/);
    expect(lines[1]).toMatch(
      /^\/login +\| +93 \| +1101 \| +2150 \| +120 \| 0\.012 \| +310000 \| +100\.0 \| +2346 \| +2703$/,
    );
    expect(lines[2]).toMatch(/\| +- \|/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});

describe('machineLoad', () => {
  it('prints the three load averages and says when the machine is busy', () => {
    expect(machineLoad([0.25, 0.5, 0.75], 2)).toBe(
      'load average 0.25 / 0.50 / 0.75 (1/5/15 min) on 2 cores',
    );
    expect(machineLoad([1.9, 1, 1], 2)).toMatch(/busy/);
  });
});
