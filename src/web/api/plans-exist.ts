import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../lib/api';

export type PlanKind = 'payment' | 'settlement';

const PATHS: Record<PlanKind, string> = {
  payment: '/api/v2/Account/GetPaymentPlans',
  settlement: '/api/v2/Account/GetSettlementPlans',
};

interface PlanSummary {
  numMonths: number;
  discountPercent: number;
  savings: number;
}

/**
 * Whether the account has plans of a kind (the payment-options facts paymentPlansExist and
 * settlementPlansExist). Asks for summaries only (no schedules); 404 means none (spec §4). A
 * settlement plan counts only when both its discount and savings are set, as the flow keeps it.
 */
export const plansExistQuery = (accountNumber: string, kind: PlanKind) =>
  queryOptions({
    queryKey: ['accounts', 'plans-exist', kind, accountNumber],
    queryFn: async ({ signal }) => {
      try {
        const plans = await apiRequest<PlanSummary[] | null>(PATHS[kind], {
          query: { accountNumber, summaryOnly: 'true' },
          signal,
        });
        const kept = (plans ?? []).filter(
          (plan) => kind === 'payment' || (plan.discountPercent > 0 && plan.savings > 0),
        );
        return kept.length > 0;
      } catch (error) {
        if (isApiError(error, 404)) return false;
        throw error;
      }
    },
  });

/** Both plan kinds, asked in parallel; `enabled` false skips the requests (not needed). */
export function usePlansExist(accountNumber: string, enabled: boolean) {
  return useQueries({
    queries: (['payment', 'settlement'] as const).map((kind) => ({
      ...plansExistQuery(accountNumber, kind),
      enabled,
    })),
    combine: ([payment, settlement]) => ({
      isPending: enabled && (payment!.isPending || settlement!.isPending),
      isError: payment!.isError || settlement!.isError,
      paymentPlansExist: payment!.data ?? false,
      settlementPlansExist: settlement!.data ?? false,
    }),
  });
}
