/** Card number checks of spec section 5 (length, Luhn) and brand detection (spec section 4). */

export type CardBrand = 'visa' | 'amex' | 'disc' | 'mc';
export type CardKind = 'credit' | 'debit';

/** Spaces (and dashes) removed, as the card check request says. */
export function cleanCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Starts with 4: Visa; 51-55 (and 2221-2720): Mastercard; 34 or 37: Amex; 6011/64/65: Discover. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720)/.test(digits)) return 'mc';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'disc';
  return null;
}

/** Digits only; Amex exactly 15 digits, others 15 to 19; and the Luhn check digit holds. */
export function isValidCardNumber(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  const lengthOk = /^3[47]/.test(digits)
    ? digits.length === 15
    : digits.length >= 15 && digits.length <= 19;
  return lengthOk && luhnValid(digits);
}

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  amex: 'American Express',
  disc: 'Discover',
};
