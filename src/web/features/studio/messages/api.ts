/**
 * The studio's messages (issue 43): reads of GET /messages/preview, /messages, /messages/:id and
 * /message-counts (schemas/api/studio-message-*.schema.json; src/server/studio/messages-routes.ts).
 */
import type { StudioMessageCounts } from '@/generated/types/api/studio-message-counts';
import type { StudioMessageEvidence } from '@/generated/types/api/studio-message-evidence';
import type { MessageSummary, StudioMessageList } from '@/generated/types/api/studio-message-list';
import type { Rendering, StudioMessagePreview } from '@/generated/types/api/studio-message-preview';
import type { StudioMessagesQuery } from '@/generated/types/api/studio-messages-query';
import { useQuery } from '@/web/lib/query-client';
import { studioCall } from '../api/client';

export type { MessageSummary, Rendering, StudioMessageCounts, StudioMessageEvidence };
export type MessagePreview = StudioMessagePreview;
export type MessageStatus = NonNullable<StudioMessagesQuery['status']>;
export type MessageFilters = Omit<StudioMessagesQuery, 'limit'>;

export const MESSAGE_STATUSES: readonly MessageStatus[] = [
  'outbox',
  'pending',
  'sent',
  'bounced',
  'failed',
  'skipped',
];

const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

export function useMessagePreview(kind: string | undefined, draft: number | undefined) {
  return useQuery({
    queryKey: ['studio', 'message-preview', kind, draft],
    queryFn: () =>
      studioCall<MessagePreview>('GET', '/messages/preview', { query: { kind, draft } }),
    enabled: kind !== undefined,
    ...fresh,
  });
}

export function useMessages(filters: MessageFilters) {
  return useQuery({
    queryKey: ['studio', 'messages', filters],
    queryFn: () => studioCall<StudioMessageList>('GET', '/messages', { query: { ...filters } }),
    ...fresh,
  });
}

export function useMessage(id: string | undefined) {
  return useQuery({
    queryKey: ['studio', 'message', id],
    queryFn: () =>
      studioCall<StudioMessageEvidence>('GET', `/messages/${encodeURIComponent(id ?? '')}`),
    enabled: id !== undefined,
    ...fresh,
  });
}

export function useMessageCounts(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: ['studio', 'message-counts', range],
    queryFn: () => studioCall<StudioMessageCounts>('GET', '/message-counts', { query: range }),
    ...fresh,
  });
}
