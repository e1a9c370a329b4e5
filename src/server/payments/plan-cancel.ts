/**
 * Cancelling a plan online (issue 22): what it would do today, and doing it once. See
 * plan-changes.ts for the rules all plan changes share.
 */
import type { FastifyRequest } from 'fastify';
import { cancellation, type PlanPayment } from '../../domain/plan-changes';
import { cancellationTexts, type CancellationTexts } from '../../domain/plan-change-texts';
import type { PlanCancellation } from '../../generated/types/api/plan-cancellation';
import type { PlanChangeResult } from '../../generated/types/api/plan-change-result';
import { authOf } from '../auth/guard';
import type { PublishedContent } from '../content/store';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { accountSubject, recordEvent } from '../events/record';
import { scheduleOf } from '../events/types';
import { ApiError, languageOf } from '../http/errors';
import type { Language } from '../http/messages';
import { confirmationCode } from '../routes/forms';
import type { ArrangementWithPayments } from '../routes/mappers';
import { arrangementsOf } from './account-state';
import {
  apiPayment,
  asPlanPayment,
  changeablePlan,
  planChangeConfig,
  planFacts,
  revokeRecurringAuthorizations,
  type PlanChangeConfig,
} from './plan-changes';
import type { PaymentServices } from './services';

interface CancellationPlan {
  plan: ArrangementWithPayments;
  stopped: PlanPayment[];
  kept: PlanPayment[];
  sent: PlanPayment[];
  texts: CancellationTexts;
}

async function planCancellation(
  ctx: PortalContext,
  services: PaymentServices,
  config: PlanChangeConfig,
  account: AccountRow,
  debtorId: number,
  language: Language,
): Promise<CancellationPlan> {
  const plan = changeablePlan(await arrangementsOf(ctx.db, account.id));
  const result = cancellation(plan.payments.map(asPlanPayment), ctx.today(), config.calendar);
  if (result.cancelled.length === 0) throw new ApiError(422, 'nothingToCancel');
  const facts = await planFacts(ctx, services, config, account, debtorId, plan);
  const texts = cancellationTexts(config.content, language, facts, {
    stopped: result.cancelled,
    kept: result.kept,
  });
  return { plan, stopped: result.cancelled, kept: result.kept, sent: result.sent, texts };
}

/** GET Account/PlanCancellation: what cancelling would do today, and what the debtor reads. */
export async function cancellationPreview(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
): Promise<PlanCancellation> {
  const config = planChangeConfig(ctx);
  const { debtorId } = authOf(request);
  const found = await planCancellation(
    ctx,
    services,
    config,
    account,
    debtorId,
    languageOf(request),
  );
  return {
    arrangementId: found.plan.arrangement.id,
    type: found.plan.arrangement.type as PlanCancellation['type'],
    stopped: found.stopped.map(apiPayment),
    kept: found.kept.map(apiPayment),
    sent: found.sent.map(apiPayment),
    consequences: found.texts.consequences,
    keptNotices: found.texts.kept,
    statement: found.texts.statement,
    contentVersion: found.texts.version,
  };
}

/**
 * POST Account/CancelPlan: cancels the plan the debtor saw (`arrangementId`; another one, or one
 * changed since, is 409), in one transaction whose conditional writes let only one of two
 * concurrent cancellations through.
 */
export async function cancelPlan(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
  arrangementId: number,
  shown: PublishedContent,
): Promise<PlanChangeResult> {
  const config = planChangeConfig(ctx, shown);
  const auth = authOf(request);
  const language = languageOf(request);
  const found = await planCancellation(ctx, services, config, account, auth.debtorId, language);
  if (found.plan.arrangement.id !== arrangementId) throw new ApiError(409, 'planChanged');
  const confirmation = confirmationCode('CXL');
  const stamp = ctx.now().toISOString();
  const stoppedIds = found.stopped.map((p) => p.id);
  const stillActive = found.kept.length + found.sent.length > 0;
  await ctx.db.transaction().execute(async (trx) => {
    // Only open, unsent payments move to Canceled: if another request got there first, fewer rows
    // change and this one is refused, undone whole.
    const stopped = await trx
      .updateTable('arrangement_payments')
      .set({ status: 'Canceled' })
      .where('id', 'in', stoppedIds)
      .where('arrangement_id', '=', arrangementId)
      .where('status', 'in', ['PostDate', 'Rejected'])
      .where('is_pending_post', '=', 0)
      .executeTakeFirst();
    const marked = await trx
      .updateTable('arrangements')
      .set({ cancelled_at: stamp, active: stillActive ? 1 : 0 })
      .where('id', '=', arrangementId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (
      Number(stopped.numUpdatedRows) !== stoppedIds.length ||
      Number(marked.numUpdatedRows) !== 1
    ) {
      throw new ApiError(409, 'planChanged');
    }
    // The recurring authorizations the debtor gave for this plan are revoked from now on.
    await revokeRecurringAuthorizations(trx, arrangementId, stamp, confirmation);
    await trx
      .insertInto('plan_changes')
      .values({
        debtor_id: auth.debtorId,
        account_id: account.id,
        arrangement_id: arrangementId,
        new_arrangement_id: null,
        kind: 'cancel',
        confirmation,
        session_id: auth.sid,
        language,
        content_version: found.texts.version,
        published_version: config.publishedVersion,
        statement: found.texts.statement,
        details: JSON.stringify({
          stopped: found.stopped.map(({ date, cents }) => ({ date, cents })),
          kept: found.kept.map(({ date, cents }) => ({ date, cents })),
          sent: found.sent.map(({ date, cents }) => ({ date, cents })),
        }),
        created_at: stamp,
      })
      .execute();
    // The agency's event, the transaction's last write (events/record.ts).
    await recordEvent(trx, {
      type: 'plan.cancelled',
      at: stamp,
      subject: await accountSubject(trx, account.id),
      data: {
        confirmation,
        planRef: found.plan.arrangement.external_ref,
        stopped: scheduleOf(found.stopped),
        kept: scheduleOf([...found.kept, ...found.sent]),
        active: stillActive,
      },
    });
  });
  request.log.info(
    { confirmation, stopped: stoppedIds.length, kept: found.kept.length },
    'plan cancelled',
  );
  return {
    confirmation,
    kind: 'cancel',
    stopped: found.stopped.map(apiPayment),
    kept: found.kept.map(apiPayment),
    sent: found.sent.map(apiPayment),
    moved: [],
    statement: found.texts.statement,
  };
}
