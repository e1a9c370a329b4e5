import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import type { LocalizedText } from '../../domain/rules';
import { apiRequest } from '../lib/api';

/** GET Account/GetPaymentSettings: the client's settings (spec §3) and its notices. */
export interface PaymentSettings {
  minSinglePayment: number;
  minMonthlyPayment: number;
  allowCreditCard: boolean;
  allowDebitCard: boolean;
  allowBankAccount: boolean;
  maxMonthlyPayments: number;
  allowSifArr: boolean;
  allowPifArr: boolean;
  maxSinglePayDaysInFuture: number;
  allowPcoMinPay: boolean;
  clientId: string;
  supportPhoneNumber: string | null;
  /** One client's notice that payments are taken on its own site. */
  endOfPathNotice: {
    paymentUrl: string;
    heading: LocalizedText;
    text: LocalizedText;
    linkText: LocalizedText;
  } | null;
}

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
