/**
 * Idle session (spec §4 "Session and idle", §9): after 10 minutes without activity a warning with a
 * countdown, at 15 minutes the session ends. The logout limit is the server's idle limit (the
 * page config's `session.idleMs`), the warning 5 minutes before it. Pure state plus a controller
 * whose clock and timers are injected, so tests drive it with fake timers and no DOM.
 */

export const IDLE_WARNING_MS = 10 * 60_000;
export const IDLE_LOGOUT_MS = 15 * 60_000;
/** How long before the logout the warning comes (spec §9: at 10 of 15 minutes). */
export const IDLE_WARNING_BEFORE_MS = IDLE_LOGOUT_MS - IDLE_WARNING_MS;
/** Activity closer together than this counts once (pointer moves and scrolls fire constantly). */
export const ACTIVITY_THROTTLE_MS = 1_000;

export type IdlePhase = 'active' | 'warning' | 'expired';

export interface IdleState {
  phase: IdlePhase;
  /** Milliseconds until logout (0 once expired). */
  remainingMs: number;
}

export interface IdleLimits {
  warningMs: number;
  logoutMs: number;
}

const DEFAULT_LIMITS: IdleLimits = { warningMs: IDLE_WARNING_MS, logoutMs: IDLE_LOGOUT_MS };

/**
 * The limits for a session the server ends after `idleMs` without a call (the page config's
 * `session.idleMs`; 15 minutes without one): logout then, the warning 5 minutes before, or at
 * once when the limit is shorter than that.
 */
export function idleLimits(idleMs: number | undefined): IdleLimits {
  if (idleMs === undefined || !Number.isFinite(idleMs) || idleMs <= 0) return DEFAULT_LIMITS;
  return { logoutMs: idleMs, warningMs: Math.max(0, idleMs - IDLE_WARNING_BEFORE_MS) };
}

/** Where a session stands `idleMs` after the last activity. */
export function idleState(idleMs: number, limits: IdleLimits = DEFAULT_LIMITS): IdleState {
  const remainingMs = Math.max(0, limits.logoutMs - idleMs);
  if (remainingMs === 0) return { phase: 'expired', remainingMs };
  return { phase: idleMs >= limits.warningMs ? 'warning' : 'active', remainingMs };
}

/** The countdown as minutes:seconds, rounding up so it shows 5:00 first and 0:00 only at the end. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export interface IdleClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const browserClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export interface IdleController {
  /** Records user activity; ignored while the warning is showing (the user must choose). */
  activity: () => void;
  /** 'Stay signed in': back to active, the idle time starts again. */
  stay: () => void;
  state: () => IdleState;
  stop: () => void;
}

/**
 * Watches idle time and calls `onChange` whenever the state changes and once a second during the
 * warning (for the countdown). Stops itself once expired.
 */
export function createIdleController(
  onChange: (state: IdleState) => void,
  clock: IdleClock = browserClock,
  limits: IdleLimits = DEFAULT_LIMITS,
): IdleController {
  let lastActivity = clock.now();
  let timer: unknown = null;
  let stopped = false;
  let current = idleState(0, limits);

  const schedule = (ms: number) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(tick, Math.max(0, ms));
  };

  function tick(): void {
    timer = null;
    if (stopped) return;
    const idleMs = clock.now() - lastActivity;
    current = idleState(idleMs, limits);
    onChange(current);
    if (current.phase === 'expired') {
      stopped = true;
      return;
    }
    if (current.phase === 'active') {
      schedule(limits.warningMs - idleMs);
    } else {
      // Next whole second of the countdown, or the logout moment.
      const toNextSecond = current.remainingMs % 1000 || 1000;
      schedule(Math.min(toNextSecond, current.remainingMs));
    }
  }

  const restart = () => {
    lastActivity = clock.now();
    const wasWarning = current.phase !== 'active';
    current = idleState(0, limits);
    if (wasWarning) onChange(current);
    schedule(limits.warningMs);
  };

  schedule(limits.warningMs);

  return {
    activity: () => {
      if (stopped || current.phase !== 'active') return;
      if (clock.now() - lastActivity < ACTIVITY_THROTTLE_MS) return;
      restart();
    },
    stay: () => {
      if (!stopped) restart();
    },
    state: () => current,
    stop: () => {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
