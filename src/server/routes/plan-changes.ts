/**
 * A plan managed online (issue 22), in /api/v2 only (account role):
 * - GET Account/PlanCancellation: what cancelling the active plan would do today, and the texts
 *   the debtor reads before confirming (src/server/payments/plan-changes.ts);
 * - POST Account/CancelPlan: cancels it, exactly once (Idempotency-Key), and answers the
 *   confirmation;
 * - GET Account/PaymentDayChange and POST Account/ChangePaymentDay: the same for moving every
 *   payment to come to another day of the month;
 * - GET Account/PlanChangeOptions and POST Account/ChangePlan: another number of monthly payments
 *   for what the plan still expects, confirmed with a new payment authorization.
 */
import type { FastifyInstance } from 'fastify';
import { authOf, requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import { errorResponses, schemaRef } from '../http/validation';
import { ownAccount } from '../payments/account-state';
import { idempotent } from '../payments/idempotency';
import { cancelPlan, cancellationPreview } from '../payments/plan-cancel';
import { changePaymentDayOnline, dayChangePreview } from '../payments/plan-day';
import { changePlanOnline, planChangeOptions } from '../payments/plan-replan';
import { lazyPaymentServices } from '../payments/services';

export function registerPlanChangeRoutes(api: FastifyInstance, ctx: PortalContext): void {
  if (api.prefix !== '/api/v2') return;
  const services = lazyPaymentServices(ctx);
  const accountOnly = requireRole(ctx, ['account']);

  api.get<{ Querystring: { accountNumber: string } }>(
    '/Account/PlanCancellation',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'What cancelling the active plan would do today (v2 only)',
        description:
          'The payments that would stop, those less than 1 business day away that would still be taken, those already sent, and the texts the debtor reads before confirming (flows/content/plan-change.json, in the caller language). 404 without an active plan; 422 when the plan cannot be changed online or nothing is left to stop.',
        querystring: schemaRef(ctx.schemas, 'account-detailed-query'),
        response: {
          200: schemaRef(ctx.schemas, 'plan-cancellation'),
          ...errorResponses(ctx.schemas, 404, 422),
        },
      },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      return cancellationPreview(ctx, services, request, account);
    },
  );

  api.post<{ Body: { accountNumber: string; arrangementId: number; confirmed: true } }>(
    '/Account/CancelPlan',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'Cancel the active plan (exactly once with an Idempotency-Key; v2 only)',
        description:
          'Cancels the plan the debtor saw (`arrangementId`, from Account/PlanCancellation): its payments to come and past due stop, those less than 1 business day away are still taken, its recurring authorization is revoked, and the statement the debtor confirmed is kept with a confirmation code. 409 when the plan changed since (or another cancellation got there first); 422 when it cannot be changed online.',
        body: schemaRef(ctx.schemas, 'cancel-plan-request'),
        response: {
          200: schemaRef(ctx.schemas, 'plan-change-result'),
          ...errorResponses(ctx.schemas, 404, 409, 422),
        },
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const { debtorId } = authOf(request);
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      return idempotent(
        ctx,
        request,
        reply,
        { scope: 'CancelPlan', debtorId, body: request.body },
        async () => ({
          status: 200,
          body: await cancelPlan(ctx, services, request, account, request.body.arrangementId),
        }),
      );
    },
  );

  api.get<{ Querystring: { accountNumber: string; day: number } }>(
    '/Account/PaymentDayChange',
    {
      preHandler: accountOnly,
      schema: {
        summary: "What moving the plan's payments to another day of the month would do (v2 only)",
        description:
          'Each payment to come with its new date (`day` of each month, a month apart, amounts and order kept; those less than 1 business day away, and those already sent, stay), and the statement the debtor confirms. 404 without an active plan; 422 when the plan cannot be changed online, or cannot move to that day.',
        querystring: schemaRef(ctx.schemas, 'payment-day-change-query'),
        response: {
          200: schemaRef(ctx.schemas, 'payment-day-change'),
          ...errorResponses(ctx.schemas, 404, 422),
        },
      },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      return dayChangePreview(ctx, services, request, account, request.query.day);
    },
  );

  api.post<{
    Body: { accountNumber: string; arrangementId: number; day: number; confirmed: true };
  }>(
    '/Account/ChangePaymentDay',
    {
      preHandler: accountOnly,
      schema: {
        summary: "Move the plan's payments to another day of the month (exactly once; v2 only)",
        description:
          'Moves the payments of the plan the debtor saw (`arrangementId`, from Account/PaymentDayChange) to `day` of each month, and keeps the statement they confirmed with a confirmation code. 409 when the plan changed since; 422 when it cannot be changed online or cannot move to that day.',
        body: schemaRef(ctx.schemas, 'change-payment-day-request'),
        response: {
          200: schemaRef(ctx.schemas, 'plan-change-result'),
          ...errorResponses(ctx.schemas, 404, 409, 422),
        },
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const { debtorId } = authOf(request);
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      const { arrangementId, day } = request.body;
      return idempotent(
        ctx,
        request,
        reply,
        { scope: 'ChangePaymentDay', debtorId, body: request.body },
        async () => ({
          status: 200,
          body: await changePaymentDayOnline(ctx, services, request, account, arrangementId, day),
        }),
      );
    },
  );

  api.get<{ Querystring: { accountNumber: string; day?: number } }>(
    '/Account/PlanChangeOptions',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'The active plan as it stands, and the plans it may change to (v2 only)',
        description:
          "Paid so far, what is left, the payments that stay (less than 1 business day away, or sent), and every number of monthly payments the client allows for what is left (each at least its minimum monthly payment) on `day` of the month, with its schedule. The total and a settlement's savings do not change. 404 without an active plan; 422 when the plan cannot be changed online, or the client does not allow it.",
        querystring: schemaRef(ctx.schemas, 'plan-change-options-query'),
        response: {
          200: schemaRef(ctx.schemas, 'plan-change-options'),
          ...errorResponses(ctx.schemas, 404, 422),
        },
      },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      return planChangeOptions(ctx, services, account, request.query.day);
    },
  );

  api.post<{
    Body: {
      accountNumber: string;
      arrangementId: number;
      months: number;
      day: number;
      authorizationDisclosuresAccepted: true;
      eSignConsent: true;
    };
  }>(
    '/Account/ChangePlan',
    {
      preHandler: accountOnly,
      schema: {
        summary:
          'Change the active plan to another number of monthly payments (exactly once; v2 only)',
        description:
          'Replaces the plan the debtor saw (`arrangementId`, from Account/PlanChangeOptions) with `months` monthly payments on `day` of the month, in one transaction: its payments to come stop, a new plan takes their place (with the payments that stay), its recurring authorization is revoked and the new one, the text of flows/content/payment-authorization.json the debtor accepted, is kept with its version and a confirmation code. 409 when the plan changed since; 422 when it cannot be changed online, the client does not allow it, or the choice is not one offered.',
        body: schemaRef(ctx.schemas, 'change-plan-request'),
        response: {
          200: schemaRef(ctx.schemas, 'plan-change-result'),
          ...errorResponses(ctx.schemas, 404, 409, 422),
        },
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const { debtorId } = authOf(request);
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      const { arrangementId, months, day } = request.body;
      return idempotent(
        ctx,
        request,
        reply,
        { scope: 'ChangePlan', debtorId, body: request.body },
        async () => ({
          status: 200,
          body: await changePlanOnline(ctx, services, request, account, {
            arrangementId,
            months,
            day,
          }),
        }),
      );
    },
  );
}
