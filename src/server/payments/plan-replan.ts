/**
 * Changing a plan online (issue 22): another number of monthly payments for what the plan still
 * expects, confirmed with a new payment authorization. See plan-changes.ts for the rules all plan
 * changes share.
 */
import type { FastifyRequest } from 'fastify';
import { authorizationTexts } from '../../domain/payment-authorization';
import { replanOptions, type PlanPayment, type ReplanOptions } from '../../domain/plan-changes';
import { localize } from '../../engine/i18n/split';
import type { PlanChangeOptions } from '../../generated/types/api/plan-change-options';
import type { PlanChangeResult } from '../../generated/types/api/plan-change-result';
import { authOf } from '../auth/guard';
import type { PublishedContent } from '../content/store';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { accountSubject, recordEvents } from '../events/record';
import { scheduleOf } from '../events/types';
import { ApiError, languageOf } from '../http/errors';
import { toDollars } from '../money';
import { confirmationCode } from '../routes/forms';
import type { ArrangementWithPayments } from '../routes/mappers';
import { arrangementsOf } from './account-state';
import { fundingName } from './funding';
import type { FundingMethodRow } from './tables';
import {
  apiPayment,
  asPlanPayment,
  changeablePlan,
  planChangeConfig,
  planFacts,
  type PlanChangeConfig,
  revokeRecurringAuthorizations,
} from './plan-changes';
import type { PaymentServices } from './services';

/** Whether the client allows a plan of this type online (bif: allowPifArr; sif: allowSifArr). */
function clientAllows(
  services: PaymentServices,
  account: AccountRow,
  plan: ArrangementWithPayments,
): boolean {
  const { payment } = services.clients.forClient(account.client_id);
  switch (plan.arrangement.type) {
    case 'PIF':
    case 'PPA':
      return payment.allowPifArr;
    case 'SIF':
      return payment.allowSifArr;
    default:
      // A letter's settlement (LET), or a type not known here: not changed online.
      return false;
  }
}

interface ReplanPlan {
  plan: ArrangementWithPayments;
  options: ReplanOptions;
}

async function planReplan(
  ctx: PortalContext,
  services: PaymentServices,
  account: AccountRow,
  day: number | undefined,
): Promise<ReplanPlan> {
  const plan = changeablePlan(await arrangementsOf(ctx.db, account.id));
  if (!clientAllows(services, account, plan)) throw new ApiError(422, 'planChangeNotAllowed');
  const client = services.clients.forClient(account.client_id);
  const options = replanOptions(
    plan.payments.map(asPlanPayment),
    ctx.today(),
    planChangeConfig(ctx).calendar,
    {
      maxMonths: client.payment.maxMonthlyPayments,
      minMonthlyCents: client.minMonthlyPaymentCents,
    },
    day,
  );
  if (!options || options.choices.length === 0) throw new ApiError(422, 'planChangeNotAllowed');
  return { plan, options };
}

const savingsOf = (plan: ArrangementWithPayments): number =>
  plan.arrangement.type === 'SIF' || plan.arrangement.type === 'LET'
    ? Math.max(0, plan.arrangement.begin_balance_cents - plan.arrangement.amount_cents)
    : 0;

/**
 * The new payment authorization of a plan's choices, in the caller's language: the same texts the
 * debtor reads (PlanChangeOptions) and the change keeps (ChangePlan). The new payments keep the
 * method the plan's payments were made with.
 */
async function authorizationFor(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
  plan: ArrangementWithPayments,
  moving: PlanPayment[],
  config: PlanChangeConfig,
): Promise<{
  funding: FundingMethodRow | undefined;
  method: string;
  texts: (choice: ReplanOptions['choices'][number]) => ReturnType<typeof authorizationTexts>;
}> {
  const auth = authOf(request);
  const language = languageOf(request);
  const facts = await planFacts(ctx, services, config, account, auth.debtorId, plan);
  const fundingId = plan.payments.find(
    (p) => moving.some((m) => m.id === p.id) && p.funding_id,
  )?.funding_id;
  const funding = fundingId
    ? await ctx.db
        .selectFrom('funding_methods')
        .selectAll()
        .where('id', '=', fundingId)
        .executeTakeFirst()
    : undefined;
  const method = funding
    ? fundingName(request, funding)
    : localize(config.content.changePlan.noMethod, language);
  const texts = (choice: ReplanOptions['choices'][number]) =>
    authorizationTexts(config.authorization.content, language, {
      name: facts.name,
      agency: facts.agency,
      creditor: facts.creditor,
      accountNumber: facts.accountNumber,
      method,
      phone: facts.phone,
      action: localize(config.content.changePlan.action, language),
      payments: choice.schedule,
    });
  return { funding, method, texts };
}

/** GET Account/PlanChangeOptions: the plan as it stands and every plan allowed for what is left. */
export async function planChangeOptions(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
  day: number | undefined,
): Promise<PlanChangeOptions> {
  const { plan, options } = await planReplan(ctx, services, account, day);
  const moving = splitMoving(plan, options);
  const { texts } = await authorizationFor(
    ctx,
    services,
    request,
    account,
    plan,
    moving,
    planChangeConfig(ctx),
  );
  return {
    arrangementId: plan.arrangement.id,
    type: plan.arrangement.type as PlanChangeOptions['type'],
    paid: toDollars(options.paidCents),
    remaining: toDollars(options.remainingCents),
    total: toDollars(
      [...options.kept, ...options.sent].reduce(
        (sum, p) => sum + p.cents,
        options.paidCents + options.remainingCents,
      ),
    ),
    savings: toDollars(savingsOf(plan)),
    current: moving.map(apiPayment),
    kept: options.kept.map(apiPayment),
    sent: options.sent.map(apiPayment),
    day: options.day,
    choices: options.choices.map((choice) => {
      const { agreement, eSign, authorization, version } = texts(choice);
      return {
        months: choice.months,
        perMonth: toDollars(choice.perMonthCents),
        schedule: choice.schedule.map(({ date, cents }) => ({ date, amount: toDollars(cents) })),
        agreement,
        eSign,
        authorization,
        contentVersion: version,
      };
    }),
  };
}

