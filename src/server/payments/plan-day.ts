/**
 * Moving a plan's payments to another day of the month online (issue 22): what it would do today,
 * and doing it once. See plan-changes.ts for the rules all plan changes share.
 */
import type { FastifyRequest } from 'fastify';
import { changePaymentDay, type DayChange } from '../../domain/plan-changes';
import { dayChangeStatement } from '../../domain/plan-change-texts';
import type { PaymentDayChange } from '../../generated/types/api/payment-day-change';
import type { PlanChangeResult } from '../../generated/types/api/plan-change-result';
import { authOf } from '../auth/guard';
import type { PublishedContent } from '../content/store';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { accountSubject, recordEvent } from '../events/record';
import { ApiError, languageOf } from '../http/errors';
import type { Language } from '../http/messages';
import { toDollars } from '../money';
import { confirmationCode } from '../routes/forms';
import type { ArrangementWithPayments } from '../routes/mappers';
import { arrangementsOf } from './account-state';
import {
  apiPayment,
  asPlanPayment,
  changeablePlan,
  planChangeConfig,
  planFacts,
  type PlanChangeConfig,
} from './plan-changes';
import type { PaymentServices } from './services';

interface DayChangePlan {
  plan: ArrangementWithPayments;
  change: DayChange;
  statement: string;
  version: string;
}

async function planDayChange(
  ctx: PortalContext,
  services: PaymentServices,
  config: PlanChangeConfig,
  account: AccountRow,
  debtorId: number,
  language: Language,
  day: number,
): Promise<DayChangePlan> {
  const plan = changeablePlan(await arrangementsOf(ctx.db, account.id));
  const change = changePaymentDay(
    plan.payments.map(asPlanPayment),
    day,
    ctx.today(),
    config.calendar,
  );
  if (!change) throw new ApiError(422, 'paymentDayNotChangeable');
  const facts = await planFacts(ctx, services, config, account, debtorId, plan);
  const statement = dayChangeStatement(
    config.content,
    language,
    facts,
    day,
    change.moves.map((move) => ({ date: move.date, cents: move.payment.cents })),
  );
  return { plan, change, statement, version: config.content.version };
}

const apiMove = (move: DayChange['moves'][number]) => ({
  from: move.payment.date,
  date: move.date,
  amount: toDollars(move.payment.cents),
});

/** GET Account/PaymentDayChange: what moving the payments to `day` would do today. */
export async function dayChangePreview(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
  day: number,
): Promise<PaymentDayChange> {
  const { debtorId } = authOf(request);
  const found = await planDayChange(
    ctx,
    services,
    planChangeConfig(ctx),
    account,
    debtorId,
    languageOf(request),
    day,
  );
  return {
    arrangementId: found.plan.arrangement.id,
    day,
    moved: found.change.moves.map(apiMove),
    kept: found.change.kept.map(apiPayment),
    sent: found.change.sent.map(apiPayment),
    statement: found.statement,
    contentVersion: found.version,
  };
}

/**
 * POST Account/ChangePaymentDay: moves the payments of the plan the debtor saw, in one
 * transaction. Each payment is first given a stand-in date and then its new one, so no two
 * payments of the plan ever hold one day (a unique key) in between; the writes are conditional
 * (still open, not sent), so a concurrent change makes this one 409, undone whole.
 */
export async function changePaymentDayOnline(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
  arrangementId: number,
  day: number,
  shown: PublishedContent,
): Promise<PlanChangeResult> {
  const auth = authOf(request);
  const language = languageOf(request);
  const config = planChangeConfig(ctx, shown);
  const found = await planDayChange(ctx, services, config, account, auth.debtorId, language, day);
  if (found.plan.arrangement.id !== arrangementId) throw new ApiError(409, 'planChanged');
  const confirmation = confirmationCode('DAY');
  const stamp = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const phase of ['stand-in', 'final'] as const) {
      for (const move of found.change.moves) {
        const moved = await trx
          .updateTable('arrangement_payments')
          .set({ pay_date: phase === 'final' ? move.date : `~${move.payment.id}` })
          .where('id', '=', move.payment.id)
          .where('arrangement_id', '=', arrangementId)
          .where('pay_date', '=', phase === 'final' ? `~${move.payment.id}` : move.payment.date)
          .where('status', 'in', ['PostDate', 'Rejected'])
          .where('is_pending_post', '=', 0)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, 'planChanged');
      }
    }
    await trx
      .insertInto('plan_changes')
      .values({
        debtor_id: auth.debtorId,
        account_id: account.id,
        arrangement_id: arrangementId,
        new_arrangement_id: null,
        kind: 'change-day',
        confirmation,
        session_id: auth.sid,
        language,
        content_version: found.version,
        published_version: config.publishedVersion,
        statement: found.statement,
        details: JSON.stringify({
          day,
          moved: found.change.moves.map((m) => ({
            from: m.payment.date,
            date: m.date,
            cents: m.payment.cents,
          })),
        }),
        created_at: stamp,
      })
      .execute();
    // The agency's event, the transaction's last write (events/record.ts).
    await recordEvent(trx, {
      type: 'plan.payment_day_changed',
      at: stamp,
      subject: await accountSubject(trx, account.id),
      data: {
        confirmation,
        planRef: found.plan.arrangement.external_ref,
        day,
        moved: found.change.moves.map((m) => ({
          from: m.payment.date,
          payDate: m.date,
          amountCents: m.payment.cents,
        })),
      },
    });
  });
  request.log.info({ confirmation, moved: found.change.moves.length }, 'payment day changed');
  return {
    confirmation,
    kind: 'change-day',
    stopped: [],
    kept: found.change.kept.map(apiPayment),
    sent: found.change.sent.map(apiPayment),
    moved: found.change.moves.map(apiMove),
    statement: found.statement,
  };
}
