/** The debtor's messages (issue 43): GET Messages and Messages/{id} (v2), as they were sent. */
import type { DocumentMessage } from '@/generated/types/api/document-message';
import type { DocumentMessageList } from '@/generated/types/api/document-message-list';
import { apiRequest } from '@/web/lib/api';
import { useQuery } from '@/web/lib/query-client';

export type SentMessage = DocumentMessageList[number];
export type { DocumentMessage };

export function useSentMessages() {
  return useQuery({
    queryKey: ['messages'],
    queryFn: async ({ signal }) =>
      (await apiRequest<DocumentMessageList | null>('/api/v2/Messages', { signal })) ?? [],
  });
}

export function useSentMessage(id: string) {
  return useQuery({
    queryKey: ['messages', id],
    queryFn: ({ signal }) =>
      apiRequest<DocumentMessage>(`/api/v2/Messages/${encodeURIComponent(id)}`, { signal }),
  });
}
