import { describe, expect, it } from 'vitest';
import {
  formatMaskedDate,
  formatPhone,
  isoToMaskedDate,
  maskedDateToIso,
  moneyValue,
  resolveDateLimit,
} from '../../../src/engine/form/theme/format';

describe('input formatters', () => {
  it('formats a phone number 123-456-7890 as it is typed', () => {
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('1234')).toBe('123-4');
    expect(formatPhone('(123) 456-7890')).toBe('123-456-7890');
  });

  it('masks a date as MM/DD/YYYY and stores YYYY-MM-DD once complete', () => {
    expect(formatMaskedDate('0131')).toBe('01/31');
    expect(formatMaskedDate('01311980999')).toBe('01/31/1980');
    expect(maskedDateToIso('01/31/1980')).toBe('1980-01-31');
    expect(maskedDateToIso('01/31')).toBe('01/31');
    expect(maskedDateToIso('')).toBeUndefined();
    expect(isoToMaskedDate('1980-01-31')).toBe('01/31/1980');
    expect(isoToMaskedDate('01/3')).toBe('01/3');
  });

  it("resolves 'today' to the local calendar date", () => {
    expect(resolveDateLimit('today', new Date(2024, 1, 9))).toBe('2024-02-09');
    expect(resolveDateLimit('2030-01-01')).toBe('2030-01-01');
    expect(resolveDateLimit(undefined)).toBeUndefined();
  });
});

describe('moneyValue (money widget)', () => {
  it('stores dollars with at most two decimals as a number, ignoring $, commas and spaces', () => {
    expect(moneyValue('125.50')).toBe(125.5);
    expect(moneyValue('$1,250')).toBe(1250);
    expect(moneyValue(' 7. ')).toBe(7);
    expect(moneyValue('.5')).toBe(0.5);
    expect(moneyValue('')).toBeUndefined();
  });

  it('keeps anything else as typed, for the schema to refuse', () => {
    expect(moneyValue('12.345')).toBe('12.345');
    expect(moneyValue('ten')).toBe('ten');
    expect(moneyValue('-5')).toBe('-5');
  });
});
