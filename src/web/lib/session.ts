/**
 * Browser-session state: the per-session id sent as X-Session-Id, the token pair, and the paths
 * used to return a user to where they were. All in sessionStorage, so closing the tab ends it.
 */
import { SESSION_KEYS } from '../../engine/session-storage-keys';
import type { SessionEndReason } from '@/generated/types/api/error';
import type { TokenPair } from '@/generated/types/api/token-pair';
import { forgetAllJourneys } from './journey-storage';

const {
  sessionId: SESSION_ID_KEY,
  accessToken: ACCESS_TOKEN_KEY,
  refreshToken: REFRESH_TOKEN_KEY,
  returnPath: RETURN_PATH_KEY,
  lastPath: LAST_PATH_KEY,
  actionId: ACTION_ID_KEY,
  clockOffset: CLOCK_OFFSET_KEY,
  signedOutReason: SIGNED_OUT_REASON_KEY,
} = SESSION_KEYS;

export type Role = 'account' | 'letter' | 'none';

export function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_ID_KEY, id);
  }
  return id;
}

export function accessToken(): string | null {
  return sessionStorage.getItem(ACCESS_TOKEN_KEY);
}

/**
 * The headers every portal call carries: the session id, and the bearer token when there is one
 * (the current access token unless another, or null for none, is given).
 */
export function sessionHeaders(
  token: string | null = accessToken(),
  extra: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = { ...extra, 'X-Session-Id': sessionId() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export function refreshToken(): string | null {
  return sessionStorage.getItem(REFRESH_TOKEN_KEY);
}

/**
 * How far this browser's clock is ahead of the server's (ms), measured when the last token pair
 * arrived (its issue time against the local time then). Expiry is judged on the local clock plus
 * this, so a computer whose clock is wrong by more than a token's life still keeps its session.
 */
function clockOffsetMs(): number {
  return Number(sessionStorage.getItem(CLOCK_OFFSET_KEY) ?? 0) || 0;
}

/** When an access token expires, on this browser's clock (epoch ms); null without an expiry. */
export function expiresAtMs(token: string | null): number | null {
  const exp = token ? decodeJwtPayload(token)?.exp : undefined;
  return typeof exp === 'number' ? exp * 1000 + clockOffsetMs() : null;
}

/** When an access token was issued, on this browser's clock (epoch ms); null without `iat`. */
export function issuedAtMs(token: string | null): number | null {
  const iat = token ? decodeJwtPayload(token)?.iat : undefined;
  return typeof iat === 'number' ? iat * 1000 + clockOffsetMs() : null;
}

export function saveTokens(tokens: TokenPair): void {
  const issuedAt = decodeJwtPayload(tokens.accessToken)?.iat;
  if (typeof issuedAt === 'number') {
    sessionStorage.setItem(CLOCK_OFFSET_KEY, String(Date.now() - issuedAt * 1000));
  }
  sessionStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  sessionStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  notify();
}

export function clearTokens(): void {
  sessionStorage.removeItem(CLOCK_OFFSET_KEY);
  sessionStorage.removeItem(ACCESS_TOKEN_KEY);
  sessionStorage.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

/** Signs out in this tab: tokens, remembered paths and journeys in progress go. */
export function clearSession(): void {
  sessionStorage.removeItem(RETURN_PATH_KEY);
  sessionStorage.removeItem(LAST_PATH_KEY);
  forgetAllJourneys();
  clearTokens();
}

/** The payload of a JWT, decoded without verification (the server verifies; we only route). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The last token roleOf decoded, with what it reads of it: every component that asks for the role
 * asks on each render (useRole's snapshot), and decoding is the cost, not the token's expiry.
 */
let decoded: { token: string; role: Role; exp: unknown } | null = null;

/** The role claim of an access token; 'none' when absent, unknown or expired. */
export function roleOf(token: string | null, nowMs = Date.now()): Role {
  if (!token) return 'none';
  if (decoded?.token !== token) {
    const payload = decodeJwtPayload(token);
    const role = payload?.role === 'account' || payload?.role === 'letter' ? payload.role : 'none';
    decoded = { token, role, exp: payload?.exp };
  }
  // As expiresAtMs, with the clock offset as it is now.
  const { exp } = decoded;
  if (typeof exp === 'number' && exp * 1000 + clockOffsetMs() < nowMs) return 'none';
  return decoded.role;
}

export function currentRole(): Role {
  return roleOf(accessToken());
}

/** The path a visitor was bounced from, restored once after sign-in. */
export function rememberReturnPath(path: string): void {
  sessionStorage.setItem(RETURN_PATH_KEY, path);
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(RETURN_PATH_KEY);
  sessionStorage.removeItem(RETURN_PATH_KEY);
  return path;
}

/** The last signed-in page, where a signed-in user visiting /login is sent back to. */
export function rememberLastPath(path: string): void {
  sessionStorage.setItem(LAST_PATH_KEY, path);
}

export function lastPath(): string | null {
  return sessionStorage.getItem(LAST_PATH_KEY);
}

/** The actionID query parameter of a link the user followed (kept for link-action analytics). */
export function rememberActionId(actionId: string): void {
  sessionStorage.setItem(ACTION_ID_KEY, actionId);
}

/** The remembered actionID, once: the sign-in that follows reports it as a link action. */
export function takeActionId(): string | null {
  const actionId = sessionStorage.getItem(ACTION_ID_KEY);
  sessionStorage.removeItem(ACTION_ID_KEY);
  return actionId;
}

/**
 * Why a session ended, as the sign-in page tells it (SessionEndReason, the error body's `reason`):
 * `idle` (no activity for the idle limit: the server's refusal or the browser's own idle logout),
 * `limit` (the session's absolute limit) or `ended` (signed out elsewhere, revoked, or any other
 * refusal). Every reason of the schema is a key here, which the compiler checks both ways.
 */
const SESSION_END_REASONS: Record<SessionEndReason, true> = {
  idle: true,
  limit: true,
  ended: true,
};

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && Object.hasOwn(SESSION_END_REASONS, value);
}

/** Keeps why the session ended for the sign-in page that follows (which tells it once). */
export function rememberSignOutReason(reason: SessionEndReason): void {
  sessionStorage.setItem(SIGNED_OUT_REASON_KEY, reason);
}

/** Why the last session ended, while the sign-in page has not told it yet. */
export function signOutReason(): SessionEndReason | null {
  const reason = sessionStorage.getItem(SIGNED_OUT_REASON_KEY);
  return isSessionEndReason(reason) ? reason : null;
}

export function forgetSignOutReason(): void {
  sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: token changes in this tab. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
