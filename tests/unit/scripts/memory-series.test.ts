import { describe, expect, it } from 'vitest';
import {
  fittedGrowth,
  judgeMemory,
  memoryTable,
  type MemorySample,
} from '../../../scripts/lib/memory-series';

const MB = 1024 * 1024;

function series(
  life: string,
  from: number,
  rss: (t: number) => number,
  heap: (t: number) => number,
) {
  const out: MemorySample[] = [];
  for (let t = from; t <= 600; t += 30) {
    out.push({
      t,
      life,
      rss: rss(t),
      heapUsed: heap(t),
      heapTotal: 100 * MB,
      external: 5 * MB,
      arrayBuffers: MB,
      spaces: {},
    });
  }
  return out;
}

describe('the soak memory verdict (scripts/lib/memory-series.ts)', () => {
  it('measures growth as the fitted line rise over the window, relative to its start', () => {
    expect(
      fittedGrowth([
        { t: 0, value: 100 },
        { t: 300, value: 105 },
      ]),
    ).toBeCloseTo(0.05);
    // One high sample in the middle does not make a flat series grow.
    const flat = [0, 30, 60, 90, 120].map((t) => ({ t, value: t === 60 ? 130 : 100 }));
    expect(fittedGrowth(flat)).toBeCloseTo(0);
  });

  it('judges each process life on the last 5 minutes: flat, growing, or not judged', () => {
    const samples = [
      ...series(
        'A',
        0,
        () => 300 * MB,
        () => 80 * MB,
      ).filter((s) => s.t <= 60),
      ...series(
        'A2',
        90,
        (t) => 300 * MB + t * 0.01 * MB,
        () => 80 * MB,
      ),
      // warm-up growth before 300 s, flat afterwards
      ...series(
        'B',
        0,
        (t) => (t < 300 ? 200 + t / 3 : 300) * MB,
        (t) => 70 * MB + t * 0.03 * MB,
      ),
    ];
    const verdicts = judgeMemory(samples, 300, 600);
    const by = Object.fromEntries(verdicts.map((v) => [v.life, v]));
    expect(by.A!.flat).toBeNull();
    expect(by.A2!.flat).toBe(true);
    expect(by.A2!.rssGrowth).toBeCloseTo(3 / 303, 3);
    // heapUsed 79 -> 88 MB over the window: 11.4% growth
    expect(by.B!.flat).toBe(false);
    expect(by.B!.rssGrowth).toBeCloseTo(0);
    expect(by.B!.heapGrowth).toBeGreaterThan(0.1);
    expect(by.B!.samplesInWindow).toBe(11);
  });

  it('judges RSS less the young generation, which V8 grows and shrinks on its own', () => {
    const samples = series(
      'B',
      0,
      (t) => (t % 60 ? 300 : 428) * MB,
      () => 80 * MB,
    ).map((s) => ({
      ...s,
      spaces: { new_space: (s.t % 60 ? 0 : 128) * MB },
    }));
    const [verdict] = judgeMemory(samples, 300, 600);
    expect(verdict!.rssGrowth).toBeCloseTo(0);
    expect(verdict!.flat).toBe(true);
  });

  it('judges heapUsed alone when asked to (RSS after heap snapshots)', () => {
    const samples = series(
      'B',
      0,
      (t) => (t < 400 ? 300 : 900) * MB,
      () => 80 * MB,
    );
    expect(judgeMemory(samples, 300, 600)[0]!.flat).toBe(false);
    expect(judgeMemory(samples, 300, 600, { rss: false })[0]!.flat).toBe(true);
  });

  it('prints time, process, RSS, heapUsed, heapTotal and external in MB', () => {
    const table = memoryTable(
      series(
        'B',
        570,
        () => 300 * MB,
        () => 80 * MB,
      ),
    ).split('\n');
    expect(table[0]).toMatch(
      /time\s+process\s+RSS MB\s+new space MB\s+heapUsed MB\s+heapTotal MB\s+external MB/,
    );
    expect(table[1]).toMatch(
      /^570 s\s+B\s+300\.0\s+0\.0\s+80\.0\s+100\.0\s+5\.0 \(arrayBuffers 1\.0\)$/,
    );
  });
});
