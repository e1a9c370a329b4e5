import { describe, expect, it } from 'vitest';
import { readSignInUrl } from '../../../src/web/features/sign-in/utils/sign-in-url';

describe('readSignInUrl', () => {
  it('reads a valid account number and actionID, and drops accountNumber and idps', () => {
    const result = readSignInUrl(new URLSearchParams('accountNumber=lu1.10001&idps=x&actionID=A7'));
    expect(result.accountNumber).toBe('LU1.10001');
    expect(result.actionId).toBe('A7');
    expect(result.cleanedSearch?.toString()).toBe('actionID=A7');
  });

  it('ignores an invalid account number but still removes it from the URL', () => {
    const result = readSignInUrl(new URLSearchParams('accountNumber=not-an-account'));
    expect(result.accountNumber).toBeNull();
    expect(result.cleanedSearch?.toString()).toBe('');
  });

  it('leaves a URL without those parameters alone', () => {
    expect(readSignInUrl(new URLSearchParams('actionID=A7')).cleanedSearch).toBeNull();
  });
});
