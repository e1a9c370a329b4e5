/**
 * The Idempotency-Key's request hash is compared with hashes stored before: canonicalJson must give
 * exactly the text of its first version (kept here as the reference) for every JSON body.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/server/payments/idempotency';

function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const KEYS = ['a', 'B', 'b', 'é', 'Z', '10', '2', 'accountNumber', '"q"', '😀', '\u2028', ''];

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 6 : 8));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.round(next() * 100000) / 100;
    case 3:
      return KEYS[Math.floor(next() * KEYS.length)];
    case 4:
      return undefined;
    case 5:
      return -0;
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 5); i > 0; i -= 1) {
        object[KEYS[Math.floor(next() * KEYS.length)] as string] = value(next, depth + 1);
      }
      return object;
    }
  }
}

describe('canonicalJson', () => {
  it('gives the reference text for any body', () => {
    const next = random(26);
    for (let i = 0; i < 3000; i += 1) {
      const body = value(next, 0);
      expect(canonicalJson(body)).toBe(reference(body));
    }
  });

  it('sorts keys by code unit and leaves out undefined properties', () => {
    expect(canonicalJson({ b: 1, a: [undefined, { d: undefined, c: 'x' }], B: null })).toBe(
      '{"B":null,"a":[null,{"c":"x"}],"b":1}',
    );
  });
});
