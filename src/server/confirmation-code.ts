/**
 * Confirmation codes (payments `WP...`, forms `DSP-...`, `BNK-...`, ...): random, read to an agent
 * over the phone, printed on receipts and stored in the agency's files. A code alternates a
 * consonant and a digit, so it never holds two digits in a row: it cannot look like an SSN, a
 * date of birth or a card or bank number (issue 40: a hex code held 9 digits in a row about 2% of
 * the time). The letters have no vowels (no words) and none that reads like a digit (I, L, O);
 * the digits have no 0 or 1. 12 characters: 19^6 * 8^6, about 1.2e13 codes (43 bits).
 */
import { randomInt } from 'node:crypto';

export const CODE_LETTERS = 'BCDFGHJKMNPQRSTVWXZ';
export const CODE_DIGITS = '23456789';
/** Pairs of a letter and a digit in a code. */
export const CODE_PAIRS = 6;

/** The random part of a code (regex source): what a schema or a test may match it with. */
export const CODE_BODY = `(?:[${CODE_LETTERS}][${CODE_DIGITS}]){${CODE_PAIRS}}`;

/** The random part: letter, digit, letter, digit, ... (each drawn uniformly). */
export function codeBody(): string {
  let code = '';
  for (let pair = 0; pair < CODE_PAIRS; pair += 1) {
    code += CODE_LETTERS[randomInt(CODE_LETTERS.length)];
    code += CODE_DIGITS[randomInt(CODE_DIGITS.length)];
  }
  return code;
}

/** A payment's confirmation code: `WP` and the random part (WPB3C4...). */
export const paymentCode = (): string => `WP${codeBody()}`;

/** A form's or a change's code: the prefix, a dash and the random part (DSP-B3C4...). */
export const prefixedCode = (prefix: string): string => `${prefix}-${codeBody()}`;
