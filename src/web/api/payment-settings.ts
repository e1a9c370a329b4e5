import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import type { PaymentSettings } from '../../generated/types/api/payment-settings';
import { apiRequest } from '../lib/api';

/** GET Account/GetPaymentSettings: the client's settings (spec §3) and its notices. */
export type { PaymentSettings };

export const paymentSettingsQuery = (accountNumber: string) =>
  queryOptions({
    queryKey: ['accounts', 'payment-settings', accountNumber],
    queryFn: async ({ signal }) => {
      const settings = await apiRequest<PaymentSettings | null>(
        '/api/v2/Account/GetPaymentSettings',
        { query: { accountNumber }, signal },
      );
      if (!settings) throw new Error('Payment settings not returned');
      return settings;
    },
  });

export function usePaymentSettings(accountNumber: string) {
  return useQuery(paymentSettingsQuery(accountNumber));
}
