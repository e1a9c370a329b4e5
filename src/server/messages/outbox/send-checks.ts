/**
 * What is checked again just before a claimed message is sent (issue 43), on top of the channel's
 * own refusals (a hold, an opt-out, a stop: build.ts emailRefusal, sms-send.ts):
 * - a scheduled message whose payment or offer is no longer due (paid, cancelled, moved, gone) is
 *   kept `skipped` with reason `notDue` (schedule.ts scheduleRefusal);
 * - contact hours (hours.ts): a message whose turn comes outside 08:00–21:00 in any of the
 *   debtor's zones (a retry after a failure, a clock moved past the window) is not sent but put
 *   back to the next allowed instant; a receipt for a payment just made is exempt.
 */
import type { Db } from '../../db/types';
import { dueTime } from './hours';
import { scheduleRefusal } from './schedule';
import { skipMessage } from './queue';
import type { MessagesTable } from './tables';

/** The kinds that go at once, whatever the hour (a receipt for a payment the debtor just made). */
export const EXEMPT_FROM_HOURS: ReadonlySet<string> = new Set(['payment-receipt']);

/**
 * `send` when the claimed message may go now; else it has been skipped (`skipped`) or put back
 * until its hours open (`held`) and the claim released.
 */
export async function checkBeforeSend(
  db: Db,
  row: MessagesTable,
  owner: string,
  now: Date,
): Promise<'send' | 'skipped' | 'held'> {
  const gone = await scheduleRefusal(db, row);
  if (gone) {
    await skipMessage(db, row.id, owner, gone, now);
    return 'skipped';
  }
  if (EXEMPT_FROM_HOURS.has(row.kind) || row.debtor_id === null) return 'send';
  const debtor = await db
    .selectFrom('debtors')
    .select(['zip', 'state'])
    .where('id', '=', row.debtor_id)
    .executeTakeFirst();
  const phones = await db
    .selectFrom('debtor_phones')
    .select('phone_number')
    .where('debtor_id', '=', row.debtor_id)
    .execute();
  const place = {
    zip: debtor?.zip ?? null,
    state: debtor?.state ?? null,
    phones: phones.map((p) => p.phone_number),
  };
  const next = dueTime(now, place, false);
  if (next.getTime() <= now.getTime()) return 'send';
  await db
    .updateTable('messages')
    .set({
      next_attempt_at: next.toISOString(),
      lease_owner: null,
      lease_until: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', row.id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .execute();
  return 'held';
}
