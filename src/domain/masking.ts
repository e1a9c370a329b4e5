/**
 * Account number formats and masking (spec section 5).
 */

/** Client account numbers with at least this many digits are masked. */
export const MASK_MIN_DIGITS = 14;
const VISIBLE_TAIL = 4;

/**
 * Masks a client (creditor) account number that has 14 or more digits, keeping the last 4
 * characters: `4000123456789012` -> `************9012`. Shorter values are returned unchanged.
 */
export function maskClientAccount(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '').length;
  if (digits < MASK_MIN_DIGITS) return value;
  return '*'.repeat(value.length - VISIBLE_TAIL) + value.slice(-VISIBLE_TAIL);
}

/**
 * The spec's test-account pattern: two letters (the agency's prefix, as in `LU1.12345`), `TRAIN`
 * or `DTRAIN`, then one digit, a dot and digits.
 */
const TEST_ACCOUNT = /^(?:[A-Z]{2}|TRAIN|DTRAIN)\d\.\d+$/i;

/** Whether a value matches the test-account pattern (see TEST_ACCOUNT). */
export function isTestAccount(value: string | null | undefined): boolean {
  return typeof value === 'string' && TEST_ACCOUNT.test(value.trim());
}

/**
 * Whether a value is a well-formed agency (MRS) account number such as `LU1.12345`, training
 * accounts (`TRAIN1.123`, `DTRAIN1.123`) included: the same shape as the test-account pattern.
 */
export function isValidMrsAccountNumber(value: string | null | undefined): boolean {
  return isTestAccount(value);
}

/** An account number as compared and stored: trimmed and upper case. */
export function normalizeAccountNumber(value: string): string {
  return value.trim().toUpperCase();
}
