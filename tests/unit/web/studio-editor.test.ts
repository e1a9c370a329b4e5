/**
 * The studio's generic editor (issue 24), its pure parts: the fields the walker finds in real
 * flows/ files beside their real meta-schemas, and where a draft's checks show.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldId, placeChecks } from '../../../src/web/features/studio/utils/checks';
import {
  parsePointer,
  readablePath,
  toPointer,
  valueAt,
  withValueAt,
} from '@/domain/studio/json-pointer';
import { isLocalizedText, walkLeaves, type Leaf } from '@/domain/studio/leaves';
import { fits, viewAt, type Schema } from '@/domain/studio/meta-schema';

const root = path.resolve(import.meta.dirname, '../../..');
const json = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const meta = (name: string) => json(`schemas/meta/${name}.schema.json`) as Schema;
const byPointer = (leaves: Leaf[]) => new Map(leaves.map((leaf) => [leaf.pointer, leaf]));

describe('json pointers', () => {
  it('escapes ~ and / in names and reads them back', () => {
    const pointer = toPointer(['a/b', 'c~d', 0]);
    expect(pointer).toBe('/a~1b/c~0d/0');
    expect(parsePointer(pointer)).toEqual(['a/b', 'c~d', '0']);
    expect(parsePointer('')).toEqual([]);
  });

  it('names a path as people read it', () => {
    expect(readablePath(['cancel', 'consequences', 0, 'text'])).toBe('cancel.consequences[0].text');
    expect(readablePath(['single'])).toBe('single');
  });

  it('sets a value in a copy, leaving the original and its other parts as they were', () => {
    const original = { a: { b: [1, 2] }, c: { d: 1 } };
    const changed = withValueAt(original, ['a', 'b', 1], 5) as typeof original;
    expect(changed.a.b).toEqual([1, 5]);
    expect(original.a.b).toEqual([1, 2]);
    expect(changed.c).toBe(original.c);
    expect(valueAt(changed, ['a', 'b', 1])).toBe(5);
    expect(valueAt(changed, ['missing', 'x'])).toBeUndefined();
  });
});

describe('the leaf walker', () => {
  it('gives every text of the payment authorization as English and Spanish, and its version as a setting', () => {
    const file = json('flows/content/payment-authorization.json') as Record<string, { en: string }>;
    const leaves = byPointer(walkLeaves(file, meta('content')));
    const single = leaves.get('/single');
    expect(single).toMatchObject({ kind: 'text', path: ['single'] });
    expect(single?.kind === 'text' && single.value.en).toBe(file.single!.en);
    for (const name of ['agreement', 'eSign', 'recurring']) {
      expect(leaves.get(`/${name}`)?.kind).toBe('text');
    }
    expect(leaves.get('/version')).toMatchObject({ kind: 'string' });
    // $schema and $comment are never fields; `kind` is one of the meta-schema's kinds.
    expect(leaves.has('/$schema')).toBe(false);
    expect(leaves.has('/$comment')).toBe(false);
    expect(leaves.get('/kind')).toMatchObject({
      kind: 'string',
      options: expect.arrayContaining(['document', 'authorization', 'plan-change']),
    });
  });

  it("gives a client's settings with the meta-schema's types and bounds", () => {
    const leaves = byPointer(walkLeaves(json('flows/clients/ADW.json'), meta('client')));
    expect(leaves.get('/payment/allowCreditCard')).toMatchObject({ kind: 'boolean', value: false });
    expect(leaves.get('/payment/minSinglePayment')).toMatchObject({
      kind: 'number',
      value: 50,
      minimum: 0,
    });
    expect(leaves.get('/payment/maxMonthlyPayments')).toMatchObject({
      kind: 'number',
      integer: true,
    });
    expect(leaves.get('/supportPhone')).toMatchObject({ kind: 'string', value: '800-555-0177' });
    expect(leaves.get('/name')).toMatchObject({ kind: 'string' });
  });

  it('follows if/then to the shape of a block and walks arrays by index', () => {
    const leaves = walkLeaves(json('flows/content/terms.json'), meta('content'));
    const texts = leaves.filter((leaf) => leaf.kind === 'text');
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.some((leaf) => /^\/blocks\/\d+\/text$/.test(leaf.pointer))).toBe(true);
    // A block's `type` is a const of its shape: fixed, not a field.
    expect(leaves.some((leaf) => /^\/blocks\/\d+\/type$/.test(leaf.pointer))).toBe(false);
  });

  it('walks a texts file through its nested groups', () => {
    const leaves = walkLeaves(json('flows/texts/common.json'), meta('texts'));
    expect(leaves.length).toBeGreaterThan(10);
    expect(leaves.every((leaf) => leaf.kind === 'text')).toBe(true);
    expect(leaves.map((leaf) => leaf.pointer)).toContain('/nav/dashboard');
  });

  it('gives no field to what the meta-schema says nothing of (JSON Logic) and keeps form texts', () => {
    const leaves = byPointer(walkLeaves(json('flows/forms/sign-in.json'), meta('form-flow')));
    expect(leaves.get('/fields/lastName/label')?.kind).toBe('text');
    expect(leaves.get('/fields/lastName/widget')).toMatchObject({ kind: 'string' });
    expect([...leaves.keys()].some((pointer) => pointer.startsWith('/rules/0/when'))).toBe(false);
  });

  it('takes a text missing one language as a text field, that language empty', () => {
    expect(isLocalizedText({ en: 'Hello' })).toBe(true);
    expect(isLocalizedText({ en: 'Hello', fr: 'Bonjour' })).toBe(false);
    expect(isLocalizedText({})).toBe(false);
    const [leaf] = walkLeaves({ greeting: { en: 'Hello' } }, true);
    expect(leaf).toMatchObject({ kind: 'text', value: { en: 'Hello', es: '' } });
  });

  it('reads if, anyOf and bounds as JSON Schema does', () => {
    const schema: Schema = {
      if: { properties: { kind: { const: 'a' } } },
      then: { properties: { n: { type: 'integer', minimum: 1, maximum: 9 } } },
      else: { properties: { n: { type: 'string' } } },
    };
    expect(viewAt(schema, schema, { kind: 'a', n: 2 }).properties.n).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 9,
    });
    expect(fits(schema, { type: 'integer', minimum: 1 }, 0)).toBe(false);
    expect(fits(schema, { anyOf: [{ type: 'string' }, { type: 'boolean' }] }, true)).toBe(true);
  });
});

describe('where checks show', () => {
  const file = 'content/payment-authorization.json';
  const leaves = walkLeaves(json(`flows/${file}`), meta('content'));

  it('puts a check at the language box, the text or the setting its pointer names, else at the top', () => {
    const checks = [
      { path: file, pointer: '/single/es', message: 'unknown placeholder {{nombre}}' },
      { path: file, pointer: '/single', message: 'missing Spanish' },
      { path: file, pointer: '/version', message: 'too short' },
      { path: file, pointer: '', message: 'the file as a whole' },
      { path: file, pointer: '/nothing/here', message: 'no such field' },
      { path: 'texts/common.json', pointer: '/appName', message: 'another file' },
    ];
    const { atField, elsewhere } = placeChecks(checks, file, leaves);
    expect(atField.get(fieldId('/single', 'es'))).toEqual([checks[0]]);
    expect(atField.get(fieldId('/single'))).toEqual([checks[1]]);
    expect(atField.get(fieldId('/version'))).toEqual([checks[2]]);
    expect(elsewhere).toEqual([checks[3], checks[4], checks[5]]);
  });

  it('shows every check at the top when no file is open', () => {
    const checks = [{ path: file, pointer: '/single/en', message: 'x' }];
    expect(placeChecks(checks, undefined, leaves).elsewhere).toEqual(checks);
  });

  it('makes a distinct, valid element id of every pointer', () => {
    const ids = ['/a/b', '/a_2f_b', '/a~1b', '/a b', '/a/b/en'].map((p) => fieldId(p));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fieldId('/single', 'en')).not.toBe(fieldId('/single', 'es'));
  });
});
