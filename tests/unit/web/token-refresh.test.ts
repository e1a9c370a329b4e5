// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  refreshSession,
  setUnauthorizedHandler,
} from '../../../src/web/lib/api';
import type { SessionEndReason } from '../../../src/generated/types/api/error';
import { accessToken, refreshToken, saveTokens } from '../../../src/web/lib/session';
import {
  END_MARGIN_MS,
  RENEW_BEFORE_MS,
  RETRY_MS,
  startTokenKeeper,
} from '../../../src/web/lib/token-keeper';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned token with the given expiry (seconds from now); the browser only reads claims. */
const jwt = (name: string, expiresInSeconds: number) =>
  `${base64url({ alg: 'HS256' })}.${base64url({
    role: 'account',
    name,
    exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
  })}.sig`;

interface Call {
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/** A stand-in for the portal API: a protected route accepting only `valid`, and Refresh. */
function fakeServer(options: { valid: Set<string>; refresh: (token: string) => Response }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, authorization: headers.Authorization, body });
    if (url === '/api/Authorization/Refresh') {
      return options.refresh((body as { refreshToken: string }).refreshToken);
    }
    const bearer = headers.Authorization?.replace('Bearer ', '') ?? '';
    if (!options.valid.has(bearer)) return new Response('{"message":"expired"}', { status: 401 });
    return Response.json({ ok: true });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const pair = (name: string, expiresInSeconds = 900) => ({
  accessToken: jwt(name, expiresInSeconds),
  refreshToken: `refresh-${name}-0123456789`,
});

describe('token refresh in the API client', () => {
  let signedOut = 0;
  beforeEach(() => {
    sessionStorage.clear();
    signedOut = 0;
    setUnauthorizedHandler(() => (signedOut += 1));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renews a refused access token once and repeats the call with the new one', async () => {
    const old = pair('old');
    const fresh = pair('fresh');
    saveTokens(old);
    const calls = fakeServer({
      valid: new Set([fresh.accessToken]),
      refresh: (token) =>
        token === old.refreshToken ? Response.json(fresh) : new Response('', { status: 401 }),
    });
    await expect(apiRequest('/api/v2/Account/ListOverview')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v2/Account/ListOverview',
      '/api/Authorization/Refresh',
      '/api/v2/Account/ListOverview',
    ]);
    expect(calls[2]!.authorization).toBe(`Bearer ${fresh.accessToken}`);
    expect(accessToken()).toBe(fresh.accessToken);
    expect(refreshToken()).toBe(fresh.refreshToken);
    expect(signedOut).toBe(0);
  });

  it('renews an expired token before sending it', async () => {
    const old = pair('old', -30);
    const fresh = pair('fresh');
    saveTokens(old);
    const calls = fakeServer({
      valid: new Set([fresh.accessToken]),
      refresh: () => Response.json(fresh),
    });
    await apiRequest('/api/v2/Debtor/PrimaryDebtorInfo');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/Authorization/Refresh',
      '/api/v2/Debtor/PrimaryDebtorInfo',
    ]);
  });

  it('sends one refresh for concurrent calls (each refresh token works once)', async () => {
    const old = pair('old', -30);
    const fresh = pair('fresh');
    saveTokens(old);
    const calls = fakeServer({
      valid: new Set([fresh.accessToken]),
      refresh: () => Response.json(fresh),
    });
    await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(calls.filter((call) => call.url === '/api/Authorization/Refresh')).toHaveLength(1);
  });

  it('a refused refresh ends the session: tokens cleared, the sign-out handler called once', async () => {
    saveTokens(pair('old'));
    fakeServer({ valid: new Set(), refresh: () => new Response('', { status: 401 }) });
    const failure = apiRequest('/api/v2/Account/ListOverview');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(accessToken()).toBeNull();
    expect(refreshToken()).toBeNull();
    expect(signedOut).toBe(1);
  });

  it("tells the sign-out handler why the server refused the refresh (its 401's reason)", async () => {
    const reasons: SessionEndReason[] = [];
    setUnauthorizedHandler((reason) => reasons.push(reason));
    const refusal = (body: string) => () => new Response(body, { status: 401 });
    for (const [body, reason] of [
      ['{"message":"You were signed out","reason":"idle"}', 'idle'],
      ['{"message":"At most 12 hours","reason":"limit"}', 'limit'],
      ['{"message":"Your session has ended","reason":"ended"}', 'ended'],
      ['{"message":"Unknown","reason":"tired"}', 'ended'],
      ['', 'ended'],
    ] as const) {
      saveTokens(pair('old'));
      fakeServer({ valid: new Set(), refresh: refusal(body) });
      await expect(apiRequest('/api/v2/Account/ListOverview')).rejects.toMatchObject({
        status: 401,
      });
      expect(reasons.at(-1)).toBe(reason);
    }
    expect(reasons).toHaveLength(5);
    expect(accessToken()).toBeNull();
  });

  it('a call still refused after a renewal ends the session as ended', async () => {
    const reasons: SessionEndReason[] = [];
    setUnauthorizedHandler((reason) => reasons.push(reason));
    saveTokens(pair('old'));
    fakeServer({ valid: new Set(), refresh: () => Response.json(pair('fresh')) });
    await expect(apiRequest('/api/v2/Account/ListOverview')).rejects.toMatchObject({
      status: 401,
    });
    expect(reasons).toEqual(['ended']);
  });

  it('a network failure of the refresh keeps the session', async () => {
    const reasons: SessionEndReason[] = [];
    setUnauthorizedHandler((reason) => reasons.push(reason));
    saveTokens(pair('old'));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(refreshSession()).resolves.toBe(false);
    expect(reasons).toEqual([]);
    expect(accessToken()).not.toBeNull();
  });

  it('without a refresh token nothing is renewed', async () => {
    fakeServer({ valid: new Set(), refresh: () => Response.json(pair('x')) });
    await expect(refreshSession()).resolves.toBe(false);
  });
});

