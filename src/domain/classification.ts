/**
 * Account classification (spec section 4): settled, bankruptcy, viewable when closed, the
 * de-duplicated account list and the last-payment date.
 */
import { addDays, datePart, yearOf } from './dates';
import { normalizeAccountNumber } from './masking';
import type { Account } from './types';

/** Closed accounts stay viewable this many days after their last update. */
export const CLOSED_VIEWABLE_DAYS = 45;

/** Closed and paid in full or settled: PIF, SIF, or a status code ending in IF. */
export function isSettled(
  account: Pick<Account, 'isClosed' | 'isPif' | 'isSif' | 'statusCode'>,
): boolean {
  if (!account.isClosed) return false;
  const code = (account.statusCode ?? '').trim().toUpperCase();
  return account.isPif || account.isSif || code.endsWith('IF');
}

/** A bankruptcy account: status code BNK. */
export function isBankruptcy(account: Pick<Account, 'statusCode'>): boolean {
  return (account.statusCode ?? '').trim().toUpperCase() === 'BNK';
}

/** Whether a closed account with this last viewable date is still shown today (that day included). */
export function isViewableClosed(
  lastViewableDate: string | null | undefined,
  today: string,
): boolean {
  if (!lastViewableDate) return false;
  return datePart(lastViewableDate) >= today;
}

/** The last day a closed account is shown: as sent, else 45 days after its last update. */
export function lastViewableDate(
  account: Pick<Account, 'lastViewableDate' | 'lastUpdateDate'>,
): string | null {
  if (account.lastViewableDate) return datePart(account.lastViewableDate);
  if (account.lastUpdateDate)
    return addDays(datePart(account.lastUpdateDate), CLOSED_VIEWABLE_DAYS);
  return null;
}

/** Open accounts are always viewable; closed ones until their last viewable date. */
export function isAccountViewable(
  account: Pick<Account, 'isClosed' | 'lastViewableDate' | 'lastUpdateDate'>,
  today: string,
): boolean {
  return !account.isClosed || isViewableClosed(lastViewableDate(account), today);
}

/**
 * One entry per account number (compared trimmed and upper case); an open entry wins over a
 * closed one, otherwise the first wins. Sorted by account number.
 */
export function dedupeAccounts<T extends Pick<Account, 'accountNumber' | 'isClosed'>>(
  accounts: readonly T[],
): T[] {
  const byNumber = new Map<string, T>();
  for (const account of accounts) {
    const key = normalizeAccountNumber(account.accountNumber);
    const kept = byNumber.get(key);
    if (!kept || (kept.isClosed && !account.isClosed)) byNumber.set(key, account);
  }
  return [...byNumber.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, account]) => account);
}

/**
 * The date of the last payment as `YYYY-MM-DD`: dateOfLastPay when its year is after 2000 (older
 * values are placeholders), otherwise the referral date; null when neither is usable.
 */
export function lastPaymentDate(
  account: Pick<Account, 'dateOfLastPay' | 'dateOfReferral'>,
): string | null {
  if (account.dateOfLastPay && yearOf(account.dateOfLastPay) > 2000) {
    return datePart(account.dateOfLastPay);
  }
  return account.dateOfReferral ? datePart(account.dateOfReferral) : null;
}
