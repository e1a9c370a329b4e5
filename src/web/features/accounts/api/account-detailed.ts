import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountWithDebtor } from '../../../../domain/types';
import { apiRequest } from '../../../lib/api';

export const accountDetailedQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: ['accounts', 'detailed', accountNumber],
    queryFn: ({ signal }) =>
      apiRequest<AccountWithDebtor | null>('/api/v2/Account/Detailed', {
        query: { accountNumber },
        signal,
      }),
  });

export function useAccountDetailed(accountNumber: string) {
  return useQuery(accountDetailedQuery(accountNumber));
}
