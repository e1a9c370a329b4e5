/**
 * Moving the next scheduled payment (spec section 5 "Reschedule dialog"): the next payment is
 * the earliest open one (PostDate or Rejected, not pending post) dated today or later. It may be
 * moved to a day from today to the latest allowed day: MOVE_MAX_DAYS after its current day, and
 * before the following payment; never to the day it is already on. An arrangement that cannot be
 * modified online is refused.
 */
import type { MoveNextPaymentArgs } from '@/generated/types/api/move-next-payment-args';
import type { PortalContext } from '../context';
import { addDays, isValidDay } from '../dates';
import type { AccountRow, ArrangementPaymentRow } from '../db/types';
import { accountSubject, recordEvent } from '../events/record';
import { ApiError } from '../http/errors';
import { activeArrangement, modifiableOnline } from '../routes/mappers';
import { arrangementsOf } from './account-state';

export const MOVE_MAX_DAYS = 15;

export async function moveArgs(
  ctx: PortalContext,
  account: AccountRow,
): Promise<{ args: MoveNextPaymentArgs; payments: ArrangementPaymentRow[]; planRef: string }> {
  const today = ctx.today();
  const active = activeArrangement(await arrangementsOf(ctx.db, account.id));
  if (!active) throw new ApiError(404, 'noScheduledPayment');
  if (!modifiableOnline(active.arrangement)) throw new ApiError(422, 'arrangementNotModifiable');
  const open = active.payments
    .filter((p) => (p.status === 'PostDate' || p.status === 'Rejected') && !p.is_pending_post)
    .filter((p) => p.pay_date >= today)
    .sort((a, b) => (a.pay_date < b.pay_date ? -1 : a.pay_date > b.pay_date ? 1 : a.id - b.id));
  const next = open[0];
  if (!next) throw new ApiError(404, 'noScheduledPayment');
  const following = open[1];
  let latest = addDays(next.pay_date, MOVE_MAX_DAYS);
  if (following && addDays(following.pay_date, -1) < latest) {
    latest = addDays(following.pay_date, -1);
  }
  if (latest < next.pay_date) latest = next.pay_date;
  return {
    args: {
      paymentId: next.id,
      currentDate: next.pay_date,
      earliestDate: today,
      latestDate: latest,
    },
    payments: active.payments,
    planRef: active.arrangement.external_ref,
  };
}

export async function moveNextPayment(
  ctx: PortalContext,
  account: AccountRow,
  paymentDate: string,
): Promise<{ paymentId: number; paymentDate: string }> {
  const { args, payments, planRef } = await moveArgs(ctx, account);
  const day = paymentDate.slice(0, 10);
  if (!isValidDay(day) || day < args.earliestDate || day > args.latestDate) {
    throw new ApiError(422, 'invalidPaymentDate');
  }
  if (
    day === args.currentDate ||
    payments.some((p) => p.pay_date === day && p.status !== 'Canceled')
  ) {
    throw new ApiError(422, 'paymentAlreadyScheduled');
  }
  const amountCents = payments.find((p) => p.id === args.paymentId)?.amount_cents ?? 0;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('arrangement_payments')
      .set({ pay_date: day })
      .where('id', '=', args.paymentId)
      .execute();
    // The agency's event, the transaction's last write (events/record.ts).
    await recordEvent(trx, {
      type: 'payment.rescheduled',
      at: ctx.now().toISOString(),
      subject: await accountSubject(trx, account.id),
      data: { planRef, from: args.currentDate, payDate: day, amountCents },
    });
  });
  return { paymentId: args.paymentId, paymentDate: day };
}
