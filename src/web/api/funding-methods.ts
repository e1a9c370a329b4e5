import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/** A saved payment method (spec §3 Funding method). */
export interface FundingMethod {
  id: number;
  /** 'Visa ****1111', 'Checking ****6789' (bank words in the caller's language). */
  name: string;
  type: 'card' | 'bank';
  accountNumberMask: string;
  expiration: string | null;
  isExpired: boolean;
  brand?: string | null;
  cardType?: 'credit' | 'debit' | null;
  bankAccountType?: 'checking' | 'savings' | null;
}

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
