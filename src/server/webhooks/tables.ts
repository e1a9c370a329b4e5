/**
 * Kysely types of the tables of migration 0020 (issue 42): webhook endpoints, their deliveries and
 * the delivery log, merged into `Database` (as events/tables.ts does). Same conventions as
 * db/types.ts; bigint columns are strings on PostgreSQL.
 */
import type { Generated } from 'kysely';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  client_id: string | null;
  enabled: number;
  /** Encrypted `whsec_…` (never the secret itself). */
  secret: string;
  previous_secret: string | null;
  previous_expires_at: string | null;
  secret_rotated_at: string | null;
  event_cursor: number | string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number | string>;
  endpoint_id: string;
  event_id: string;
  event_cursor: number | string;
  event_type: string;
  account_number: string | null;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  give_up_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number | string>;
  delivery_id: number | string;
  at: string;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
}

declare module '../db/types' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}
