/**
 * The Activity screen's calls (issue 42, item 4): the events the portal wrote (GET /events) and
 * the webhook endpoints with their delivery log (GET /webhooks, GET /webhooks/:id/deliveries),
 * with the types generated from their schemas (schemas/api/studio-events*.schema.json,
 * schemas/api/studio-webhook-*.schema.json).
 */
import type { ActivityEvent, StudioEvents } from '@/generated/types/api/studio-events';
import type { EventType, StudioEventsQuery } from '@/generated/types/api/studio-events-query';
import type { StudioWebhookDeliveries } from '@/generated/types/api/studio-webhook-deliveries';
import type { StudioWebhookDelivery } from '@/generated/types/api/studio-webhook-delivery';
import type { StudioWebhookDeliveryRecord } from '@/generated/types/api/studio-webhook-delivery-record';
import type { StudioWebhookEndpoint } from '@/generated/types/api/studio-webhook-endpoint';
import type { StudioWebhookEndpointAnswer } from '@/generated/types/api/studio-webhook-endpoint-answer';
import type { StudioWebhookEndpoints } from '@/generated/types/api/studio-webhook-endpoints';
import type { StudioWebhookSecret } from '@/generated/types/api/studio-webhook-secret';
import { useQuery } from '@/web/lib/query-client';
import { studioCall } from './client';

export type { ActivityEvent, EventType };
/** GET /events: a page, newest first, and the cursor of the next (older) one. */
export type EventsPage = StudioEvents;
/** The screen's filters and page (the server's own page size). */
export type EventFilters = Omit<StudioEventsQuery, 'limit'>;
/** GET /webhooks (a row). */
export type WebhookEndpoint = StudioWebhookEndpoint;
/** GET /webhooks (the list). */
export type WebhookEndpoints = StudioWebhookEndpoints;
/** POST /webhooks (201) and POST /webhooks/:id/rotate: the endpoint and its secret, once. */
export type WebhookSecret = StudioWebhookSecret;
/** POST /webhooks/:id/disable and /enable. */
export type WebhookEndpointAnswer = StudioWebhookEndpointAnswer;
/** GET /webhooks/:id/deliveries (a row). */
export type WebhookDelivery = StudioWebhookDeliveryRecord;
/** GET /webhooks/:id/deliveries: a page, and the cursor of the next (older) one. */
export type WebhookDeliveries = StudioWebhookDeliveries;
/** POST /webhooks/deliveries/:id/redeliver (202). */
export type Redelivered = StudioWebhookDelivery;

const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

export function useEvents(filters: EventFilters) {
  return useQuery({
    queryKey: ['studio', 'events', filters],
    queryFn: () => studioCall<EventsPage>('GET', '/events', { query: { ...filters } }),
    ...fresh,
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: ['studio', 'webhooks'],
    queryFn: () => studioCall<WebhookEndpoints>('GET', '/webhooks'),
    ...fresh,
  });
}

export function useDeliveries(endpointId: string | null, before: string | undefined) {
  return useQuery({
    queryKey: ['studio', 'deliveries', endpointId, before],
    queryFn: () =>
      studioCall<WebhookDeliveries>(
        'GET',
        `/webhooks/${encodeURIComponent(endpointId ?? '')}/deliveries`,
        { query: { before } },
      ),
    enabled: endpointId !== null,
    ...fresh,
  });
}
