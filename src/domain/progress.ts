/**
 * How much of a debt is paid off (the dashboard's progress ring), spec section 4.
 */
import { toCents } from './money';
import type { Account, Arrangement } from './types';

/** The most recently created active arrangement, or null. */
export function latestActiveArrangement(arrangements: readonly Arrangement[]): Arrangement | null {
  let latest: Arrangement | null = null;
  for (const arrangement of arrangements) {
    if (!arrangement.active) continue;
    if (!latest || arrangement.created > latest.created) latest = arrangement;
  }
  return latest;
}

/**
 * Paid-off percentage, a whole number from 0 to 100 (floor). 100 when the balance is zero;
 * otherwise 100 - remaining / base * 100, where base is the latest active arrangement's amount
 * when that arrangement is SIF or LET (a settlement), else the original balance, and remaining is
 * the account's remaining balance (its balance when the server sends none).
 */
export function paidOffPercent(
  account: Pick<Account, 'balance' | 'originalBalance' | 'remainingBalance'>,
  arrangements: readonly Arrangement[] = [],
): number {
  if (toCents(account.balance) <= 0) return 100;
  const latest = latestActiveArrangement(arrangements);
  const settlement = latest && (latest.type === 'SIF' || latest.type === 'LET') ? latest : null;
  const base = toCents(
    settlement && settlement.amount > 0 ? settlement.amount : account.originalBalance,
  );
  if (base <= 0) return 0;
  const remaining = toCents(account.remainingBalance ?? account.balance);
  // Integer arithmetic on cents: floor((base - remaining) * 100 / base) has no floating noise.
  const percent = Math.floor(((base - remaining) * 100) / base);
  return Math.min(100, Math.max(0, percent));
}

export type ProgressState = 'not_started' | 'in_progress' | 'paid_off';

export function progressState(percent: number): ProgressState {
  if (percent <= 0) return 'not_started';
  if (percent >= 100) return 'paid_off';
  return 'in_progress';
}

/** The ring is shown only for accounts that are not closed, end-of-process or PCO. */
export function showsProgressRing(account: Pick<Account, 'isClosed' | 'isEop' | 'isPco'>): boolean {
  return !account.isClosed && !account.isEop && !account.isPco;
}