describe('token keeper', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const clock = {
    now: () => Date.now(),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };

  it('renews a minute before expiry, then again for each new token', async () => {
    saveTokens(pair('first', 900));
    let renewals = 0;
    const stop = startTokenKeeper(clock, () => {
      renewals += 1;
      saveTokens(pair(`next-${renewals}`, 900));
      return Promise.resolve(true);
    });
    await vi.advanceTimersByTimeAsync(900_000 - RENEW_BEFORE_MS - 1_000);
    expect(renewals).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(renewals).toBe(1);
    await vi.advanceTimersByTimeAsync(900_000 - RENEW_BEFORE_MS);
    expect(renewals).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(renewals).toBe(2);
  });

  it('renews a token that lives under two minutes (a short idle limit) half way, not at once', async () => {
    const shortPair = (name: string) => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { role: 'account', name, iat: now, exp: now + 6 };
      return {
        accessToken: `${base64url({ alg: 'HS256' })}.${base64url(claims)}.sig`,
        refreshToken: `refresh-${name}-0123456789`,
      };
    };
    saveTokens(shortPair('first'));
    let renewals = 0;
    const stop = startTokenKeeper(clock, () => {
      renewals += 1;
      saveTokens(shortPair(`next-${renewals}`));
      return Promise.resolve(true);
    });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(renewals).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(renewals).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(renewals).toBe(2);
    stop();
  });

  it('retries a failed renewal while the token lasts, and not after', async () => {
    saveTokens(pair('first', 900));
    let attempts = 0;
    const stop = startTokenKeeper(clock, () => {
      attempts += 1;
      return Promise.resolve(false);
    });
    await vi.advanceTimersByTimeAsync(900_000 + RETRY_MS);
    // At 14:00, then every 10 s until the token has expired: 14:10 ... 14:50.
    expect(attempts).toBe(1 + Math.floor((RENEW_BEFORE_MS - 1) / RETRY_MS));
    stop();
  });
});

describe('token keeper at the session end (tokens capped at it)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
    // On a whole second, as token expiries are.
    vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000);
  });
  afterEach(() => vi.useRealTimers());

  const clock = {
    now: () => Date.now(),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  /** A pair as the server issues it: the refresh token expires at the session's end. */
  const capped = (name: string, accessSeconds: number, endSeconds: number) => ({
    accessToken: jwt(name, accessSeconds),
    refreshToken: jwt(`refresh-${name}`, endSeconds),
  });

  it('does not renew a token that lasts to the session end; refreshes once, at the end', async () => {
    // 5 minutes left in the session: the access token is capped at its end.
    saveTokens(capped('last', 300, 300));
    let refreshes = 0;
    const stop = startTokenKeeper(clock, () => {
      refreshes += 1;
      // The server refuses it (limit): the session ends in this tab.
      sessionStorage.clear();
      return Promise.resolve(false);
    });
    // Not a minute before the token's expiry (where an ordinary one is renewed), nor in a loop.
    await vi.advanceTimersByTimeAsync(300_000 - RENEW_BEFORE_MS + 1_000);
    expect(refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(RENEW_BEFORE_MS - 1_000 + END_MARGIN_MS - 1);
    expect(refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refreshes).toBe(1);
    stop();
  });

  it('renews as usual until a renewal reaches the end, then waits for the end', async () => {
    // 20 minutes left: the first token is an ordinary 15-minute one, its successor is capped.
    saveTokens(capped('first', 900, 1_200));
    const calls: number[] = [];
    const start = Date.now();
    const stop = startTokenKeeper(clock, () => {
      calls.push(Date.now() - start);
      if (calls.length === 1) {
        // Issued at 14:00, 6 minutes before the end: capped at it.
        saveTokens(capped('second', 360, 360));
        return Promise.resolve(true);
      }
      sessionStorage.clear();
      return Promise.resolve(false);
    });
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(calls).toEqual([900_000 - RENEW_BEFORE_MS, 1_200_000 + END_MARGIN_MS]);
    stop();
  });

  it('tries the last refresh again while it finds no network, then stops when signed out', async () => {
    saveTokens(capped('last', 60, 60));
    let attempts = 0;
    const stop = startTokenKeeper(clock, () => {
      attempts += 1;
      if (attempts === 3) sessionStorage.clear();
      return Promise.resolve(false);
    });
    await vi.advanceTimersByTimeAsync(60_000 + END_MARGIN_MS + 2 * RETRY_MS);
    expect(attempts).toBe(3);
    await vi.advanceTimersByTimeAsync(10 * RETRY_MS);
    expect(attempts).toBe(3);
    stop();
  });

  it('stopped (signed out, or idle), it makes no refresh at the end', async () => {
    saveTokens(capped('last', 60, 60));
    let refreshes = 0;
    const stop = startTokenKeeper(clock, () => {
      refreshes += 1;
      return Promise.resolve(false);
    });
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refreshes).toBe(0);
  });
});

describe('a refresh answered after sign-out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not bring the tokens back', async () => {
    sessionStorage.clear();
    saveTokens(pair('old'));
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const renewal = refreshSession();
    sessionStorage.clear(); // signed out meanwhile
    answer(Response.json(pair('late')));
    await expect(renewal).resolves.toBe(false);
    expect(accessToken()).toBeNull();
  });
});
