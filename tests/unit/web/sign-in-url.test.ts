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

  it("reads a message's reference (issue 43) and takes it out of the URL; anything else is no reference", () => {
    const id = `msg_${'0a'.repeat(12)}`;
    const good = readSignInUrl(new URLSearchParams(`accountNumber=LU1.10001&m=${id}`));
    expect(good.message).toBe(id);
    expect(good.cleanedSearch?.toString()).toBe('');
    for (const m of ['msg_123', `${id}x`, 'javascript:alert(1)', `MSG_${'0A'.repeat(12)}`]) {
      const bad = readSignInUrl(new URLSearchParams({ accountNumber: 'LU1.10001', m }));
      expect(bad.message).toBeNull();
      expect(bad.cleanedSearch?.toString()).toBe('');
    }
  });
});
