/**
 * Keeps a signed-in session's access token (15 minutes) alive for as long as the idle watcher
 * keeps the session (spec §4 "Session and idle": the idle rules, not the token's lifetime, decide
 * when an active user is signed out). A minute before the token expires it is exchanged for a new
 * pair; each new pair schedules the next renewal. Started and stopped by the idle watcher, so an
 * idle session that reaches its logout is never renewed past it.
 */
import { refreshSession } from './api';
import { browserClock, type IdleClock } from './idle';
import { accessToken, expiresAtMs, subscribeToSession } from './session';

/** How long before its expiry a token is renewed. */
export const RENEW_BEFORE_MS = 60_000;
/** A renewal that failed (no network) is tried again after this, while the token lasts. */
export const RETRY_MS = 10_000;

export function startTokenKeeper(
  clock: IdleClock = browserClock,
  renew: () => Promise<boolean> = refreshSession,
): () => void {
  let timer: unknown = null;
  let scheduledFor: string | null = null;
  let stopped = false;

  const schedule = () => {
    const token = accessToken();
    if (token === scheduledFor) return;
    scheduledFor = token;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const expiresAt = expiresAtMs(token);
    if (token === null || expiresAt === null) return;
    arm(expiresAt - RENEW_BEFORE_MS - clock.now(), token, expiresAt);
  };

  const arm = (delayMs: number, token: string, expiresAt: number) => {
    timer = clock.setTimeout(
      () => {
        timer = null;
        void renew().then((renewed) => {
          const retryAt = clock.now() + RETRY_MS;
          if (!renewed && !stopped && accessToken() === token && retryAt < expiresAt) {
            arm(RETRY_MS, token, expiresAt);
          }
        });
      },
      Math.max(0, delayMs),
    );
  };

  schedule();
  const unsubscribe = subscribeToSession(schedule);
  return () => {
    stopped = true;
    unsubscribe();
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
}
