/**
 * The webhook queue in the database (issue 42): what the dispatcher (dispatcher.ts) enqueues,
 * claims and settles. Every step is safe with several server processes on one database:
 *
 * - enqueue: each enabled endpoint has its own cursor in `events`. The events after it (of the
 *   endpoint's client) up to the feed's committed cursor become deliveries, and the cursor moves,
 *   in one transaction whose cursor update names the cursor it read: of two processes doing the
 *   same, one moves it and the other writes nothing. Cursors commit in order without gaps
 *   (events/record.ts), so reading `cursor > mine` never skips an event.
 * - claim: due deliveries get a lease (`lease_owner`, `lease_until`) in one statement of the
 *   shared lease queue (jobs/lease-queue.ts); on PostgreSQL the rows are picked FOR UPDATE SKIP
 *   LOCKED, so two processes never claim one row and never wait for each other. A later delivery of an account is not due while an earlier one
 *   of the same endpoint and account is pending: one endpoint receives one account's events in
 *   order.
 * - settle: the outcome is written only by the lease's owner, with its attempt in the log.
 */
import { sql } from 'kysely';
import type { Db } from '../db/types';
import { claimLeased, releaseLeased, settleLeased } from '../jobs/lease-queue';
import type { DeliveryStatus, WebhookDeliveriesTable } from './tables';

/** Events enqueued per endpoint and pass (a long backlog takes several passes). */
export const ENQUEUE_BATCH = 500;
/** Retries end this long after a delivery was enqueued (or redelivered): it then fails. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * The first retry's delay; each further one doubles, up to RETRY_MAX_MS. A server may be started
 * with another (WEBHOOK_RETRY_BASE_MS): the end-to-end tests use 1 s to see real retries quickly.
 */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 6 * 60 * 60 * 1000;

export type DeliveryRow = Omit<WebhookDeliveriesTable, 'id'> & { id: number | string };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The delay before retry `n + 1` after `n` failed attempts: 30 s · 2^(n−1), at most 6 h, times a
 * random factor in [0.75, 1.25) so endpoints that failed together do not retry together.
 */
export function retryDelayMs(
  failedAttempts: number,
  random: number = Math.random(),
  baseMs: number = RETRY_BASE_MS,
): number {
  const exponential = baseMs * 2 ** Math.max(0, Math.min(failedAttempts - 1, 30));
  return Math.round(Math.min(exponential, RETRY_MAX_MS) * (0.75 + random * 0.5));
}

/**
 * Enqueues, for every enabled endpoint, the events after its cursor; answers how many endpoints
 * are enabled and how many deliveries were made.
 */
export async function enqueue(db: Db, now: Date): Promise<{ endpoints: number; enqueued: number }> {
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'client_id', 'event_cursor'])
    .where('enabled', '=', 1)
    .execute();
  if (endpoints.length === 0) return { endpoints: 0, enqueued: 0 };
  // Every event up to the committed counter is committed (cursors commit in order).
  const counter = await db
    .selectFrom('event_cursors')
    .select('value')
    .where('name', '=', 'events')
    .executeTakeFirst();
  const top = Number(counter?.value ?? 0);
  let total = 0;
  for (const endpoint of endpoints) {
    const from = Number(endpoint.event_cursor);
    if (from >= top) continue;
    let query = db
      .selectFrom('events')
      .select(['cursor', 'id', 'type', 'account_number'])
      .where('cursor', '>', from)
      .where('cursor', '<=', top);
    if (endpoint.client_id !== null) query = query.where('client_id', '=', endpoint.client_id);
    const events = await query.orderBy('cursor').limit(ENQUEUE_BATCH).execute();
    const last = events.at(-1);
    const to = events.length === ENQUEUE_BATCH && last ? Number(last.cursor) : top;
    const stamp = now.toISOString();
    total += await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('webhook_endpoints')
        .set({ event_cursor: to })
        .where('id', '=', endpoint.id)
        .where('event_cursor', '=', endpoint.event_cursor)
        .executeTakeFirst();
      // Another process enqueued this stretch first.
      if (Number(moved.numUpdatedRows) !== 1 || events.length === 0) return 0;
      await trx
        .insertInto('webhook_deliveries')
        .values(
          events.map((event) => ({
            endpoint_id: endpoint.id,
            event_id: event.id,
            event_cursor: event.cursor,
            event_type: event.type,
            account_number: event.account_number,
            status: 'pending' as const,
            attempt_count: 0,
            next_attempt_at: stamp,
            give_up_at: iso(now.getTime() + RETRY_WINDOW_MS),
            lease_owner: null,
            lease_until: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
        .execute();
      return events.length;
    });
  }
  return { endpoints: endpoints.length, enqueued: total };
}

/**
 * Claims at most `limit` due deliveries of enabled endpoints for `owner` until `now + leaseMs`,
 * oldest event first; none of them has an earlier pending delivery of its account and endpoint.
 */
export async function claim(
  db: Db,
  options: { postgres: boolean; owner: string; now: Date; limit: number; leaseMs: number },
): Promise<DeliveryRow[]> {
  const stamp = options.now.toISOString();
  const due = db
    .selectFrom('webhook_deliveries as d')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', stamp)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', stamp)]))
    .where('d.endpoint_id', 'in', (eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select('webhook_endpoints.id')
        .where('webhook_endpoints.enabled', '=', 1),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as p')
            .select(sql.lit(1).as('one'))
            .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('p.account_number', '=', 'd.account_number')
            .where('p.status', '=', 'pending')
            .whereRef('p.event_cursor', '<', 'd.event_cursor'),
        ),
      ),
    )
    .orderBy('d.event_cursor')
    .limit(options.limit);
  const rows: DeliveryRow[] = await claimLeased(db, 'webhook_deliveries', due, options);
  return rows.sort((a, b) => Number(a.event_cursor) - Number(b.event_cursor));
}

export interface AttemptOutcome {
  at: Date;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Writes the outcome of an attempt at `delivery` (2xx: delivered; else a retry, or failed when
 * the next retry would come after its give-up time), if `owner` still holds its lease.
 */
export async function settle(
  db: Db,
  delivery: DeliveryRow,
  owner: string,
  outcome: AttemptOutcome,
  now: Date,
  random: number = Math.random(),
  retryBaseMs: number = RETRY_BASE_MS,
): Promise<DeliveryStatus | null> {
  const ok = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
  const attempts = Number(delivery.attempt_count) + 1;
  const next = now.getTime() + retryDelayMs(attempts, random, retryBaseMs);
  const status: DeliveryStatus = ok
    ? 'delivered'
    : next > Date.parse(delivery.give_up_at)
      ? 'failed'
      : 'pending';
  return db.transaction().execute(async (trx) => {
    const held = await settleLeased(trx, 'webhook_deliveries', delivery.id, owner, {
      status,
      attempt_count: attempts,
      next_attempt_at: status === 'pending' ? iso(next) : null,
      lease_owner: null,
      lease_until: null,
      updated_at: now.toISOString(),
    });
    if (!held) return null;
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        at: outcome.at.toISOString(),
        http_status: outcome.httpStatus,
        error: outcome.error,
        duration_ms: Math.max(0, Math.round(outcome.durationMs)),
      })
      .execute();
    return status;
  });
}

/** Hands back the leases of `owner` (a process stopping before it sent them). */
export async function release(
  db: Db,
  owner: string,
  ids: readonly (number | string)[],
): Promise<void> {
  await releaseLeased(db, 'webhook_deliveries', owner, ids);
}
