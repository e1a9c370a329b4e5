import { useMutation, useQueryClient } from '../lib/query-client';
import type { Debtor } from '../../domain/types';
import { apiRequest } from '../lib/api';

/** The contact-information form's data (flows/forms/contact-information.json). */
export type ContactDetails = Record<string, unknown>;

/** Account/UpdateDebtorDetails answers the updated debtor. */
export function updateDebtorDetails(details: ContactDetails) {
  return apiRequest<Debtor>('/api/v2/Account/UpdateDebtorDetails', { body: details });
}

/** Every cached copy of the debtor (primary info and each account's details) is refetched. */
export function useUpdateDebtorDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDebtorDetails,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['debtor'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]),
  });
}
