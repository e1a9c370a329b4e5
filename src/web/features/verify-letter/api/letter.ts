import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { OfferCode } from '../utils/offer-code';

/** The parts of a settlement letter (spec §3 Letter) this page reads. */
export interface Letter {
  letterId: number;
  accountNumber: string;
  firstName: string | null;
  optionCount: number;
}

export const letterQuery = ({ accountNumber, letterId }: OfferCode) =>
  queryOptions({
    queryKey: ['letters', accountNumber, letterId],
    queryFn: ({ signal }) =>
      apiRequest<Letter | null>('/api/v2/Account/Letter', {
        query: { accountNumber, letterId },
        signal,
      }),
  });

export function useLetter(code: OfferCode) {
  return useQuery(letterQuery(code));
}
