import type { ExistingPaymentRequest } from '@/generated/types/api/existing-payment-request';
import type { ExistingPaymentResult } from '@/generated/types/api/existing-payment-result';
import { apiRequest } from '../lib/api';

/** POST Account/GetExistingPayment: whether a payment is already taken or scheduled that day. */
export async function hasExistingPayment(input: ExistingPaymentRequest): Promise<boolean> {
  return (
    (await apiRequest<ExistingPaymentResult>('/api/v2/Account/GetExistingPayment', {
      body: input,
    })) === true
  );
}
