import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import { dedupeAccounts } from '../../domain/classification';
import type { Account } from '../../domain/types';
import type { AccountOverview as ApiAccountOverview } from '../../generated/types/api/account-list';
import { apiRequest } from '../lib/api';

/**
 * An account as ListOverview sends it: the account plus what its dashboard card shows, decided
 * by the server (the payment options offered, pending payments, the paid-off percent, whether its
 * plan may be changed online).
 */
export type AccountOverview = Account &
  Pick<
    ApiAccountOverview,
    'paymentOptions' | 'pendingPaymentsTotal' | 'paidOffPercent' | 'planModifiableOnline'
  >;

/** The signed-in debtor's accounts: one per account number, sorted (spec §4). */
export const accountsOverviewQuery = queryOptions({
  queryKey: ['accounts', 'overview'],
  queryFn: async ({ signal }) =>
    dedupeAccounts(
      (await apiRequest<AccountOverview[] | null>('/api/v2/Account/ListOverview', { signal })) ??
        [],
    ),
});

export function useAccountsOverview() {
  return useQuery(accountsOverviewQuery);
}
