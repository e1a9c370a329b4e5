import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import type { AccountWithDebtor } from '../../domain/types';
import { apiRequest } from '../lib/api';

/** GET Account/Detailed (spec §3 AccountWithDebtor). */
export type AccountDetailed = AccountWithDebtor;

export const accountDetailedQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: ['accounts', 'detailed', accountNumber],
    queryFn: async ({ signal }) => {
      const detailed = await apiRequest<AccountDetailed | null>('/api/v2/Account/Detailed', {
        query: { accountNumber },
        signal,
      });
      // Spec §7: an empty answer is an error ('Account details not returned').
      if (!detailed?.account) throw new Error('Account details not returned');
      return detailed;
    },
  });

export function useAccountDetailed(accountNumber: string) {
  return useQuery(accountDetailedQuery(accountNumber));
}
