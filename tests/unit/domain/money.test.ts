import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd, toCents, toDollars } from '../../../src/domain/money';

describe('toCents and toDollars', () => {
  it('converts dollars to integer cents, rounding half away from zero', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0)).toBe(0);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('converts cents to dollars', () => {
    expect(toDollars(1234)).toBe(12.34);
    expect(toDollars(5)).toBe(0.05);
  });
});

describe('formatUsd', () => {
  it('formats dollars in English with 2 decimals', () => {
    expect(formatUsd(1234.5, 'en')).toBe('$1,234.50');
    expect(formatUsd(25)).toBe('$25.00');
  });

  it('formats dollars in Spanish (US) with 2 decimals', () => {
    expect(formatUsd(1234.5, 'es')).toBe('$1,234.50');
  });

  it('rounds to cents', () => {
    expect(formatUsd(1.005, 'en')).toBe('$1.01');
  });

  it('formats cents', () => {
    expect(formatCents(123456, 'en')).toBe('$1,234.56');
    expect(formatCents(-50, 'es')).toBe('-$0.50');
  });
});
