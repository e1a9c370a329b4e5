import type { FundingMethodQuery } from '@/generated/types/api/funding-method-query';
import { useMutation, useQueryClient } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/**
 * DELETE Debtor/FundingMethod: the method is removed and detached from open scheduled payments.
 * The account number is any of the debtor's accounts: saved methods belong to the debtor.
 */
export function deleteFundingMethod({ accountNumber, fundingId }: FundingMethodQuery) {
  return apiRequest<void>('/api/v2/Debtor/FundingMethod', {
    method: 'DELETE',
    query: { accountNumber, fundingId },
  });
}

/** Deletes a saved method, then refetches the methods and the accounts that may have used it. */
export function useDeleteFundingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFundingMethod,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['funding-methods'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]),
  });
}
