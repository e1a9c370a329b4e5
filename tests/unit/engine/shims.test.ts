import UriResolver from 'fast-uri';
import { describe, expect, it } from 'vitest';
import shallowAllOfMerge from '../../../src/engine/form/shims/all-of';
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

// The browser build swaps RJSF's allOf merge for this shim (vite.config.ts); check:config keeps
// allOf out of form schemas, and a schema that reaches it anyway keeps every part's fields.
describe('allOf shim', () => {
  it('joins the parts: properties and required lists from each, other keywords from the last', () => {
    const merged = shallowAllOfMerge({
      title: 'outer',
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'number' } }, required: ['a', 'b'], title: 'inner' },
        null,
      ],
    });
    expect(merged).toEqual({
      type: 'object',
      title: 'inner',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
  });

  it('leaves a schema without allOf as it was', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(shallowAllOfMerge(schema)).toEqual(schema);
  });
});
