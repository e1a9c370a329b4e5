import UriResolver from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { equal, resolve } from '../../../src/engine/form/shims/uri';

// The browser build swaps fast-uri for this shim (vite.config.ts): it must answer as fast-uri does
// for the $id/$ref shapes our schemas use.
const cases: [string, string][] = [
  ['/schemas/forms/sign-in.json', '#/definitions/verificationKind'],
  ['/schemas/forms/sign-in.json', 'other.json#/definitions/x'],
  ['/schemas/forms/sign-in.json', '/schemas/api/account.json'],
  ['https://example.com/a/b.json', '../c.json#/x'],
  ['', '#/definitions/a'],
  ['/a.json', ''],
  ['/schemas/x.json', '#'],
];

describe('fast-uri shim', () => {
  it.each(cases)('resolves %s + %s like fast-uri', (base, ref) => {
    expect(resolve(base, ref)).toBe(UriResolver.resolve(base, ref));
  });

  it('compares ids like fast-uri', () => {
    expect(equal('/schemas/forms/a.json', '/schemas/forms/a.json')).toBe(true);
    expect(equal('/schemas/forms/a.json', '/schemas/forms/b.json')).toBe(false);
    expect(equal('/schemas/forms/a.json', '/schemas/forms/./a.json')).toBe(
      UriResolver.equal('/schemas/forms/a.json', '/schemas/forms/./a.json'),
    );
  });
});
