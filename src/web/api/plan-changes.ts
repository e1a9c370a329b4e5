/**
 * The plan managed online (issue 22): each change's question (a GET that says what it would do
 * today) and its action (a POST, exactly once: one Idempotency-Key for every retry of the same
 * body, so a retry replays the first answer). A change makes the account's cached reads stale.
 */
import { queryOptions } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../lib/api';
import { shownContentVersion } from '../lib/config';
import { useMutation, useQueryClient } from '../lib/query-client';

/** The reads a plan-change journey stage may show (flows/pages `load.call`), by path. */
export const PLAN_CHANGE_READS = {
  planCancellation: '/api/v2/Account/PlanCancellation',
  paymentDayChange: '/api/v2/Account/PaymentDayChange',
  planChangeOptions: '/api/v2/Account/PlanChangeOptions',
} as const;

/** The actions, by path. */
export const PLAN_CHANGE_ACTIONS = {
  cancelPlan: '/api/v2/Account/CancelPlan',
  changePaymentDay: '/api/v2/Account/ChangePaymentDay',
  changePlan: '/api/v2/Account/ChangePlan',
} as const;

export type PlanChangeRead = keyof typeof PLAN_CHANGE_READS;
export type PlanChangeAction = keyof typeof PLAN_CHANGE_ACTIONS;

export const planChangeReadQuery = (
  read: PlanChangeRead,
  accountNumber: string,
  args: Record<string, string | number | undefined>,
) =>
  queryOptions({
    // Not under 'accounts': a change's success makes those stale, not the question it answered.
    queryKey: ['plan-change', read, accountNumber, args],
    queryFn: ({ signal }) =>
      apiRequest<unknown>(PLAN_CHANGE_READS[read], {
        query: { accountNumber, ...args },
        signal,
      }),
    // What a change would do depends on today and on the plan: asked afresh each time.
    staleTime: 0,
    retry: false,
  });

/** A new Idempotency-Key. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * One plan-change action. The same body always goes with the same key (a retry after a network
 * failure or a double click replays the first answer); another body is another attempt.
 */
export function usePlanChangeAction(action: PlanChangeAction) {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: (asked: Record<string, unknown>) => {
      // The page's content version: the statement is made of the texts shown here.
      const body = { ...asked, ...shownContentVersion() };
      const text = JSON.stringify(body);
      let key = keys.current.get(text);
      if (!key) {
        key = newKey();
        keys.current.set(text, key);
      }
      return apiRequest<unknown>(PLAN_CHANGE_ACTIONS[action], {
        body,
        headers: { 'Idempotency-Key': key },
      });
    },
    // The account page then shows the plan as it now is.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
