/**
 * The `returned` delta of a streamed import (schemas/import-record.schema.json): a payment that
 * came back (a bank return, a chargeback), named by the confirmation code the portal showed or by
 * the `ref` of a payment an import posted. In the batch's transaction, once: its transaction is
 * marked returned (`transactions.returned_date`, migration 0022; the account page's history says
 * so, with the day), and a `payment.returned` event is written
 * (events/record.ts, the transaction's last write for this record). A payment already returned
 * changes nothing, so the same file again changes 0 rows and writes no event.
 */
import type { Transaction } from 'kysely';
import { accountSubject, recordEvent } from '../events/record';
import { resolveDay } from '../dates';
import type { ReturnedDelta } from '../../generated/types/import-record';
import type { Database } from './types';

export type ReturnOutcome = 'changed' | 'unchanged' | { reason: string };

/** The reason an event carries when the file gives none. */
const DEFAULT_REASON = 'returned';

export async function writeReturn(
  trx: Transaction<Database>,
  accountId: number,
  delta: ReturnedDelta,
  today: string,
  stamp: string,
): Promise<ReturnOutcome> {
  let found = trx
    .selectFrom('transactions')
    .select(['id', 'amount_cents', 'returned_date', 'confirmation_code', 'external_ref'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .limit(1);
  found =
    delta.confirmationCode !== undefined
      ? found.where('confirmation_code', '=', delta.confirmationCode)
      : found.where('external_ref', '=', delta.ref ?? '');
  const payment = await found.executeTakeFirst();
  if (!payment) {
    const named =
      delta.confirmationCode !== undefined
        ? `/confirmationCode: names no payment of this account (${delta.confirmationCode})`
        : `/ref: names no payment of this account (${delta.ref})`;
    return { reason: named };
  }
  if (payment.returned_date !== null) return 'unchanged';
  const day = delta.date === undefined ? today : (resolveDay(delta.date, today) ?? today);
  const marked = await trx
    .updateTable('transactions')
    .set({ returned_date: day })
    .where('id', '=', payment.id)
    .where('returned_date', 'is', null)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) return 'unchanged';
  const amount = Math.abs(payment.amount_cents);
  // The balance stays the agency's: neither a portal payment nor a posted one lowered it here (the
  // agency's balance delta does), so its return does not raise it.
  await trx
    .updateTable('accounts')
    .set({ last_update_date: day, updated_at: stamp })
    .where('id', '=', accountId)
    .execute();
  await recordEvent(trx, {
    type: 'payment.returned',
    at: stamp,
    subject: await accountSubject(trx, accountId),
    data: {
      confirmation: (delta.confirmationCode ?? payment.confirmation_code ?? delta.ref ?? '').slice(
        0,
        64,
      ),
      amountCents: amount,
      returnedOn: day,
      reason: delta.reason ?? DEFAULT_REASON,
    },
  });
  return 'changed';
}
