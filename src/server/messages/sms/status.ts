/**
 * `POST /api/messages/sms/status` (issue 43): the SMS provider's signed delivery receipt of a text
 * the outbox sent (webhooks.ts: Standard Webhooks with SMS_WEBHOOK_SECRET; forged, stale or
 * unsigned 401, a body of the wrong shape 400, never a 5xx for bad input). The receipt names the
 * portal's message id (given to the provider as its idempotency key) and the provider's id: the
 * text's row gets `delivery_status` (delivered, failed, undelivered), the carrier's error code and
 * the time. A receipt whose ids do not match a text the portal sent (another message, another
 * number, another provider id) changes nothing and is answered `known: false` with a 200, so the
 * provider does not retry it for ever. A receipt may come before the send's own answer is written
 * (the row still `pending`): it is recorded all the same. Receipts may come out of order (a
 * provider's retry, a late `delivered` after a `failed`): one older than the receipt already
 * recorded changes nothing, and the answer is the recorded status.
 */
import type { Db } from '../../db/types';
import type { SmsStatusEvent } from './webhooks';

export const SMS_STATUS_URL = '/api/messages/sms/status';

export interface StatusOutcome {
  known: boolean;
  deliveryStatus: SmsStatusEvent['data']['status'] | null;
}

/** Records a verified receipt on its text's row. */
export async function recordSmsStatus(
  db: Db,
  event: SmsStatusEvent,
  now: Date,
): Promise<StatusOutcome> {
  const { data } = event;
  const row = await db
    .selectFrom('messages')
    .select(['id', 'address', 'provider_id'])
    .where('id', '=', data.messageId)
    .where('channel', '=', 'sms')
    .executeTakeFirst();
  const matches =
    row !== undefined &&
    row.address === data.to &&
    (row.provider_id === null || row.provider_id === data.providerMessageId);
  if (!matches) return { known: false, deliveryStatus: null };
  const at = new Date(data.at).toISOString();
  const updated = await db
    .updateTable('messages')
    .set({
      delivery_status: data.status,
      delivery_error: data.status === 'delivered' ? null : data.errorCode,
      delivered_at: at,
      updated_at: now.toISOString(),
    })
    .where('id', '=', data.messageId)
    .where((eb) => eb.or([eb('delivered_at', 'is', null), eb('delivered_at', '<=', at)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return { known: true, deliveryStatus: data.status };
  const recorded = await db
    .selectFrom('messages')
    .select('delivery_status')
    .where('id', '=', data.messageId)
    .executeTakeFirstOrThrow();
  return {
    known: true,
    deliveryStatus: recorded.delivery_status as StatusOutcome['deliveryStatus'],
  };
}
