/**
 * Route data asked for as the navigation starts, alongside the page's own chunk: without this a
 * page's requests would wait for its code to download (a request waterfall on first load). The
 * router calls a route's `handle.prefetch` when the address changes (and once at start), before
 * React renders; navigation never waits for data, and the page's queries then find the request in
 * flight or its answer cached. Only for a signed-in account session: anyone else is on the way to
 * sign-in.
 */
import type { Params } from 'react-router-dom';
import { accountDetailedQuery } from '../api/account-detailed';
import { accountsOverviewQuery } from '../api/accounts-overview';
import { fundingMethodsQuery } from '../api/funding-methods';
import { paymentSettingsQuery } from '../api/payment-settings';
import { primaryDebtorQuery } from '../api/primary-debtor';
import { queryClient } from '../lib/query-client';
import { currentRole } from '../lib/session';

/** Asks for a route's data, given the route's parameters. */
export type Prefetch = (params: Params) => void;

function prefetching(prefetch: Prefetch): Prefetch {
  return (params) => {
    if (currentRole() === 'account') prefetch(params);
  };
}

/**
 * The payment journey's data, for account and letter sessions alike: the account and its settings
 * and payment methods (the plans and the letter wait for the page, which knows the variant).
 */
export const paymentData: Prefetch = ({ accountNumber }) => {
  const role = currentRole();
  if (!accountNumber || role === 'none') return;
  if (role === 'account') void queryClient.prefetchQuery(accountDetailedQuery(accountNumber));
  void queryClient.prefetchQuery(paymentSettingsQuery(accountNumber));
  void queryClient.prefetchQuery(fundingMethodsQuery(accountNumber));
};

export const dashboardData = prefetching(() => {
  void queryClient.prefetchQuery(primaryDebtorQuery);
  void queryClient.prefetchQuery(accountsOverviewQuery);
});

export const debtorData = prefetching(() => {
  void queryClient.prefetchQuery(primaryDebtorQuery);
});

/** The account's details (dispute, payment options). */
export const accountDetailsData = prefetching(({ accountNumber }) => {
  if (accountNumber) void queryClient.prefetchQuery(accountDetailedQuery(accountNumber));
});

/** The account's details and payment settings (account page, bankruptcy). */
export const accountData = prefetching(({ accountNumber }) => {
  if (!accountNumber) return;
  void queryClient.prefetchQuery(accountDetailedQuery(accountNumber));
  void queryClient.prefetchQuery(paymentSettingsQuery(accountNumber));
});
