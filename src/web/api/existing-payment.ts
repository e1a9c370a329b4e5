import { apiRequest } from '../lib/api';

/** POST Account/GetExistingPayment: whether a payment is already taken or scheduled that day. */
export async function hasExistingPayment(input: {
  accountNumber: string;
  dateOfPayment: string;
  amount?: number;
}): Promise<boolean> {
  return (
    (await apiRequest<boolean>('/api/v2/Account/GetExistingPayment', { body: input })) === true
  );
}
