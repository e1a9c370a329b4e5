import { describe, expect, it } from 'vitest';
import { TrustProxyError, trustProxyFrom } from '../../../src/server/http/trust-proxy';

describe('TRUST_PROXY', () => {
  it('is off when unset, empty, false or 0', () => {
    for (const value of [undefined, '', '  ', 'false', '0'])
      expect(trustProxyFrom(value)).toBe(false);
  });

  it('takes addresses, CIDRs and proxy-addr’s named ranges, comma-separated', () => {
    expect(trustProxyFrom('10.0.0.5')).toBe('10.0.0.5');
    expect(trustProxyFrom(' 10.0.0.5 , 10.0.1.0/24,::1, fd00::/8,loopback ')).toBe(
      '10.0.0.5,10.0.1.0/24,::1,fd00::/8,loopback',
    );
    expect(trustProxyFrom('linklocal,uniquelocal')).toBe('linklocal,uniquelocal');
  });

  it('refuses what would trust anyone, with a message saying what to set', () => {
    for (const value of ['1', 'true', 'TRUE', '2', '10']) {
      expect(() => trustProxyFrom(value)).toThrow(TrustProxyError);
      expect(() => trustProxyFrom(value)).toThrow(/addresses or CIDRs of your proxies/);
    }
  });

  it('refuses entries that are not an address, a CIDR or a named range', () => {
    for (const value of [
      'yes',
      '10.0.0',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/x',
      '10.0.0.1,',
      'proxy.example',
    ]) {
      expect(() => trustProxyFrom(value), value).toThrow(TrustProxyError);
    }
  });
});
