/**
 * Keeps a signed-in session's access token (15 minutes) alive for as long as the idle watcher
 * keeps the session (spec §4 "Session and idle": the idle rules, not the token's lifetime, decide
 * when an active user is signed out). A minute before the token expires it is exchanged for a new
 * pair; each new pair schedules the next renewal. Started and stopped by the idle watcher, so an
 * idle session that reaches its logout is never renewed past it.
 *
 * A session also has an absolute end on the server (12 hours after sign-in), which no token
 * outlives: the refresh token expires then, and an access token issued near it expires with it.
 * Such a token cannot be renewed usefully (its successor would expire at the same moment), so it
 * is not: at the session's end the keeper makes the one refresh the server refuses (`limit`), and
 * the user is taken to sign-in, told why, at that moment rather than at their next click.
 */
import { refreshSession } from './api';
import { browserClock, type IdleClock } from './idle';
import { accessToken, expiresAtMs, issuedAtMs, refreshToken, subscribeToSession } from './session';

/** How long before its expiry a token is renewed. */
export const RENEW_BEFORE_MS = 60_000;
/** A renewal that failed (no network) is tried again after this, while the token lasts. */
export const RETRY_MS = 10_000;
/**
 * How long after the session's end (on this browser's clock) its last refresh is sent, so that it
 * reaches the server once the end has passed there too.
 */
export const END_MARGIN_MS = 1_000;

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
    // The refresh token expires when the session does.
    const sessionEnd = expiresAtMs(refreshToken());
    if (sessionEnd !== null && expiresAt >= sessionEnd) {
      atSessionEnd(sessionEnd + END_MARGIN_MS - clock.now(), token);
      return;
    }
    // A token that lives less than two minutes (a short idle limit) is renewed half way through.
    const issuedAt = issuedAtMs(token);
    const lifetime = issuedAt === null ? Infinity : expiresAt - issuedAt;
    arm(expiresAt - Math.min(RENEW_BEFORE_MS, lifetime / 2) - clock.now(), token, expiresAt);
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

  /**
   * The session's last refresh: refused by the server, it ends the session in this tab. Tried
   * again while it finds no answer (no network) and the tab still holds the same tokens.
   */
  const atSessionEnd = (delayMs: number, token: string) => {
    timer = clock.setTimeout(
      () => {
        timer = null;
        void renew().then((renewed) => {
          if (!renewed && !stopped && accessToken() === token) atSessionEnd(RETRY_MS, token);
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
