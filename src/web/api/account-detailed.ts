import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountWithDebtor, Arrangement, Transaction } from '../../domain/types';
import { apiRequest } from '../lib/api';

/** An arrangement as GET Account/Detailed sends it: the domain shape plus its online flags. */
export interface DetailedArrangement extends Arrangement {
  /** Its remaining balance may be paid online. */
  allowRemaining: boolean;
  /** It may be changed online (funding, reschedule); otherwise the debtor calls. */
  modifiableOnline: boolean;
}

export interface DetailedTransaction extends Transaction {
  id: number;
}

/** GET Account/Detailed (spec §3 AccountWithDebtor). */
export interface AccountDetailed extends Omit<AccountWithDebtor, 'arrangements' | 'transactions'> {
  arrangements: DetailedArrangement[];
  transactions: DetailedTransaction[];
}

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
