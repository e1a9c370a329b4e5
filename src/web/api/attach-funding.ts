import { useMutation, useQueryClient } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/** Set payment method (spec §3): one scheduled payment (`paymentId`) or all future ones. */
export interface AttachFundingInput {
  accountNumber: string;
  fundingId: number;
  /** Absent: every future payment of the arrangement. */
  paymentId?: number;
}

export function attachFunding({ accountNumber, fundingId, paymentId }: AttachFundingInput) {
  return paymentId === undefined
    ? apiRequest<unknown>('/api/v2/Account/AttachFundingToAll', {
        body: { accountNumber, fundingId },
      })
    : apiRequest<unknown>('/api/v2/Account/AttachFunding', {
        body: { accountNumber, fundingId, targetId: paymentId },
      });
}

/** Attaches a saved method; account data is refetched afterwards (spec §7). */
export function useAttachFunding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachFunding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
