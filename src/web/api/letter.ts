import { queryOptions } from '@tanstack/react-query';
import type { AccountLetterQuery } from '@/generated/types/api/account-letter-query';
import { useQuery } from '../lib/query-client';
import { apiRequest } from '../lib/api';
import type {
  Letter,
  LetterOption,
  LetterPayer,
  LetterPayment,
} from '../../generated/types/api/letter';

/** GET Account/Letter (answers both letter-role and account-role users), its options and payer. */
export type { Letter, LetterOption, LetterPayer, LetterPayment };

export const letterQuery = ({ accountNumber, letterId }: AccountLetterQuery) =>
  queryOptions({
    queryKey: ['letters', accountNumber, letterId],
    queryFn: async ({ signal }) => {
      const letter = await apiRequest<Letter | null>('/api/v2/Account/Letter', {
        query: { accountNumber, letterId },
        signal,
      });
      if (!letter) throw new Error('Letter not returned');
      return letter;
    },
  });

export function useLetter(key: AccountLetterQuery) {
  return useQuery(letterQuery(key));
}
