import { queryOptions } from '@tanstack/react-query';
import type { MoveNextPaymentArgs } from '@/generated/types/api/move-next-payment-args';
import type { MoveNextPaymentRequest } from '@/generated/types/api/move-next-payment-request';
import type { MoveNextPaymentResult } from '@/generated/types/api/move-next-payment-result';
import { useMutation, useQuery, useQueryClient } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/** GET Account/MoveNextPaymentArgs: the next payment and the days it may move to. */
export const moveNextPaymentArgsQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: ['accounts', 'move-next-payment-args', accountNumber],
    queryFn: ({ signal }) =>
      apiRequest<MoveNextPaymentArgs>('/api/v2/Account/MoveNextPaymentArgs', {
        query: { accountNumber },
        signal,
      }),
    staleTime: 0,
  });

export function useMoveNextPaymentArgs(accountNumber: string, enabled: boolean) {
  return useQuery({ ...moveNextPaymentArgsQuery(accountNumber), enabled });
}

export function useMoveNextPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveNextPaymentRequest) =>
      apiRequest<MoveNextPaymentResult>('/api/v2/Account/MoveNextPayment', {
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
