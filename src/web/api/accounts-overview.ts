import { queryOptions, useQuery } from '@tanstack/react-query';
import { dedupeAccounts } from '../../domain/classification';
import type { Account } from '../../domain/types';
import { apiRequest } from '../lib/api';

/** The signed-in debtor's accounts: one per account number, sorted (spec §4). */
export const accountsOverviewQuery = queryOptions({
  queryKey: ['accounts', 'overview'],
  queryFn: async ({ signal }) =>
    dedupeAccounts(
      (await apiRequest<Account[] | null>('/api/v2/Account/ListOverview', { signal })) ?? [],
    ),
});

export function useAccountsOverview() {
  return useQuery(accountsOverviewQuery);
}
