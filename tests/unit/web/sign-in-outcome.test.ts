import { describe, expect, it, vi } from 'vitest';
import { SessionSetupError } from '../../../src/web/api/session-setup-error';
import { ApiError } from '../../../src/web/lib/api';
import {
  destinationAfterSignIn,
  signInFailure,
} from '../../../src/web/features/sign-in/utils/sign-in-outcome';

const bySsn = { option1: 'SocialSecurityNumber', option2: 'DateOfBirth' } as const;
const byAccount = { option1: 'MRSAccountNumber', accountFromUrl: true } as const;

describe('signInFailure', () => {
  it('404 without an account number recommends trying it', () => {
    expect(signInFailure(new ApiError(404, {}), bySsn)).toEqual({
      kind: 'message',
      key: 'sign-in.errors.notFoundTryAccount',
    });
  });

  it('404 with an account number is the plain not-found text', () => {
    expect(signInFailure(new ApiError(404, {}), byAccount)).toMatchObject({
      key: 'sign-in.errors.notFound',
    });
  });

  it('403 is the blocked text', () => {
    expect(signInFailure(new ApiError(403, {}), bySsn)).toMatchObject({
      key: 'sign-in.errors.blocked',
    });
  });

  it('440 asking for the SSN opens the SSN dialog', () => {
    expect(signInFailure(new ApiError(440, { fieldRequired: 'SSN' }), bySsn)).toEqual({
      kind: 'needsSsn',
    });
  });

  it('440 asking for anything else is logged and answered with the generic failure', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(signInFailure(new ApiError(440, { fieldRequired: 'Address' }), bySsn)).toMatchObject({
      key: 'sign-in.errors.failed',
    });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('session set-up problems name their own text', () => {
    expect(signInFailure(new SessionSetupError('noAccounts'), bySsn)).toMatchObject({
      key: 'sign-in.errors.noAccounts',
    });
  });

  it('anything else is the generic failure', () => {
    expect(signInFailure(new TypeError('network'), bySsn)).toMatchObject({
      key: 'sign-in.errors.failed',
    });
  });
});

describe('destinationAfterSignIn', () => {
  it('returns to the remembered page first', () => {
    expect(destinationAfterSignIn('/accounts/LU1.10002', ['LU1.10001', 'LU1.10002'])).toBe(
      '/accounts/LU1.10002',
    );
  });

  it('ignores a remembered sign-in or log-out page', () => {
    expect(destinationAfterSignIn('/logout', ['A1.1', 'A1.2'])).toBe('/dashboard');
  });

  it('opens the only account directly', () => {
    expect(destinationAfterSignIn(null, ['LU1.20001'])).toBe('/accounts/LU1.20001');
  });

  it('opens the dashboard for several accounts', () => {
    expect(destinationAfterSignIn(null, ['LU1.10001', 'LU1.10002'])).toBe('/dashboard');
  });
});
