import { useAccountDetailed } from './account-detailed';

/**
 * The account (GET Account/Detailed) and the payment variants it offers, which the server decides
 * with the payment-options rules and the account's plans (no plan calls from the page).
 */
export function useAccountOptions(accountNumber: string) {
  const detailed = useAccountDetailed(accountNumber);
  return { detailed, options: detailed.data?.paymentOptions };
}
