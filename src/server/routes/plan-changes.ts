/**
 * A plan managed online (issue 22), in /api/v2 only (account role). Each change is a pair: a GET
 * that says what it would do today (and the texts the debtor reads), then a POST that does it,
 * exactly once (Idempotency-Key), and answers the confirmation:
 * - Account/PlanCancellation, Account/CancelPlan (src/server/payments/plan-cancel.ts);
 * - Account/PaymentDayChange, Account/ChangePaymentDay: every payment to come on another day of
 *   the month (plan-day.ts);
 * - Account/PlanChangeOptions, Account/ChangePlan: another number of monthly payments for what the
 *   plan still expects, confirmed with a new payment authorization (plan-replan.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireRole } from '../auth/guard';
import { shownContent } from '../content/shown';
import type { PublishedContent } from '../content/store';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { errorResponses, schemaRef } from '../http/validation';
import { ownAccount } from '../payments/account-state';
import { idempotent } from '../payments/idempotency';
import { cancelPlan, cancellationPreview } from '../payments/plan-cancel';
import { changePaymentDayOnline, dayChangePreview } from '../payments/plan-day';
import { changePlanOnline, planChangeOptions } from '../payments/plan-replan';
import { lazyPaymentServices, type PaymentServices } from '../payments/services';

type Body = Record<string, unknown> & { accountNumber: string };
type Query = Record<string, unknown> & { accountNumber: string };

/** One plan change: its question (GET) and its action (POST), with their schemas and texts. */
interface PlanChange {
  ask: { path: string; summary: string; description: string; query: string; answer: string };
  act: { path: string; summary: string; description: string; body: string; scope: string };
  preview(
    ctx: PortalContext,
    services: PaymentServices,
    request: FastifyRequest,
    account: AccountRow,
    query: Query,
  ): Promise<unknown>;
  apply(
    ctx: PortalContext,
    services: PaymentServices,
    request: FastifyRequest,
    account: AccountRow,
    body: Body,
    shown: PublishedContent,
  ): Promise<unknown>;
}

