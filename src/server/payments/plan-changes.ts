/**
 * Plans changed or cancelled online (issue 22), on the server: what a change would do today
 * (shown before the debtor confirms) and doing it, exactly once, in one transaction.
 *
 * The rules are the domain's (src/domain/plan-changes.ts, business days from
 * flows/calendars/us-bank-holidays.json), the words flows/content/plan-change.json's
 * (src/domain/plan-change-texts.ts), so the browser and the server say and do the same.
 *
 * Cancelling: every payment to come whose cutoff has not passed, and every past-due one, is
 * cancelled; a payment within the cutoff (less than 1 business day away) is still taken, one
 * already sent posts. The plan is marked cancelled (and stays active only while such a payment
 * remains), its recurring authorizations are revoked, and the change is kept with the statement
 * the debtor confirmed and a confirmation code. A plan that cannot be modified online (an agent's)
 * is refused: the account page shows the phone number instead.
 *
 * Changing the payment day: every payment to come whose cutoff has not passed moves to the new day
 * of the month, a month apart, in order, with its amount (domain `changePaymentDay`); the others
 * stay. The recurring authorization stays in force (the amounts and the method do not change);
 * the change is kept with the statement the debtor confirmed.
 *
 * Changing the plan: what the plan still expects (its payments to come and past due) is spread
 * again over another number of monthly payments on a day the debtor picks, within the client's
 * limits (domain `replanOptions`); the total, and so a settlement's savings, stay. It is confirmed
 * with a new recurring payment authorization (flows/content/payment-authorization.json, its
 * version kept). One transaction: the old payments stop, a new plan takes their place with the
 * payments that stay (within the cutoff) moved into it, the old plan ends and its authorizations
 * are revoked, superseded.
 */
import type { FastifyRequest } from 'fastify';
import type { HolidayCalendar } from '../../domain/business-days';
import {
  cancellation,
  changePaymentDay,
  replanOptions,
  type DayChange,
  type PlanPayment,
  type ReplanOptions,
} from '../../domain/plan-changes';
import { authorizationTexts } from '../../domain/payment-authorization';
import { localize } from '../../engine/i18n/split';
import {
  dayChangeStatement,
  cancellationTexts,
  type CancellationTexts,
  type PlanChangeContent,
  type PlanFacts,
} from '../../domain/plan-change-texts';
import type { PlanCancellation } from '../../generated/types/api/plan-cancellation';
import type { PaymentDayChange } from '../../generated/types/api/payment-day-change';
import type { PlanChangeOptions } from '../../generated/types/api/plan-change-options';
import type { PlanChangeResult } from '../../generated/types/api/plan-change-result';
import { authOf } from '../auth/guard';
import type { PortalContext } from '../context';
import type { AccountRow, ArrangementPaymentRow } from '../db/types';
import { ApiError, languageOf } from '../http/errors';
import type { Language } from '../http/messages';
import { toDollars } from '../money';
import { confirmationCode } from '../routes/forms';
import { activeArrangement, type ArrangementWithPayments } from '../routes/mappers';
import { displayName, loadDebtor } from '../routes/ownership';
import { arrangementsOf } from './account-state';
import { fundingName } from './funding';
import type { PaymentServices } from './services';

/** What plan changes read from flows/: the texts, the holiday calendar. */
export interface PlanChangeConfig {
  content: PlanChangeContent;
  calendar: HolidayCalendar;
}

export function planChangeConfig(ctx: PortalContext): PlanChangeConfig {
  const content = (ctx.config.content as Record<string, unknown> | undefined)?.['plan-change'];
  const calendar = (ctx.config.calendars as Record<string, unknown> | undefined)?.[
    'us-bank-holidays'
  ];
  if (!content) throw new Error('flows/content/plan-change.json is missing');
  if (!calendar) throw new Error('flows/calendars/us-bank-holidays.json is missing');
  return { content: content as PlanChangeContent, calendar: calendar as HolidayCalendar };
}

const asPlanPayment = (row: ArrangementPaymentRow): PlanPayment => ({
  id: row.id,
  date: row.pay_date,
  cents: row.amount_cents,
  status: row.status,
  pendingPost: Boolean(row.is_pending_post),
});

const apiPayment = (payment: PlanPayment) => ({
  date: payment.date,
  amount: toDollars(payment.cents),
});

/** The plan a change may touch: the active one, modifiable online and not already cancelled. */
function changeablePlan(arrangements: ArrangementWithPayments[]): ArrangementWithPayments {
  const active = activeArrangement(arrangements);
  if (!active || active.arrangement.cancelled_at !== null) throw new ApiError(404, 'noActivePlan');
  if (!active.arrangement.modifiable_online) throw new ApiError(422, 'arrangementNotModifiable');
  return active;
}

