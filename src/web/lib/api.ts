import { accessToken, clearTokens, sessionId } from './session';

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

let onUnauthorized: () => void = () => undefined;

/** Called after a signed-in call answers 401 (tokens are already cleared). */
export function setUnauthorizedHandler(handler: () => void): void {
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
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    'X-Session-Id': sessionId(),
  };
  const token = accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const url = search.size > 0 ? `${path}?${search.toString()}` : path;

  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const body = parseBody(text);
  if (response.status === 200) return body as T;
  if (response.status === 401 && token) {
    clearTokens();
    onUnauthorized();
  }
  throw new ApiError(response.status, body);
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
