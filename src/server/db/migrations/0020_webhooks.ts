/**
 * Webhooks (issue 42, item 2; src/server/webhooks/): the second way events leave the portal.
 *
 * - `webhook_endpoints`: where an admin asked events to be sent (studio, webhook-routes.ts). The
 *   signing secret (`whsec_…`, shown once) is stored encrypted with a key derived from the server
 *   secret (auth/keys.ts), never in plain text; on rotation the previous one is kept, encrypted,
 *   until `previous_expires_at` (24 h) and both sign. `event_cursor` is the endpoint's own place in
 *   `events`: the dispatcher enqueues what lies after it (within the endpoint's client).
 * - `webhook_deliveries`: one per endpoint and event (unique), pending until a 2xx answer
 *   (delivered) or until its retries run out (failed). `lease_until`/`lease_owner` are the claim
 *   of the process sending it now: no other process sends it while the lease holds.
 * - `webhook_attempts`: the delivery log, one row per try (HTTP status or error, duration).
 *
 * Kysely types: src/server/webhooks/tables.ts.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('webhook_endpoints')
    /** `wh_` and 16 hex digits. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** Only this client's events; null for every client. */
    .addColumn('client_id', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    /** AES-256-GCM of the `whsec_…` secret (studio/totp.ts encryptSecret). */
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_expires_at', 'text')
    .addColumn('secret_rotated_at', 'text')
    /** The last event cursor enqueued for this endpoint (bigint: a string on PostgreSQL). */
    .addColumn('event_cursor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const deliveries = db.schema.createTable('webhook_deliveries');
  await (
    postgres
      ? deliveries.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : deliveries.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_cursor', 'bigint', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text')
    /** pending | delivered | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    /** When it is next due (null once delivered or failed). */
    .addColumn('next_attempt_at', 'text')
    /** After this no retry is scheduled: the delivery fails (3 days after it was enqueued). */
    .addColumn('give_up_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_endpoint_event', ['endpoint_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_account')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'account_number', 'status', 'event_cursor'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_list')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();

  const attempts = db.schema.createTable('webhook_attempts');
  await (
    postgres
      ? attempts.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : attempts.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('delivery_id', 'bigint', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    /** What went wrong without an answer (timeout, refused, …): a short code, never a body. */
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
