import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIdleController,
  formatCountdown,
  idleLimits,
  idleState,
  type IdleClock,
  type IdleState,
} from '../../../src/web/lib/idle';

const MIN = 60_000;

const fakeClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('idleState', () => {
  it('is active before 10 minutes, a warning until 15, then expired', () => {
    expect(idleState(0)).toEqual({ phase: 'active', remainingMs: 15 * MIN });
    expect(idleState(10 * MIN - 1).phase).toBe('active');
    expect(idleState(10 * MIN)).toEqual({ phase: 'warning', remainingMs: 5 * MIN });
    expect(idleState(15 * MIN - 1).phase).toBe('warning');
    expect(idleState(15 * MIN)).toEqual({ phase: 'expired', remainingMs: 0 });
    expect(idleState(20 * MIN).remainingMs).toBe(0);
  });
});

describe('idleLimits', () => {
  it("logs out at the server's idle limit and warns 5 minutes before it", () => {
    expect(idleLimits(15 * MIN)).toEqual({ warningMs: 10 * MIN, logoutMs: 15 * MIN });
    expect(idleLimits(30 * MIN)).toEqual({ warningMs: 25 * MIN, logoutMs: 30 * MIN });
    expect(idleLimits(5 * MIN + 1)).toEqual({ warningMs: 1, logoutMs: 5 * MIN + 1 });
  });

  it('warns at once, never before the start, when the limit is 5 minutes or less', () => {
    expect(idleLimits(5 * MIN)).toEqual({ warningMs: 0, logoutMs: 5 * MIN });
    expect(idleLimits(6_000)).toEqual({ warningMs: 0, logoutMs: 6_000 });
  });

  it('keeps 10 and 15 minutes without a usable limit in the page config', () => {
    for (const idleMs of [undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(idleLimits(idleMs)).toEqual({ warningMs: 10 * MIN, logoutMs: 15 * MIN });
    }
  });

  it('idleState follows the limits it is given', () => {
    const limits = idleLimits(20 * MIN);
    expect(idleState(15 * MIN - 1, limits).phase).toBe('active');
    expect(idleState(15 * MIN, limits)).toEqual({ phase: 'warning', remainingMs: 5 * MIN });
    expect(idleState(20 * MIN, limits)).toEqual({ phase: 'expired', remainingMs: 0 });
  });
});

describe('formatCountdown', () => {
  it('shows minutes:seconds from 5:00 down to 0:00, rounding up', () => {
    expect(formatCountdown(5 * MIN)).toBe('5:00');
    expect(formatCountdown(5 * MIN - 1)).toBe('5:00');
    expect(formatCountdown(4 * MIN + 59_000)).toBe('4:59');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('createIdleController', () => {
  let states: IdleState[];
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = () => createIdleController((state) => states.push(state), fakeClock);

  it('warns at 10 minutes, counts down every second, and expires at 15', () => {
    const idle = start();
    vi.advanceTimersByTime(10 * MIN - 1);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(states.at(-1)).toEqual({ phase: 'warning', remainingMs: 5 * MIN });
    vi.advanceTimersByTime(1000);
    expect(formatCountdown(states.at(-1)!.remainingMs)).toBe('4:59');
    vi.advanceTimersByTime(5 * MIN - 1000);
    expect(states.at(-1)).toEqual({ phase: 'expired', remainingMs: 0 });
    const count = states.length;
    vi.advanceTimersByTime(10 * MIN);
    expect(states).toHaveLength(count);
    expect(idle.state().phase).toBe('expired');
  });

  it('activity restarts the idle time, at most once a second', () => {
    const idle = start();
    vi.advanceTimersByTime(9 * MIN);
    idle.activity();
    vi.advanceTimersByTime(9 * MIN);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(MIN);
    expect(states.at(-1)?.phase).toBe('warning');
  });

  it('ignores activity during the warning; Stay signed in goes back to active', () => {
    const idle = start();
    vi.advanceTimersByTime(11 * MIN);
    idle.activity();
    expect(idle.state().phase).toBe('warning');
    idle.stay();
    expect(states.at(-1)).toEqual({ phase: 'active', remainingMs: 15 * MIN });
    vi.advanceTimersByTime(10 * MIN - 1);
    expect(idle.state().phase).toBe('active');
    vi.advanceTimersByTime(1);
    expect(idle.state().phase).toBe('warning');
  });

  it('stop ends every timer (sign-out)', () => {
    const idle = start();
    idle.stop();
    vi.advanceTimersByTime(30 * MIN);
    expect(states).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('warns and logs out by the limits it is given', () => {
    const idle = createIdleController(
      (state) => states.push(state),
      fakeClock,
      idleLimits(20 * MIN),
    );
    vi.advanceTimersByTime(15 * MIN - 1);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(states.at(-1)).toEqual({ phase: 'warning', remainingMs: 5 * MIN });
    vi.advanceTimersByTime(5 * MIN);
    expect(idle.state()).toEqual({ phase: 'expired', remainingMs: 0 });
  });

  it('with a limit under 5 minutes, warns at once and counts down to it', () => {
    const idle = createIdleController((state) => states.push(state), fakeClock, idleLimits(6_000));
    vi.advanceTimersByTime(0);
    expect(states[0]).toEqual({ phase: 'warning', remainingMs: 6_000 });
    expect(formatCountdown(states[0]!.remainingMs)).toBe('0:06');
    vi.advanceTimersByTime(6_000);
    expect(idle.state().phase).toBe('expired');
  });
});
