/**
 * The delivery log as the studio shows it (studio/webhook-routes.ts): an endpoint's deliveries,
 * newest first, each with its attempts, and a redelivery.
 */
import type { Db } from '../db/types';
import { RETRY_WINDOW_MS, type DeliveryRow } from './queue';
import type { DeliveryStatus } from './tables';

/** Deliveries per page of the log. */
export const LOG_PAGE = 50;

export interface DeliveryRecord {
  id: string;
  eventId: string;
  eventType: string;
  cursor: string;
  accountNumber: string | null;
  status: DeliveryStatus;
  nextAttemptAt: string | null;
  attempts: { at: string; httpStatus: number | null; error: string | null; durationMs: number }[];
}

export interface LogFilter {
  status?: DeliveryStatus | undefined;
  account?: string | undefined;
  /** Only deliveries older than this one (the `next` of the page before). */
  before?: string | undefined;
}

async function withAttempts(db: Db, rows: DeliveryRow[]): Promise<DeliveryRecord[]> {
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where('delivery_id', 'in', ids)
          .orderBy('id')
          .execute();
  const byDelivery = new Map<string, DeliveryRecord['attempts']>();
  for (const attempt of attempts) {
    const key = String(attempt.delivery_id);
    const list = byDelivery.get(key) ?? [];
    list.push({
      at: attempt.at,
      httpStatus: attempt.http_status === null ? null : Number(attempt.http_status),
      error: attempt.error,
      durationMs: Number(attempt.duration_ms),
    });
    byDelivery.set(key, list);
  }
  return rows.map((row) => ({
    id: String(row.id),
    eventId: row.event_id,
    eventType: row.event_type,
    cursor: String(row.event_cursor),
    accountNumber: row.account_number,
    status: row.status,
    nextAttemptAt: row.next_attempt_at,
    attempts: byDelivery.get(String(row.id)) ?? [],
  }));
}

/** A page of endpoint `endpointId`'s deliveries, newest first, and the `before` of the next. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  filter: LogFilter,
): Promise<{ deliveries: DeliveryRecord[]; next: string | null }> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.account !== undefined) query = query.where('account_number', '=', filter.account);
  if (filter.before !== undefined) query = query.where('id', '<', Number(filter.before));
  const rows = await query
    .orderBy('id', 'desc')
    .limit(LOG_PAGE + 1)
    .execute();
  const page = rows.slice(0, LOG_PAGE);
  const last = page.at(-1);
  return {
    deliveries: await withAttempts(db, page),
    next: rows.length > LOG_PAGE && last ? String(last.id) : null,
  };
}

/** One delivery with its attempts, or undefined. */
export async function deliveryRecord(db: Db, id: string): Promise<DeliveryRecord | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', Number(id))
    .executeTakeFirst();
  return row ? (await withAttempts(db, [row]))[0] : undefined;
}

/**
 * Sends delivery `id` again (whatever its status): pending and due now, with a new 3-day retry
 * window; its attempts stay in the log. False for an unknown delivery.
 */
export async function redeliver(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: now.toISOString(),
      give_up_at: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', Number(id))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
