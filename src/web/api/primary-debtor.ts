import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../lib/query-client';
import { apiRequest } from '../lib/api';
import type { Debtor } from '../../domain/types';

export const primaryDebtorQuery = queryOptions({
  queryKey: ['debtor', 'primary'],
  queryFn: ({ signal }) =>
    apiRequest<Debtor | null>('/api/v2/Debtor/PrimaryDebtorInfo', { signal }),
});

export function usePrimaryDebtor() {
  return useQuery(primaryDebtorQuery);
}
