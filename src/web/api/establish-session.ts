import type { QueryClient } from '@tanstack/react-query';
import type { Account, Debtor } from '../../domain/types';
import type { TokenPair } from '@/generated/types/api/token-pair';
import { clearTokens, saveTokens } from '../lib/session';
import { accountsOverviewQuery } from './accounts-overview';
import { primaryDebtorQuery } from './primary-debtor';
import { SessionSetupError } from './session-setup-error';

export { SessionSetupError, type SessionSetupFailure } from './session-setup-error';

function checkedTokens(tokens: Partial<TokenPair> | null | undefined): TokenPair {
  if (!tokens) throw new SessionSetupError('noToken');
  if (!tokens.accessToken || !tokens.refreshToken) throw new SessionSetupError('incompleteToken');
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/**
 * Saves an account sign-in's tokens, then loads the debtor and the account list in parallel into
 * the query cache (so the next page renders without waiting). Undoes the sign-in if either is empty.
 */
export async function establishAccountSession(
  queryClient: QueryClient,
  tokens: Partial<TokenPair> | null | undefined,
): Promise<{ debtor: Debtor; accounts: Account[] }> {
  const pair = checkedTokens(tokens);
  queryClient.clear();
  saveTokens(pair);
  try {
    const [debtor, accounts] = await Promise.all([
      queryClient.fetchQuery(primaryDebtorQuery),
      queryClient.fetchQuery(accountsOverviewQuery),
    ]);
    if (!debtor) throw new SessionSetupError('noDebtor');
    if (!accounts || accounts.length === 0) throw new SessionSetupError('noAccounts');
    return { debtor, accounts };
  } catch (error) {
    clearTokens();
    queryClient.clear();
    throw error;
  }
}

/** Saves a letter sign-in's tokens, dropping anything cached for an earlier session. */
export function establishLetterSession(
  queryClient: QueryClient,
  tokens: Partial<TokenPair> | null | undefined,
): void {
  const pair = checkedTokens(tokens);
  queryClient.clear();
  saveTokens(pair);
}
