import { queryOptions } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/** GET Account/MoveNextPaymentArgs: the next payment and the days it may move to. */
export interface MoveNextPaymentArgs {
  paymentId: number;
  currentDate: string;
  earliestDate: string;
  latestDate: string;
}

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
    mutationFn: (input: { accountNumber: string; paymentDate: string }) =>
      apiRequest<{ paymentId: number; paymentDate: string }>('/api/v2/Account/MoveNextPayment', {
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
