import { describe, expect, it } from 'vitest';
import { parseProcStat, readProcStat } from '../../../scripts/lib/proc-stat';

describe('proc-stat', () => {
  it('counts the fields from the last parenthesis: a name may hold ") "', () => {
    const text = '4242 (a) b (c) S 17 4242 4242 0 -1 4194560 900 0 3 0 153 27 0 0 20 0 1 0\n';
    expect(parseProcStat(text)).toEqual({ name: 'a) b (c', ppid: 17, user: 1530, system: 270 });
  });

  it("reads this process's own file: its parent, and some CPU time", () => {
    const own = readProcStat(`/proc/${process.pid}/stat`);
    expect(own?.ppid).toBe(process.ppid);
    expect((own?.user ?? 0) + (own?.system ?? 0)).toBeGreaterThan(0);
  });

  it('gives undefined for a process that is not there', () => {
    expect(readProcStat('/proc/0/stat')).toBeUndefined();
  });
});
