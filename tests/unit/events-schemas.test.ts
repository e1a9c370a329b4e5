/**
 * The event types (issue 42) are one list in three places: src/server/events/types.ts, the files
 * of schemas/events/, and the feed's `type` enum (schemas/api/agency-event). And no event schema
 * has a field that could hold an SSN, a date of birth or a whole card or bank number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEventData } from '../../src/server/events/record';
import { EVENT_TYPES, schemaNameOf } from '../../src/server/events/types';

const root = path.resolve(import.meta.dirname, '../..');
const files = readdirSync(path.join(root, 'schemas/events'))
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => f.replace('.schema.json', ''))
  .sort();

describe('event types', () => {
  it('have one schema each, and the feed lists the same types', () => {
    expect([...EVENT_TYPES].map(schemaNameOf).sort()).toEqual(files);
    const feed = JSON.parse(
      readFileSync(path.join(root, 'schemas/api/agency-event.schema.json'), 'utf8'),
    ) as { properties: { type: { enum: string[] } } };
    expect([...feed.properties.type.enum].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('name no field that could hold an SSN, a date of birth or a whole card or bank number', () => {
    const names: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const props = (node as { properties?: Record<string, unknown> }).properties ?? {};
      names.push(...Object.keys(props));
      Object.values(node).forEach(walk);
    };
    for (const file of files) {
      walk(
        JSON.parse(readFileSync(path.join(root, 'schemas/events', `${file}.schema.json`), 'utf8')),
      );
    }
    expect(
      names.filter((n) => /ssn|social|birth|dob|cardnumber|accountnumber$|routing/i.test(n)),
    ).toEqual([]);
  });

  it('refuse data that breaks the schema (the change is then undone with it)', () => {
    expect(() =>
      checkEventData('payment_method.added', {
        methodId: 1,
        method: { kind: 'card', last4: '4242424242424242', brand: 'visa' },
      }),
    ).toThrow(/last4/);
    expect(() =>
      checkEventData('payment_method.added', {
        methodId: 1,
        method: { kind: 'card', last4: '4242', brand: 'visa' },
      }),
    ).not.toThrow();
  });
});
