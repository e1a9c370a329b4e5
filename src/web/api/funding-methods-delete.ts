import { useMutation, useQueryClient } from '../lib/query-client';
import { apiRequest } from '../lib/api';

export interface DeleteFundingInput {
  /** Any of the debtor's accounts: saved methods belong to the debtor. */
  accountNumber: string;
  fundingId: number;
}

/** DELETE Debtor/FundingMethod: the method is removed and detached from open scheduled payments. */
export function deleteFundingMethod({ accountNumber, fundingId }: DeleteFundingInput) {
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
