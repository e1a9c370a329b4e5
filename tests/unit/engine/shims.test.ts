import UriResolver from 'fast-uri';
import { getDefaultRegistry } from '@rjsf/core';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { createCustomEqual } from 'fast-equals';
import shallowAllOfMerge from '../../../src/engine/form/shims/all-of';
import deepEquals from '../../../src/engine/form/shims/deep-equals';
import omitExtraData, {
  getFieldNames,
  getUsedFormData,
  isValueEmpty,
} from '../../../src/engine/form/shims/omit-extra-data';
// RJSF's own module, by its path (the shim's alias takes only the relative import).
import { isValueEmpty as rjsfIsValueEmpty } from '@rjsf/utils/lib/schema/omitExtraData.js';
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

// The browser build (and these tests, vitest.config.ts) give RJSF a registry of only the parts our
// forms use; every form in flows/forms renders through it in all-forms.test.tsx.
describe('registry shim', () => {
  it('is the registry RJSF starts from: the core fields our schemas need and no others', () => {
    const registry = getDefaultRegistry();
    expect(Object.keys(registry.fields).sort()).toEqual([
      'ArrayField',
      'BooleanField',
      'NullField',
      'NumberField',
      'ObjectField',
      'SchemaField',
      'StringField',
    ]);
    expect(Object.keys(registry.widgets)).toEqual(['HiddenWidget']);
  });
});

// RJSF's own deepEquals: fast-equals configured as @rjsf/utils does (functions always equal).
const rjsfDeepEquals = createCustomEqual({
  circular: true,
  createCustomConfig: () => ({ areFunctionsEqual: (_a, b) => typeof b === 'function' }),
});

describe('deepEquals shim', () => {
  const circular = (): Record<string, unknown> => {
    const node: Record<string, unknown> = { a: 1 };
    node.self = node;
    return node;
  };
  const pairs: [string, unknown, unknown][] = [
    ['equal schemas', { type: 'object', required: ['a'] }, { type: 'object', required: ['a'] }],
    ['a changed value', { a: { b: [1, 2] } }, { a: { b: [1, 3] } }],
    ['a missing key', { a: 1, b: undefined }, { a: 1, c: undefined }],
    ['more keys', { a: 1 }, { a: 1, b: 2 }],
    ['arrays of another length', [1, 2], [1, 2, 3]],
    ['an array and an object', [1], { 0: 1 }],
    ['functions', { onChange: () => 1 }, { onChange: () => 2 }],
    ['a function and a value', { onChange: () => 1 }, { onChange: 1 }],
    ['NaN', { a: NaN }, { a: NaN }],
    ['null and an object', { a: null }, { a: {} }],
    ['dates', new Date(5), new Date(5)],
    ['other dates', new Date(5), new Date(6)],
    ['regular expressions', /a/g, /a/g],
    ['maps', new Map([['a', { b: 1 }]]), new Map([['a', { b: 1 }]])],
    ['other maps', new Map([['a', 1]]), new Map([['a', 2]])],
    ['sets', new Set([1, 2]), new Set([2, 1])],
    ['circular objects', circular(), circular()],
    [
      'equal React elements',
      createElement('p', { id: 'x' }, 'a'),
      createElement('p', { id: 'x' }, 'a'),
    ],
    ['other React elements', createElement('p', null, 'a'), createElement('p', null, 'b')],
  ];

  it.each(pairs)('answers as RJSF does for %s', (_name, a, b) => {
    expect(deepEquals(a, b)).toBe(rjsfDeepEquals(a, b));
    expect(deepEquals(b, a)).toBe(rjsfDeepEquals(b, a));
  });
});

// The browser build swaps RJSF's omitExtraData module for this shim (vite.config.ts): our forms
// never omit extra data, so what RJSF would call for it throws, and `isValueEmpty` answers as
// RJSF's does.
describe('omitExtraData shim', () => {
  it('answers isValueEmpty as RJSF does', () => {
    const values: unknown[] = [
      null,
      undefined,
      '',
      ' ',
      0,
      false,
      [],
      [''],
      {},
      { a: '' },
      { a: { b: [] } },
      { a: 0 },
      new Date(0),
      'x',
    ];
    for (const value of values) expect(isValueEmpty(value)).toBe(rjsfIsValueEmpty(value));
  });

  it('throws where RJSF would omit extra data', () => {
    expect(() => omitExtraData()).toThrow(/not part of the portal's forms/);
    expect(() => getUsedFormData()).toThrow(/not part of the portal's forms/);
    expect(() => getFieldNames()).toThrow(/not part of the portal's forms/);
  });
});
