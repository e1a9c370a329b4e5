import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import { apiRequest } from '../lib/api';
import type { FundingMethod } from '../../generated/types/api/funding-method';

/** A saved payment method (spec §3 Funding method). */
export type { FundingMethod };

export const fundingMethodsQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: ['funding-methods', accountNumber],
    queryFn: async ({ signal }) =>
      (await apiRequest<FundingMethod[] | null>('/api/v2/Debtor/FundingMethods', {
        query: { accountNumber },
        signal,
      })) ?? [],
  });

export function useFundingMethods(accountNumber: string, enabled = true) {
  return useQuery({ ...fundingMethodsQuery(accountNumber), enabled });
}
