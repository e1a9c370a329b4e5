import { queryOptions } from '@tanstack/react-query';
import type { DocumentList } from '../../generated/types/api/document-list';
import { apiRequest, apiResponse } from '../lib/api';
import { useQuery } from '../lib/query-client';

/** One row of My documents (GET Documents, v2): its kind and facts; the words are the page's. */
export type DocumentRow = DocumentList[number];

export const documentsQuery = (accountNumber: string | undefined) =>
  queryOptions({
    queryKey: ['documents', accountNumber ?? null],
    queryFn: async ({ signal }) =>
      (await apiRequest<DocumentList | null>('/api/v2/Documents', {
        query: accountNumber ? { accountNumber } : {},
        signal,
      })) ?? [],
  });

/** The debtor's documents, newest first; of one account when `accountNumber` is given. */
export function useDocuments(accountNumber: string | undefined) {
  return useQuery(documentsQuery(accountNumber));
}

/** One document's PDF, in the page's language (the session's token: a plain link cannot fetch it). */
export async function downloadDocument(id: string): Promise<Blob> {
  const response = await apiResponse(`/api/v2/Documents/${encodeURIComponent(id)}`, {
    accept: 'application/pdf',
  });
  if (!response) throw new Error('no document');
  return response.blob();
}