const CHANGES: PlanChange[] = [
  {
    ask: {
      path: '/Account/PlanCancellation',
      summary: 'What cancelling the active plan would do today (v2 only)',
      description:
        'The payments that would stop, those less than 1 business day away that would still be taken, those already sent, and the texts the debtor reads before confirming (flows/content/plan-change.json, in the caller language). 404 without an active plan; 422 when the plan cannot be changed online or nothing is left to stop.',
      query: 'account-detailed-query',
      answer: 'plan-cancellation',
    },
    act: {
      path: '/Account/CancelPlan',
      summary: 'Cancel the active plan (exactly once with an Idempotency-Key; v2 only)',
      description:
        'Cancels the plan the debtor saw (`arrangementId`, from Account/PlanCancellation): its payments to come and past due stop, those less than 1 business day away are still taken, its recurring authorization is revoked, and the statement the debtor confirmed is kept with a confirmation code. 409 when the plan changed since (or another cancellation got there first); 422 when it cannot be changed online.',
      body: 'cancel-plan-request',
      scope: 'CancelPlan',
    },
    preview: (ctx, services, request, account) =>
      cancellationPreview(ctx, services, request, account),
    apply: (ctx, services, request, account, body, shown) =>
      cancelPlan(ctx, services, request, account, Number(body.arrangementId), shown),
  },
  {
    ask: {
      path: '/Account/PaymentDayChange',
      summary: "What moving the plan's payments to another day of the month would do (v2 only)",
      description:
        'Each payment to come with its new date (`day` of each month, a month apart, amounts and order kept; those less than 1 business day away, and those already sent, stay), and the statement the debtor confirms. 404 without an active plan; 422 when the plan cannot be changed online, or cannot move to that day.',
      query: 'payment-day-change-query',
      answer: 'payment-day-change',
    },
    act: {
      path: '/Account/ChangePaymentDay',
      summary: "Move the plan's payments to another day of the month (exactly once; v2 only)",
      description:
        'Moves the payments of the plan the debtor saw (`arrangementId`, from Account/PaymentDayChange) to `day` of each month, and keeps the statement they confirmed with a confirmation code. 409 when the plan changed since; 422 when it cannot be changed online or cannot move to that day.',
      body: 'change-payment-day-request',
      scope: 'ChangePaymentDay',
    },
    preview: (ctx, services, request, account, query) =>
      dayChangePreview(ctx, services, request, account, Number(query.day)),
    apply: (ctx, services, request, account, body, shown) =>
      changePaymentDayOnline(
        ctx,
        services,
        request,
        account,
        Number(body.arrangementId),
        Number(body.day),
        shown,
      ),
  },
  {
    ask: {
      path: '/Account/PlanChangeOptions',
      summary: 'The active plan as it stands, and the plans it may change to (v2 only)',
      description:
        "Paid so far, what is left, the payments that stay (less than 1 business day away, or sent), and every number of monthly payments the client allows for what is left (each at least its minimum monthly payment) on `day` of the month, with its schedule. The total and a settlement's savings do not change. 404 without an active plan; 422 when the plan cannot be changed online, or the client does not allow it.",
      query: 'plan-change-options-query',
      answer: 'plan-change-options',
    },
    act: {
      path: '/Account/ChangePlan',
      summary:
        'Change the active plan to another number of monthly payments (exactly once; v2 only)',
      description:
        'Replaces the plan the debtor saw (`arrangementId`, from Account/PlanChangeOptions) with `months` monthly payments on `day` of the month, in one transaction: its payments to come stop, a new plan takes their place (with the payments that stay), its recurring authorization is revoked and the new one, the text of flows/content/payment-authorization.json the debtor accepted, is kept with its version and a confirmation code. 409 when the plan changed since; 422 when it cannot be changed online, the client does not allow it, or the choice is not one offered.',
      body: 'change-plan-request',
      scope: 'ChangePlan',
    },
    preview: (ctx, services, request, account, query) =>
      planChangeOptions(
        ctx,
        services,
        request,
        account,
        query.day === undefined ? undefined : Number(query.day),
      ),
    apply: (ctx, services, request, account, body, shown) =>
      changePlanOnline(
        ctx,
        services,
        request,
        account,
        {
          arrangementId: Number(body.arrangementId),
          months: Number(body.months),
          day: Number(body.day),
        },
        shown,
      ),
  },
];

export function registerPlanChangeRoutes(api: FastifyInstance, ctx: PortalContext): void {
  if (api.prefix !== '/api/v2') return;
  const services = lazyPaymentServices(ctx);
  const accountOnly = requireRole(ctx, ['account']);

  for (const change of CHANGES) {
    api.get<{ Querystring: Query }>(
      change.ask.path,
      {
        preHandler: accountOnly,
        schema: {
          summary: change.ask.summary,
          description: change.ask.description,
          querystring: schemaRef(ctx.schemas, change.ask.query),
          response: {
            200: schemaRef(ctx.schemas, change.ask.answer),
            ...errorResponses(ctx.schemas, 404, 422),
          },
        },
      },
      async (request) => {
        const { account } = await ownAccount(ctx, request, request.query.accountNumber);
        return change.preview(ctx, services, request, account, request.query);
      },
    );

    api.post<{ Body: Body }>(
      change.act.path,
      {
        preHandler: accountOnly,
        schema: {
          summary: change.act.summary,
          description: change.act.description,
          body: schemaRef(ctx.schemas, change.act.body),
          response: {
            200: schemaRef(ctx.schemas, 'plan-change-result'),
            ...errorResponses(ctx.schemas, 404, 409, 422),
          },
        },
        config: { idempotent: true },
      },
      async (request, reply) => {
        const { debtorId, sid } = authOf(request);
        const { account } = await ownAccount(ctx, request, request.body.accountNumber);
        // The texts of the version the debtor was shown (422 for one never published, or not in
        // force since the session signed in).
        const version = request.body.contentVersion;
        const shown = await shownContent(
          ctx,
          typeof version === 'number' ? version : undefined,
          sid,
        );
        return idempotent(
          ctx,
          request,
          reply,
          { scope: change.act.scope, debtorId, body: request.body },
          async () => ({
            status: 200,
            body: await change.apply(ctx, services, request, account, request.body, shown),
          }),
        );
      },
    );
  }
}