async function planFacts(
  ctx: PortalContext,
  services: PaymentServices,
  account: AccountRow,
  debtorId: number,
  plan: ArrangementWithPayments,
): Promise<PlanFacts> {
  const { row: debtor } = await loadDebtor(ctx, debtorId);
  const client = services.clients.forClient(account.client_id);
  const settlement = plan.arrangement.type === 'SIF' || plan.arrangement.type === 'LET';
  return {
    name: displayName(debtor),
    agency: services.authorization.agency,
    accountNumber: account.account_number,
    creditor: account.creditor_name ?? '',
    phone: account.support_phone ?? client.supportPhone ?? '',
    balanceCents: account.balance_cents,
    savingsCents: settlement
      ? Math.max(0, plan.arrangement.begin_balance_cents - plan.arrangement.amount_cents)
      : 0,
    settlement,
    today: ctx.today(),
  };
}

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
  const facts = await planFacts(ctx, services, account, debtorId, plan);
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
): Promise<PlanChangeResult> {
  const config = planChangeConfig(ctx);
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
    await trx
      .updateTable('payment_authorizations')
      .set({ revoked_at: stamp, revoked_by: confirmation })
      .where('recurring', '=', 1)
      .where('revoked_at', 'is', null)
      .where('submission_id', 'in', (eb) =>
        eb
          .selectFrom('payment_submissions')
          .select('id')
          .where('arrangement_id', '=', arrangementId),
      )
      .execute();
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
        statement: found.texts.statement,
        details: JSON.stringify({
          stopped: found.stopped.map(({ date, cents }) => ({ date, cents })),
          kept: found.kept.map(({ date, cents }) => ({ date, cents })),
          sent: found.sent.map(({ date, cents }) => ({ date, cents })),
        }),
        created_at: stamp,
      })
      .execute();
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
  const facts = await planFacts(ctx, services, account, debtorId, plan);
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
): Promise<PlanChangeResult> {
  const auth = authOf(request);
  const language = languageOf(request);
  const found = await planDayChange(
    ctx,
    services,
    planChangeConfig(ctx),
    account,
    auth.debtorId,
    language,
    day,
  );
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

/** GET Account/PlanChangeOptions: the plan as it stands and every plan allowed for what is left. */
export async function planChangeOptions(
  ctx: PortalContext,
  services: PaymentServices,
  account: AccountRow,
  day: number | undefined,
): Promise<PlanChangeOptions> {
  const { plan, options } = await planReplan(ctx, services, account, day);
  const moving = splitMoving(plan, options);
  return {
    arrangementId: plan.arrangement.id,
    type: plan.arrangement.type as PlanChangeOptions['type'],
    paid: toDollars(options.paidCents),
    remaining: toDollars(options.remainingCents),
    savings: toDollars(savingsOf(plan)),
    current: moving.map(apiPayment),
    kept: options.kept.map(apiPayment),
    sent: options.sent.map(apiPayment),
    day: options.day,
    choices: options.choices.map((choice) => ({
      months: choice.months,
      perMonth: toDollars(choice.perMonthCents),
      schedule: choice.schedule.map(({ date, cents }) => ({ date, amount: toDollars(cents) })),
    })),
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
): Promise<PlanChangeResult> {
  const auth = authOf(request);
  const language = languageOf(request);
  const { plan, options } = await planReplan(ctx, services, account, body.day);
  if (plan.arrangement.id !== body.arrangementId) throw new ApiError(409, 'planChanged');
  const choice = options.choices.find((c) => c.months === body.months);
  if (!choice) throw new ApiError(422, 'planChangeNotAllowed');
  const moving = splitMoving(plan, options);
  const config = planChangeConfig(ctx);
  const facts = await planFacts(ctx, services, account, auth.debtorId, plan);
  // The method the plan's payments were made with; the new payments keep it.
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
  const texts = authorizationTexts(services.authorization.content, language, {
    name: facts.name,
    agency: facts.agency,
    creditor: facts.creditor,
    accountNumber: facts.accountNumber,
    method,
    phone: facts.phone,
    action: localize(config.content.changePlan.action, language),
    payments: choice.schedule,
  });
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
    await trx
      .updateTable('payment_authorizations')
      .set({ revoked_at: stamp, revoked_by: confirmation })
      .where('recurring', '=', 1)
      .where('revoked_at', 'is', null)
      .where('submission_id', 'in', (eb) =>
        eb.selectFrom('payment_submissions').select('id').where('arrangement_id', '=', old.id),
      )
      .execute();
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
