import { useMutation, useQueryClient } from '../lib/query-client';
import type { Debtor } from '../../domain/types';
import { apiRequest } from '../lib/api';

/** The communication-preferences form's data (emails, letters, texts, emailAddress). */
export type PreferencesData = Record<string, unknown>;

/** Debtor/SetCommunicationPreferences answers the updated debtor. */
export function setCommunicationPreferences(preferences: PreferencesData) {
  return apiRequest<Debtor>('/api/v2/Debtor/SetCommunicationPreferences', { body: preferences });
}

export function useSetCommunicationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCommunicationPreferences,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['debtor'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]),
  });
}
