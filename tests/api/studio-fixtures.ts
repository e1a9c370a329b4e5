/**
 * What the studio's API suites share: a clock the test moves, staff accounts made in the
 * database, a fetch helper for /studio/api (cookie, CSRF token, Origin, a debtor's Bearer token)
 * and the sign-in with password and TOTP code. Studio calls do not go through the harness's
 * `call()`, whose answers the contract suite checks against the OpenAPI document of /api (which
 * has no studio routes): the helper checks each answer against its route's schema itself
 * (studio-answers.ts).
 */
import { expect } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { loadServerSecret } from '../../src/server/db/secret';
import type { StaffRole } from '../../src/server/db/types';
import { createStaff } from '../../src/server/studio/staff';
import { totpCode } from '../../src/server/studio/totp';
import { freshIp, TEST_SECRET, TestClock, type RunningServer } from './harness';
import { studioAnswerProblems } from './studio-answers';

export { TestClock };

export const MINUTE = 60_000;
export const PASSWORD = 'Studio pass 2026!';

export interface Account {
  id: number;
  email: string;
  secret: string;
  role: StaffRole;
}

export interface Session {
  cookie: string;
  csrf: string;
}

export interface StudioCall {
  method?: string;
  body?: unknown;
  session?: Session | null;
  /** Send the session's CSRF token (default true when a session is given). */
  csrf?: string | false;
  origin?: string;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export const secretOf = (uri: string): string => new URL(uri).searchParams.get('secret') ?? '';

/** The token of an invitation link (`…/studio/join#TOKEN`). */
export const tokenOf = (url: string): string => new URL(url).hash.slice(1);

/**
 * The studio helpers of a suite: `server()` gives the suite's running server, `clock` its clock,
 * `tag` makes the suite's emails unique in a shared database.
 */
export function studioClient(server: () => RunningServer, clock: TestClock, tag: string) {
  let totpKey: Buffer | undefined;

  const studio = async <T = unknown>(path: string, options: StudioCall = {}) => {
    const headers: Record<string, string> = {
      'x-forwarded-for': options.ip ?? freshIp(),
      ...(options.headers ?? {}),
    };
    if (options.session) headers.cookie = options.session.cookie;
    const csrf = options.csrf ?? options.session?.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    if (options.origin) headers.origin = options.origin;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const method = options.method ?? (payload === undefined ? 'GET' : 'POST');
    const response = await fetch(`${server().url}/studio/api${path}`, {
      method,
      headers,
      body: payload,
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    const json = contentType.includes('application/json');
    const answer = {
      status: response.status,
      headers: response.headers,
      body: (json && text ? JSON.parse(text) : text) as T,
      text,
    } satisfies Answer<T>;
    // Every answer is one its route's schema allows (studio-answers.ts), or the error body.
    expect(studioAnswerProblems(method, path, { ...answer, contentType })).toEqual([]);
    return answer;
  };

  const makeAccount = async (name: string, role: StaffRole): Promise<Account> => {
    const db = server().database.db;
    totpKey ??= deriveKeys(await loadServerSecret(db, { secret: TEST_SECRET })).totpKey;
    const email = `${name}-${tag}@studio.example`;
    const made = await createStaff(
      db,
      totpKey,
      { email, name, role, password: PASSWORD },
      clock.now(),
    );
    if (!made.ok) throw new Error(made.problem);
    return { id: made.id, email, secret: secretOf(made.otpauthUri), role };
  };

  /**
   * A member invited in the studio sets their own password and TOTP with the link's token
   * (issue 39): the account they then sign in with.
   */
  const acceptInvitation = async (
    url: string,
    role: StaffRole,
    password = PASSWORD,
  ): Promise<Account & { email: string }> => {
    const token = tokenOf(url);
    const about = await studio<{ email: string }>('/invitation', { body: { token } });
    expect(about.status, about.text).toBe(200);
    const set = await studio<{ otpauthUri: string; secret: string }>('/invitation/password', {
      body: { token, password },
    });
    expect(set.status, set.text).toBe(200);
    const secret = secretOf(set.body.otpauthUri);
    const confirmed = await studio<{ email: string }>('/invitation/confirm', {
      body: { token, code: totpCode(secret, clock.now()) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const { id } = await server()
      .database.db.selectFrom('staff_accounts')
      .select('id')
      .where('email', '=', about.body.email)
      .executeTakeFirstOrThrow();
    return { id, email: about.body.email, secret, role };
  };

  const signInRaw = (account: Account, options: { password?: string; code?: string } = {}) => {
    // Every sign-in uses a new TOTP step (a code is accepted once).
    clock.advance(31_000);
    return studio<{ csrfToken: string; staff: Record<string, unknown> }>('/sign-in', {
      body: {
        email: account.email,
        password: options.password ?? PASSWORD,
        code: options.code ?? totpCode(account.secret, clock.now()),
      },
    });
  };

  const signIn = async (account: Account): Promise<Session> => {
    const res = await signInRaw(account);
    expect(res.status, res.text).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('studio_session='));
    expect(cookie).toBeDefined();
    return { cookie: (cookie ?? '').split(';')[0] ?? '', csrf: res.body.csrfToken };
  };

  return { studio, makeAccount, acceptInvitation, signInRaw, signIn };
}