/** The payments a new plan replaces: the open ones that neither stay nor were sent. */
function splitMoving(plan: ArrangementWithPayments, options: ReplanOptions): PlanPayment[] {
  const staying = new Set([...options.kept, ...options.sent].map((p) => p.id));
  return plan.payments
    .map(asPlanPayment)
    .filter((p) => (p.status === 'PostDate' || p.status === 'Rejected') && !staying.has(p.id))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
}

/**
 * POST Account/ChangePlan: replaces the plan the debtor saw with the one they chose, confirmed
 * with a new payment authorization, in one transaction (conditional writes: a concurrent change
 * makes this one 409, undone whole).
 */
export async function changePlanOnline(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  account: AccountRow,
  body: { arrangementId: number; months: number; day: number },
  shown: PublishedContent,
): Promise<PlanChangeResult> {
  const auth = authOf(request);
  const language = languageOf(request);
  const { plan, options } = await planReplan(ctx, services, account, body.day);
  if (plan.arrangement.id !== body.arrangementId) throw new ApiError(409, 'planChanged');
  const choice = options.choices.find((c) => c.months === body.months);
  if (!choice) throw new ApiError(422, 'planChangeNotAllowed');
  const moving = splitMoving(plan, options);
  const config = planChangeConfig(ctx, shown);
  const authorization = await authorizationFor(
    ctx,
    services,
    request,
    account,
    plan,
    moving,
    config,
  );
  const { funding, method } = authorization;
  const texts = authorization.texts(choice);
  const confirmation = confirmationCode('PLN');
  const stamp = ctx.now().toISOString();
  const today = ctx.today();
  const old = plan.arrangement;
  await ctx.db.transaction().execute(async (trx) => {
    const stopped = await trx
      .updateTable('arrangement_payments')
      .set({ status: 'Canceled' })
      .where(
        'id',
        'in',
        moving.map((p) => p.id),
      )
      .where('arrangement_id', '=', old.id)
      .where('status', 'in', ['PostDate', 'Rejected'])
      .where('is_pending_post', '=', 0)
      .executeTakeFirst();
    const ended = await trx
      .updateTable('arrangements')
      .set({ active: 0, cancelled_at: stamp })
      .where('id', '=', old.id)
      .where('active', '=', 1)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) !== moving.length || Number(ended.numUpdatedRows) !== 1) {
      throw new ApiError(409, 'planChanged');
    }
    const created = await trx
      .insertInto('arrangements')
      .values({
        account_id: account.id,
        external_ref: `web-${confirmation}`,
        type: old.type,
        amount_cents: old.amount_cents,
        active: 1,
        begin_balance_cents: old.begin_balance_cents,
        created: today,
        allow_remaining: old.allow_remaining,
        modifiable_online: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The payments within the cutoff are still taken: they belong to the new plan now.
    for (const kept of options.kept) {
      await trx
        .updateTable('arrangement_payments')
        .set({ arrangement_id: created.id })
        .where('id', '=', kept.id)
        .execute();
    }
    for (const payment of choice.schedule) {
      await trx
        .insertInto('arrangement_payments')
        .values({
          arrangement_id: created.id,
          pay_date: payment.date,
          amount_cents: payment.cents,
          status: 'PostDate',
          is_pending_post: 0,
          is_electronic: 1,
          funding_id: funding?.id ?? null,
          paid_with: funding ? method : null,
          confirmation: null,
          submitted: null,
          approved: null,
          satisfied: null,
          created: stamp,
        })
        .execute();
    }
    await revokeRecurringAuthorizations(trx, old.id, stamp, confirmation);
    await trx
      .insertInto('plan_changes')
      .values({
        debtor_id: auth.debtorId,
        account_id: account.id,
        arrangement_id: old.id,
        new_arrangement_id: created.id,
        kind: 'change-plan',
        confirmation,
        session_id: auth.sid,
        language,
        content_version: texts.version,
        published_version: config.publishedVersion,
        statement: texts.authorization,
        details: JSON.stringify({
          months: choice.months,
          day: options.day,
          stopped: moving.map(({ date, cents }) => ({ date, cents })),
          kept: options.kept.map(({ date, cents }) => ({ date, cents })),
          schedule: choice.schedule,
          agreement: texts.agreement,
          eSign: texts.eSign,
        }),
        created_at: stamp,
      })
      .execute();
    // The agency's events, the transaction's last write (events/record.ts).
    const subject = await accountSubject(trx, account.id);
    await recordEvents(trx, [
      {
        type: 'plan.changed',
        at: stamp,
        subject,
        data: {
          confirmation,
          planRef: `web-${confirmation}`,
          previousPlanRef: old.external_ref,
          months: choice.months,
          day: options.day,
          schedule: scheduleOf([...options.kept, ...choice.schedule]),
          stopped: scheduleOf(moving),
        },
      },
      {
        type: 'esign.consent_given',
        at: stamp,
        subject,
        data: {
          confirmation,
          textsVersion: texts.version,
          contentVersion: config.publishedVersion ?? null,
          language,
        },
      },
    ]);
  });
  request.log.info({ confirmation, months: choice.months }, 'plan changed');
  return {
    confirmation,
    kind: 'change-plan',
    stopped: moving.map(apiPayment),
    kept: options.kept.map(apiPayment),
    sent: options.sent.map(apiPayment),
    moved: [],
    statement: texts.authorization,
  };
}
