import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import { apiRequest } from '../lib/api';

/** One payment of a letter option's schedule. */
export interface LetterPayment {
  date: string;
  amount: number;
}

/** A settlement option of a letter (spec §3 Letter option). */
export interface LetterOption {
  letterOptionId: number;
  letterId: number;
  optionNumber: number;
  dueDate: string;
  dayOfMonthSettlementRequirement: number | null;
  settlementAmount: number;
  paymentAmount: number;
  /** The share taken off the balance, 0..1 (shown as a percent). */
  discount: number;
  numberOfPayments: number;
  paymentSchedule: LetterPayment[];
}

/** Whom the letter was sent to (the payer a letter payment prefills). */
export interface LetterPayer {
  firstName: string | null;
  lastName: string;
  businessName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** GET Account/Letter: answers both letter-role and account-role users. */
export interface Letter {
  letterId: number;
  accountNumber: string;
  letterCode: string;
  firstName: string | null;
  creditorName?: string | null;
  payer?: LetterPayer | null;
  optionCount: number;
  principalBalance: number;
  options: LetterOption[];
}

export interface LetterKey {
  accountNumber: string;
  letterId: number;
}

export const letterQuery = ({ accountNumber, letterId }: LetterKey) =>
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

export function useLetter(key: LetterKey) {
  return useQuery(letterQuery(key));
}
