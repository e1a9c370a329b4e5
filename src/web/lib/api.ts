import {
  accessToken,
  clearTokens,
  expiresAtMs,
  isSessionEndReason,
  refreshToken,
  saveTokens,
  sessionHeaders,
} from './session';
import type { SessionEndReason } from '@/generated/types/api/error';
import type { TokenPair } from '@/generated/types/api/token-pair';

/** A non-200/204 answer: the status and the parsed body (JSON when possible, else text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

let onUnauthorized: (reason: SessionEndReason) => void = () => undefined;

/**
 * Called when the session ends in this tab (tokens already cleared): a refused refresh, with the
 * reason its 401 gave (`idle`, `limit`; `ended` for any other or none), or a signed-in call still
 * refused after renewal (`ended`).
 */
export function setUnauthorizedHandler(handler: (reason: SessionEndReason) => void): void {
  onUnauthorized = handler;
}

let language = 'en';

/** The language sent as Accept-Language, so server messages match the page. */
export function setApiLanguage(value: string): void {
  language = value;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The Accept header; JSON unless the answer is a file. */
  accept?: string;
  /** Headers of the call itself, such as `Idempotency-Key`. */
  headers?: Record<string, string>;
}

const REFRESH_PATH = '/api/Authorization/Refresh';
const LOGOUT_PATH = '/api/Authorization/Logout';
/** A token this close to its expiry is renewed before it is sent. */
const EXPIRY_MARGIN_MS = 5_000;

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair (POST Authorization/Refresh; each refresh token works
 * once, so concurrent callers share one call). True when new tokens are saved. A refused refresh
 * (401: used, revoked, expired, or the session over on the server) ends the session in this tab,
 * with the reason the answer gives; a network failure keeps the tokens, so the next call can try
 * again. The server counts a refresh as the session's activity.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const presented = refreshToken();
    if (!presented) return false;
    try {
      const response = await fetch(REFRESH_PATH, {
        method: 'POST',
        headers: sessionHeaders(null, {
          Accept: 'application/json',
          'Content-Type': 'application/json',
        }),
        body: JSON.stringify({ refreshToken: presented }),
      });
      if (response.status === 200) {
        const tokens = (await response.json()) as TokenPair;
        // Signed out (or in again) while the call was out: the answer is not this tab's any more.
        if (refreshToken() !== presented) return false;
        saveTokens(tokens);
        return true;
      }
      // Only a refusal of the refresh token still held ends the session (a sign-in may have
      // saved a new pair meanwhile).
      if (response.status === 401) {
        const reason = await refusalReason(response);
        if (refreshToken() === presented) endSession(reason);
      }
      return false;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Why the server refused a refresh (its 401 body's `reason`); `ended` when it does not say. */
async function refusalReason(response: Response): Promise<SessionEndReason> {
  const body = parseBody(await response.text().catch(() => ''));
  const reason = (body as { reason?: unknown } | undefined)?.reason;
  return isSessionEndReason(reason) ? reason : 'ended';
}

function endSession(reason: SessionEndReason): void {
  clearTokens();
  onUnauthorized(reason);
}

/** The access token to send: renewed first when it has expired or is about to (a tab woken up). */
async function currentAccessToken(): Promise<string | null> {
  const token = accessToken();
  const expiresAt = expiresAtMs(token);
  if (token && expiresAt !== null && expiresAt - Date.now() < EXPIRY_MARGIN_MS) {
    await refreshSession();
    return accessToken();
  }
  return token;
}

/**
 * A call's 200 answer, unread (null for 204): for answers that are files. Any other status throws
 * ApiError with the parsed body. A 401 on a signed-in call renews the session once and repeats the
 * call; if that fails the session ends here (tokens cleared, the unauthorized handler called).
 */
export async function apiResponse(
  path: string,
  options: RequestOptions = {},
): Promise<Response | null> {
  const token = await currentAccessToken();
  let response =
    (await pageStartedAnswer(path, options, token)) ?? (await send(path, options, token));
  if (response.status === 401 && token && (await refreshSession())) {
    response = await send(path, options, accessToken());
  }
  if (response.status === 204) return null;
  if (response.status === 200) return response;
  const body = parseBody(await response.text());
  if (response.status === 401 && token && accessToken() !== null) endSession('ended');
  throw new ApiError(response.status, body);
}

/** A call's 200 answer parsed (JSON, else text); undefined for 204. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  return (response === null ? undefined : parseBody(await response.text())) as T;
}

/** What the page's own script (src/server/http/page-requests.ts) keeps of the requests it started. */
interface PageStartedRequests {
  token: string;
  language: string;
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    portalPageRequests?: PageStartedRequests;
  }
}

/**
 * The answer to a plain GET that the page itself started before the app's code had run (the
 * first data of a signed-in screen, src/web/app/page-requests.ts), taken once: only for the same
 * address, token and language, and not a 401 (the call is then made again, renewing the session)
 * or a network failure. Undefined when there is none: the call is sent as usual.
 */
async function pageStartedAnswer(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response | undefined> {
  const started = window.portalPageRequests;
  if (!started || options.method !== undefined || options.body !== undefined) return undefined;
  if (options.accept !== undefined || options.headers !== undefined) return undefined;
  const address = addressOf(path, options.query);
  const answer = started.answers[address];
  if (!answer) return undefined;
  delete started.answers[address];
  const response = await answer.catch(() => undefined);
  const usable = started.token === token && started.language === language;
  if (response && response.status !== 401 && usable) return response;
  // Not taken: its body is let go, so the browser can reuse the connection.
  void response?.body?.cancel().catch(() => undefined);
  return undefined;
}

function addressOf(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = sessionHeaders(token, {
    Accept: options.accept ?? 'application/json',
    'Accept-Language': language,
    ...options.headers,
  });
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  return fetch(addressOf(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Ends the session on the server too (POST Authorization/Logout), so its tokens stop working even
 * if a copy was taken. Fire-and-forget with keepalive: signing out never waits for the network.
 * The refresh token goes in the body, which also covers an access token that has expired.
 */
export function revokeServerSession(): void {
  const token = accessToken();
  const refresh = refreshToken();
  if (!token && !refresh) return;
  void fetch(LOGOUT_PATH, {
    method: 'POST',
    keepalive: true,
    headers: sessionHeaders(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(refresh ? { refreshToken: refresh } : {}),
  }).catch(() => undefined);
}
