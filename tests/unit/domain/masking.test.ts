import { describe, expect, it } from 'vitest';
import {
  isTestAccount,
  isValidMrsAccountNumber,
  maskClientAccount,
  normalizeAccountNumber,
} from '../../../src/domain/masking';

describe('maskClientAccount', () => {
  it('masks 16 digits except the last 4', () => {
    expect(maskClientAccount('4000123456789012')).toBe('************9012');
  });

  it('masks exactly 14 digits', () => {
    expect(maskClientAccount('12345678901234')).toBe('**********1234');
  });

  it('leaves 13 digits unchanged', () => {
    expect(maskClientAccount('1234567890123')).toBe('1234567890123');
  });

  it('leaves short and non-numeric references unchanged', () => {
    expect(maskClientAccount('ABC-123')).toBe('ABC-123');
  });

  it('counts digits only, keeping the last 4 characters', () => {
    expect(maskClientAccount('4000-1234-5678-9012')).toBe('***************9012');
  });

  it('gives an empty string for no value', () => {
    expect(maskClientAccount(null)).toBe('');
    expect(maskClientAccount(undefined)).toBe('');
    expect(maskClientAccount('')).toBe('');
  });
});

describe('isTestAccount', () => {
  it('matches two letters, a digit, a dot and digits', () => {
    expect(isTestAccount('LU1.12345')).toBe(true);
    expect(isTestAccount('du8.1')).toBe(true);
  });

  it('matches TRAIN and DTRAIN prefixes', () => {
    expect(isTestAccount('TRAIN1.123')).toBe(true);
    expect(isTestAccount('DTRAIN2.45678')).toBe(true);
  });

  it('rejects other shapes', () => {
    for (const value of [
      'LU.12345',
      'LU12.345',
      'LU1.',
      'LU1-12345',
      'TRAINX1.1',
      '1234',
      '',
      null,
    ]) {
      expect(isTestAccount(value)).toBe(false);
    }
  });
});

describe('isValidMrsAccountNumber', () => {
  it('accepts the agency format, trimmed', () => {
    expect(isValidMrsAccountNumber(' LU1.12345 ')).toBe(true);
    expect(isValidMrsAccountNumber('TRAIN1.1')).toBe(true);
  });

  it('rejects other values', () => {
    expect(isValidMrsAccountNumber('4000123456789012')).toBe(false);
    expect(isValidMrsAccountNumber(undefined)).toBe(false);
  });
});

describe('normalizeAccountNumber', () => {
  it('trims and upper-cases', () => {
    expect(normalizeAccountNumber(' lu1.123 ')).toBe('LU1.123');
  });
});
