/**
 * What the account screens show, computed from GET Account/Detailed with the domain rules: the
 * shown arrangement and transaction statuses. (The payment options offered are decided by the
 * server with the same rules, in ListOverview and Account/Detailed.)
 */
import type { ProgressState } from '../../domain/progress';
import type { FirstMatchRules, OptionGroupRules } from '../../domain/rules';
import { activeArrangement } from '../../domain/schedule-status';
import type { Account, ActiveArrangement, Arrangement, Transaction } from '../../domain/types';

export interface AccountData {
  account: Account;
  arrangements: readonly Arrangement[];
}

export interface AccountRules {
  paymentOptions: OptionGroupRules;
  scheduleStatus: FirstMatchRules;
  /** flows/rules/urgent-state.json: what the account needs from the debtor now. */
  urgentState: FirstMatchRules;
  /** flows/rules/account-badges.json: the account's status badges. */
  accountBadges: OptionGroupRules;
  /** flows/rules/suggested-option.json: the payment option the picker marks. */
  suggestedOption: FirstMatchRules;
}

/**
 * The account with its arrangement summary carrying the active arrangement's own
 * allowRemaining flag (the summary does not send it; without it the domain assumes "allowed
 * when something is left", which an agent-made arrangement may forbid).
 */
export function withArrangementFlags({ account, arrangements }: AccountData): Account {
  const summary = account.currentArrangementSummary;
  if (!summary) return account;
  const own = arrangements.find((arrangement) => arrangement.id === summary.id);
  if (!own) return account;
  return {
    ...account,
    currentArrangementSummary: { ...summary, allowRemaining: own.allowRemaining },
  };
}

/** The arrangement whose payments are shown, with its flags (see withArrangementFlags). */
export function shownArrangement(data: AccountData): ActiveArrangement | null {
  return activeArrangement(withArrangementFlags(data), data.arrangements);
}

/** Whether the shown arrangement may be changed online (reschedule, payment method). */
export function isModifiableOnline(data: AccountData): boolean {
  const shown = shownArrangement(data);
  if (!shown) return false;
  return (
    data.arrangements.find((arrangement) => arrangement.id === shown.id)?.modifiableOnline ?? true
  );
}

/** The progress ring's value. */
export interface Progress {
  percent: number;
  state: ProgressState;
}

export type TransactionStatus = 'adjusted' | 'failed' | 'pending' | 'returned' | 'success';

/** The displayed status of a transaction (spec §3). */
export function transactionStatus(
  transaction: Pick<Transaction, 'type' | 'isPending' | 'returnedDate'>,
): TransactionStatus {
  // The agency said the payment came back (an import's returned delta).
  if (transaction.returnedDate) return 'returned';
  if (transaction.isPending) return 'pending';
  if (transaction.type === 'NonSufficientFunds') return 'failed';
  if (transaction.type === 'Adjustment') return 'adjusted';
  return 'success';
}
