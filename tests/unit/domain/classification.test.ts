import { describe, expect, it } from 'vitest';
import {
  dedupeAccounts,
  isAccountViewable,
  isBankruptcy,
  isSettled,
  isViewableClosed,
  lastPaymentDate,
  lastViewableDate,
} from '../../../src/domain/classification';
import { account, TODAY, TOMORROW, YESTERDAY } from './fixtures';

describe('isSettled', () => {
  it('closed PIF account is settled', () => {
    expect(isSettled(account({ isClosed: true, isPif: true }))).toBe(true);
  });

  it('closed SIF account is settled', () => {
    expect(isSettled(account({ isClosed: true, isSif: true }))).toBe(true);
  });

  it('closed account with a status code ending in IF is settled', () => {
    expect(isSettled(account({ isClosed: true, statusCode: 'SIF' }))).toBe(true);
    expect(isSettled(account({ isClosed: true, statusCode: 'pif ' }))).toBe(true);
  });

  it('closed account otherwise is not settled', () => {
    expect(isSettled(account({ isClosed: true, statusCode: 'CLS' }))).toBe(false);
    expect(isSettled(account({ isClosed: true, statusCode: null }))).toBe(false);
  });

  it('open account is never settled', () => {
    expect(isSettled(account({ isPif: true, isSif: true, statusCode: 'PIF' }))).toBe(false);
  });
});

describe('isBankruptcy', () => {
  it('status code BNK is a bankruptcy account', () => {
    expect(isBankruptcy(account({ statusCode: 'BNK' }))).toBe(true);
    expect(isBankruptcy(account({ statusCode: ' bnk' }))).toBe(true);
  });

  it('other or missing status codes are not', () => {
    expect(isBankruptcy(account({ statusCode: 'BNKX' }))).toBe(false);
    expect(isBankruptcy(account({ statusCode: null }))).toBe(false);
  });
});

describe('viewable closed accounts', () => {
  it('is viewable up to and including its last viewable date', () => {
    expect(isViewableClosed(TOMORROW, TODAY)).toBe(true);
    expect(isViewableClosed(TODAY, TODAY)).toBe(true);
    expect(isViewableClosed(`${TODAY}T00:00:00`, TODAY)).toBe(true);
  });

  it('is not viewable after it or without one', () => {
    expect(isViewableClosed(YESTERDAY, TODAY)).toBe(false);
    expect(isViewableClosed(null, TODAY)).toBe(false);
    expect(isViewableClosed(undefined, TODAY)).toBe(false);
  });

  it('last viewable date is as sent, else 45 days after the last update', () => {
    expect(lastViewableDate({ lastViewableDate: '2025-05-01', lastUpdateDate: '2025-01-01' })).toBe(
      '2025-05-01',
    );
    expect(lastViewableDate({ lastUpdateDate: '2025-03-15T10:00:00' })).toBe('2025-04-29');
    expect(lastViewableDate({})).toBeNull();
  });

  it('open accounts are always viewable; closed ones until their last viewable date', () => {
    expect(isAccountViewable(account({ lastViewableDate: YESTERDAY }), TODAY)).toBe(true);
    expect(
      isAccountViewable(account({ isClosed: true, lastUpdateDate: '2025-03-15' }), TODAY),
    ).toBe(true);
    expect(
      isAccountViewable(account({ isClosed: true, lastUpdateDate: '2025-03-14' }), TODAY),
    ).toBe(false);
    expect(isAccountViewable(account({ isClosed: true }), TODAY)).toBe(false);
  });
});

describe('dedupeAccounts', () => {
  it('keeps one entry per account number, sorted by account number', () => {
    const list = dedupeAccounts([
      { accountNumber: 'LU2.2', isClosed: false, tag: 'b' },
      { accountNumber: 'LU1.1', isClosed: false, tag: 'a1' },
      { accountNumber: 'LU1.1', isClosed: false, tag: 'a2' },
    ]);
    expect(list.map((a) => a.tag)).toEqual(['a1', 'b']);
  });

  it('an open entry wins over a closed one, in either order', () => {
    expect(
      dedupeAccounts([
        { accountNumber: 'LU1.1', isClosed: true, tag: 'closed' },
        { accountNumber: 'lu1.1 ', isClosed: false, tag: 'open' },
      ]).map((a) => a.tag),
    ).toEqual(['open']);
    expect(
      dedupeAccounts([
        { accountNumber: 'LU1.1', isClosed: false, tag: 'open' },
        { accountNumber: 'LU1.1', isClosed: true, tag: 'closed' },
      ]).map((a) => a.tag),
    ).toEqual(['open']);
  });

  it('keeps the first of two closed entries', () => {
    expect(
      dedupeAccounts([
        { accountNumber: 'LU1.1', isClosed: true, tag: 'first' },
        { accountNumber: 'LU1.1', isClosed: true, tag: 'second' },
      ]).map((a) => a.tag),
    ).toEqual(['first']);
  });

  it('gives an empty list for no accounts', () => {
    expect(dedupeAccounts([])).toEqual([]);
  });
});

describe('lastPaymentDate', () => {
  it('uses the last payment date when its year is after 2000', () => {
    expect(
      lastPaymentDate({ dateOfLastPay: '2024-11-02T00:00:00', dateOfReferral: '2023-01-15' }),
    ).toBe('2024-11-02');
  });

  it('uses the referral date when the last payment year is 2000 or earlier', () => {
    expect(lastPaymentDate({ dateOfLastPay: '2000-12-31', dateOfReferral: '2023-01-15' })).toBe(
      '2023-01-15',
    );
    expect(
      lastPaymentDate({ dateOfLastPay: '0001-01-01T00:00:00', dateOfReferral: '2023-01-15' }),
    ).toBe('2023-01-15');
  });

  it('uses the referral date when there is no last payment date', () => {
    expect(lastPaymentDate({ dateOfLastPay: null, dateOfReferral: '2023-01-15' })).toBe(
      '2023-01-15',
    );
  });

  it('is null when neither date is usable', () => {
    expect(lastPaymentDate({ dateOfLastPay: 'unknown', dateOfReferral: null })).toBeNull();
  });
});
