/**
 * The named data sources of page files (flows/pages, `data`): each reads one thing through the
 * query cache (so a route's `handle.prefetch` has it in flight) and adds its facts, the names the
 * page file's rules (`when`, `from`, `prefill`) read.
 */
import { useParams } from 'react-router-dom';
import type { Debtor } from '@/domain/types';
import { accountDetailedQuery } from '@/web/api/account-detailed';
import { paymentSettingsQuery } from '@/web/api/payment-settings';
import { primaryDebtorQuery } from '@/web/api/primary-debtor';
import { useRole } from '@/web/hooks/use-role';
import { useQuery } from '@/web/lib/query-client';
import { debtorFullName } from '@/web/utils/debtor-name';
import type { DataSourceName } from './names';

/** What a source's read looks like to the page: its state, and its facts once it has data. */
export interface SourceState {
  /** False for a source that is not asked for (the signed-in debtor when signed out). */
  enabled: boolean;
  pending: boolean;
  error: unknown;
  facts: Record<string, unknown> | undefined;
}

function debtorFacts(debtor: Debtor): Record<string, unknown> {
  return { debtor, debtorName: debtorFullName(debtor) };
}

/** A source's hook; every page calls every source's hook, asking only for the ones it names. */
type SourceHook = (enabled: boolean) => SourceState;

function state(
  query: { isPending: boolean; error: unknown },
  facts: Record<string, unknown> | undefined,
  enabled: boolean,
): SourceState {
  return {
    enabled,
    pending: enabled && query.isPending,
    error: enabled ? query.error : null,
    facts,
  };
}

/** Every source by name; each is a hook, called on every render of a page that names it. */
export const DATA_SOURCE_HOOKS: Record<DataSourceName, SourceHook> = {
  /** GET Account/Detailed for :accountNumber: facts account, debtor and debtorName. */
  account: function useAccountSource(enabled) {
    const { accountNumber = '' } = useParams();
    const query = useQuery({ ...accountDetailedQuery(accountNumber), enabled });
    const data = enabled ? query.data : undefined;
    const facts = data ? { account: data.account, ...debtorFacts(data.debtor) } : undefined;
    return state(query, facts, enabled);
  },
  /** GET Account/GetPaymentSettings for :accountNumber: fact paymentSettings. */
  paymentSettings: function usePaymentSettingsSource(enabled) {
    const { accountNumber = '' } = useParams();
    const query = useQuery({ ...paymentSettingsQuery(accountNumber), enabled });
    const data = enabled ? query.data : undefined;
    return state(query, data ? { paymentSettings: data } : undefined, enabled);
  },
  /** The signed-in debtor (Debtor/PrimaryDebtorInfo): facts debtor and debtorName. */
  signedInDebtor: function useSignedInDebtorSource(enabled) {
    const signedIn = useRole() === 'account';
    const query = useQuery({ ...primaryDebtorQuery, enabled: enabled && signedIn });
    const data = enabled && signedIn ? query.data : undefined;
    return state(query, data ? debtorFacts(data) : undefined, enabled && signedIn);
  },
};
