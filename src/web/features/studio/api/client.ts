/**
 * The studio's calls to its API (/studio/api, issue 24): the session is the HttpOnly cookie the
 * sign-in set (`__Host-`, Path=/; Path=/studio on plain http to a loopback host); the CSRF token the sign-in (or GET /me after a reload) answers is
 * kept in memory only and sent as X-CSRF-Token on every POST, PUT and DELETE. A 401 means the
 * session is over: the studio goes back to its sign-in. Errors are the portal's ApiError, so the
 * shared query client does not retry a refusal.
 */
import { ApiError } from '@/web/lib/api';
import { currentLanguage } from '@/web/lib/i18n';

export const STUDIO_API = '/studio/api';

let csrfToken: string | null = null;
let onUnauthorized: () => void = () => undefined;

/** The session's CSRF token (from the sign-in or GET /me), or null when signed out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a call other than the sign-in is answered 401: the session has ended. */
export function setStudioUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One studio call; resolves with the parsed answer (undefined for 204), rejects with ApiError. */
export async function studioCall<T>(
  method: Method,
  path: string,
  options: { body?: unknown; query?: Record<string, string | number | undefined> } = {},
): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  const response = await fetch(`${STUDIO_API}${path}${search}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const body = parse(await response.text());
  if (response.status === 401 && path !== '/sign-in') {
    csrfToken = null;
    onUnauthorized();
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
