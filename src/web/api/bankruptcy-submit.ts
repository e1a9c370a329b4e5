import type { SubmissionResult } from '@/generated/types/api/submission-result';
import { useMutation, useQueryClient } from '../lib/query-client';
import { track } from '../lib/analytics';
import { apiRequest } from '../lib/api';

/** The bankruptcy form's data (flows/forms/bankruptcy.json), accountNumber included. */
export type BankruptcyData = Record<string, unknown>;

/** Account/SubmitBankruptcy: a truthy result means success (spec §7). */
export async function submitBankruptcy(data: BankruptcyData): Promise<SubmissionResult> {
  const result = await apiRequest<SubmissionResult | null>('/api/v2/Account/SubmitBankruptcy', {
    body: data,
  });
  if (!result?.success) throw new Error('Bankruptcy not accepted');
  return result;
}

/** The account is bankruptcy-reported afterwards: its cached data is refetched. */
export function useSubmitBankruptcy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBankruptcy,
    onSuccess: (_result, data) => {
      track('bankruptcy_submitted', { chapter: String(data.chapter) });
      return queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
