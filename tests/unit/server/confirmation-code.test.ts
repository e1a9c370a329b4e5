/**
 * Confirmation codes cannot look like an SSN, a date of birth or a card or bank number (issue 40
 * item 5): no code can hold 4 digits in a row (nor 2). Proved over the codes' structure, not by
 * sampling only: every code is letter-digit pairs drawn from two disjoint alphabets, and every
 * join of two pairs (all 152 x 152 of them) and of a prefix and a pair is checked.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_BODY,
  CODE_DIGITS,
  CODE_LETTERS,
  CODE_PAIRS,
  codeBody,
  paymentCode,
  prefixedCode,
} from '../../../src/server/confirmation-code';
import { confirmationCode } from '../../../src/server/routes/forms';

const PREFIXES = ['WP', 'DSP-', 'BNK-', 'MSG-', 'REC-', 'REG-', 'CXL-', 'PLN-', 'DAY-'];

describe('confirmation codes', () => {
  it('alternate a letter and a digit from two disjoint alphabets', () => {
    expect([...CODE_LETTERS].every((c) => /^[A-Z]$/.test(c))).toBe(true);
    expect([...CODE_DIGITS].every((c) => /^[0-9]$/.test(c))).toBe(true);
    // Unambiguous on paper and on the phone: no vowel (no words), no I, L, O, 0 or 1.
    expect(CODE_LETTERS).not.toMatch(/[AEIOUYL]/);
    expect(CODE_DIGITS).not.toMatch(/[01]/);
    expect(new Set(CODE_LETTERS).size).toBe(CODE_LETTERS.length);
    expect(new Set(CODE_DIGITS).size).toBe(CODE_DIGITS.length);
  });

  it('no code can hold 2 digits in a row: every pair, every join of two pairs and of a prefix', () => {
    const pairs = [...CODE_LETTERS].flatMap((l) => [...CODE_DIGITS].map((d) => `${l}${d}`));
    expect(pairs).toHaveLength(CODE_LETTERS.length * CODE_DIGITS.length);
    // A code is PREFIX + pair + pair + ... : a run of digits can only start inside a pair or
    // cross a join, and every kind of join is here.
    for (const a of pairs) {
      for (const b of pairs) expect(`${a}${b}`).not.toMatch(/\d\d/);
    }
    for (const prefix of PREFIXES) {
      for (const pair of pairs) expect(`${prefix}${pair}`).not.toMatch(/\d\d/);
    }
    // So the longest run of digits in any code is 1: never 4, never 9 (an SSN, a card number).
    const all = new RegExp(`^${CODE_BODY}$`);
    expect(all.test('B2'.repeat(CODE_PAIRS))).toBe(true);
    expect(all.test('22'.repeat(CODE_PAIRS))).toBe(false);
  });

  it('the codes made have that structure, with every letter and digit drawn', () => {
    const shape = new RegExp(`^WP${CODE_BODY}$`);
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const code = paymentCode();
      expect(code).toMatch(shape);
      expect(code).not.toMatch(/\d{2}/);
      for (const c of code.slice(2)) seen.add(c);
    }
    expect(seen.size).toBe(CODE_LETTERS.length + CODE_DIGITS.length);
    for (const prefix of ['DSP', 'BNK', 'MSG']) {
      expect(prefixedCode(prefix)).toMatch(new RegExp(`^${prefix}-${CODE_BODY}$`));
      expect(confirmationCode(prefix)).toMatch(new RegExp(`^${prefix}-${CODE_BODY}$`));
    }
    expect(codeBody()).toHaveLength(2 * CODE_PAIRS);
  });
});
