// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  currentRole,
  decodeJwtPayload,
  forgetSignOutReason,
  rememberSignOutReason,
  roleOf,
  signOutReason,
  saveTokens,
  sessionId,
  takeReturnPath,
  rememberReturnPath,
} from '../../../src/web/lib/session';

const base64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: object) => `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`;

describe('session', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads the role claim of an access token without verifying it', () => {
    expect(roleOf(jwt({ role: 'account', sub: '1' }))).toBe('account');
    expect(roleOf(jwt({ role: 'letter', letterId: 57 }))).toBe('letter');
    expect(roleOf(jwt({ role: 'admin' }))).toBe('none');
    expect(roleOf('not-a-token')).toBe('none');
    expect(roleOf(null)).toBe('none');
  });

  it('treats an expired token as no session', () => {
    expect(roleOf(jwt({ role: 'account', exp: 100 }), 200_000)).toBe('none');
    expect(roleOf(jwt({ role: 'account', exp: 300 }), 200_000)).toBe('account');
  });

  it('judges expiry against the server clock, not a wrong computer clock', () => {
    const serverNow = Math.floor(Date.now() / 1000) - 3600; // this computer is an hour ahead
    const token = jwt({ role: 'account', iat: serverNow, exp: serverNow + 900 });
    expect(roleOf(token)).toBe('none'); // before the pair is saved, no offset is known
    saveTokens({ accessToken: token, refreshToken: 'refresh-token-value' });
    expect(currentRole()).toBe('account');
    expect(roleOf(token, Date.now() + 901_000)).toBe('none');
    clearSession();
    expect(currentRole()).toBe('none');
  });

  it('decodes UTF-8 payloads', () => {
    expect(decodeJwtPayload(jwt({ name: 'José' }))).toEqual({ name: 'José' });
  });

  it('keeps tokens in sessionStorage until sign-out', () => {
    saveTokens({ accessToken: jwt({ role: 'account' }), refreshToken: 'r' });
    expect(currentRole()).toBe('account');
    rememberReturnPath('/accounts/LU1.10002');
    clearSession();
    expect(currentRole()).toBe('none');
    expect(takeReturnPath()).toBeNull();
  });

  it('keeps one session id per browser session', () => {
    expect(sessionId()).toBe(sessionId());
  });

  it('keeps why a session ended until it is forgotten, apart from the sign-out itself', () => {
    expect(signOutReason()).toBeNull();
    rememberSignOutReason('idle');
    expect(signOutReason()).toBe('idle');
    // Signing out clears the session, not the reason the sign-in page is still to tell.
    clearSession();
    expect(signOutReason()).toBe('idle');
    rememberSignOutReason('limit');
    expect(signOutReason()).toBe('limit');
    forgetSignOutReason();
    expect(signOutReason()).toBeNull();
    // Anything else stored there is no reason.
    sessionStorage.setItem('portalSignedOutReason', 'bored');
    expect(signOutReason()).toBeNull();
  });
});
