import { describe, expect, it } from 'vitest';
import { frameName, summarize, type CpuProfile } from '../../../scripts/profile-summary';

const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

/** root → handler → (query, idle); samples every 100 µs from t = 1000. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    { id: 2, callFrame: frame('handler', 'file:///repo/src/server/routes/x.ts', 9), children: [3] },
    { id: 3, callFrame: frame('query', 'file:///repo/node_modules/kysely/dist/q.js', 0) },
    { id: 4, callFrame: frame('(idle)') },
  ],
  startTime: 1000,
  samples: [2, 3, 3, 4, 3, 2],
  timeDeltas: [100, 100, 100, 100, 100, 100],
};

describe('profile-summary', () => {
  it('names a frame by function and file, relative to src/ or node_modules/', () => {
    expect(frameName(profile.nodes[1]!.callFrame)).toBe('handler src/server/routes/x.ts:10');
    expect(frameName(profile.nodes[2]!.callFrame)).toBe('query kysely/dist/q.js:1');
  });

  it('adds self and inclusive time, leaving idle samples out of the busy time', () => {
    const all = summarize(profile);
    expect(all.totalMicros).toBe(600);
    expect(all.busyMicros).toBe(500);
    expect(all.self.get('query kysely/dist/q.js:1')).toBe(300);
    expect(all.self.get('handler src/server/routes/x.ts:10')).toBe(200);
    expect(all.inclusive.get('handler src/server/routes/x.ts:10')).toBe(500);
  });

  it('keeps only the samples of a window', () => {
    // Samples at 1100, 1200, ..., 1600: the window 1250-1450 holds 1300 and 1400.
    const window = summarize(profile, 1250, 1450);
    expect(window.totalMicros).toBe(200);
    expect(window.busyMicros).toBe(100);
    expect(window.self.get('query kysely/dist/q.js:1')).toBe(100);
  });
});
