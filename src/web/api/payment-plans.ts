/** The plans an account is offered (spec section 7), read by the payment journey and the option picker. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiPaymentPlan } from '../../domain/payment-journey';
import { apiRequest, isApiError } from '../lib/api';

/** GET Account/GetPaymentPlans or GetSettlementPlans; a 404 means none (spec section 4). */
export const plansQuery = (accountNumber: string, kind: 'payment' | 'settlement') =>
  queryOptions({
    queryKey: ['accounts', 'plans', kind, accountNumber],
    queryFn: async ({ signal }) => {
      const path =
        kind === 'payment'
          ? '/api/v2/Account/GetPaymentPlans'
          : '/api/v2/Account/GetSettlementPlans';
      try {
        const plans = await apiRequest<ApiPaymentPlan[] | null>(path, {
          query: { accountNumber },
          signal,
        });
        if (!plans) {
          throw new Error(
            kind === 'payment' ? 'Payment plans not returned' : 'Settlement plans not returned',
          );
        }
        return plans;
      } catch (error) {
        if (isApiError(error, 404)) return [];
        throw error;
      }
    },
  });
