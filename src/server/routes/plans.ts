/**
 * GET Account/GetPaymentPlans and GET Account/GetSettlementPlans (account role) with
 * accountNumber, day (preferred day of the month for the payments), month (only the plan with
 * that many monthly payments) and summaryOnly (plans without their payments). 404 when the
 * account has no such plan. Shapes and the discount convention: src/server/payments/plans.ts.
 *
 * In /api/v2 only, GET Account/PlanCalendar: the active plan's scheduled payments as an
 * iCalendar file (src/server/payments/calendar.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import type { PlansQuery } from '@/generated/types/api/plans-query';
import { requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { toDollars } from '../money';
import { ownAccount, plansFor } from '../payments/account-state';
import { planCalendar } from '../payments/calendar';
import { languageOf } from '../http/errors';
import type { PlanCents } from '../payments/plans';
import { lazyPaymentServices } from '../payments/services';

export function toApiPlan(plan: PlanCents, summaryOnly = false) {
  return {
    numMonths: plan.numMonths,
    discountPercent: plan.payFraction,
    discountedBalance: toDollars(plan.discountedCents),
    estimatedPaymentAmountPerMonth: toDollars(plan.perMonthCents),
    savings: toDollars(plan.savingsCents),
    payments: summaryOnly
      ? []
      : plan.payments.map((p) => ({
          minDate: p.minDate,
          maxDate: p.maxDate,
          suggestedDate: p.suggestedDate,
          amount: toDollars(p.amountCents),
          minAmount: toDollars(p.minAmountCents),
          maxAmount: toDollars(p.maxAmountCents),
        })),
  };
}

export function registerPlanRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const services = lazyPaymentServices(ctx);
  const accountOnly = requireRole(ctx, ['account']);
  const querystring = schemaRef(ctx.schemas, 'plans-query');

  for (const [path, kind, summary] of [
    ['/Account/GetPaymentPlans', 'payment', 'Monthly payment plans for the account'],
    [
      '/Account/GetSettlementPlans',
      'settlement',
      'Settlement plans (a discounted balance) for the account',
    ],
  ] as const) {
    api.get<{ Querystring: PlansQuery }>(
      path,
      {
        preHandler: accountOnly,
        schema: {
          summary,
          description:
            'Sorted by the number of monthly payments; `day` is the preferred day of the month, `month` keeps only the plan with that many payments, `summaryOnly` leaves out the payments. 404 when the account has no such plan.',
          querystring,
          response: {
            200: schemaRef(ctx.schemas, 'payment-plan-list'),
            ...errorResponses(ctx.schemas, 404),
          },
        },
      },
      async (request) => {
        const { account } = await ownAccount(ctx, request, request.query.accountNumber);
        const client = services.clients.forClient(account.client_id);
        const plans = plansFor(account, client, ctx.today(), request.query.day)[kind].filter(
          (plan) => request.query.month === undefined || plan.numMonths === request.query.month,
        );
        if (plans.length === 0) throw new ApiError(404, 'noPlans');
        return plans.map((plan) => toApiPlan(plan, request.query.summaryOnly === true));
      },
    );
  }

  if (api.prefix !== '/api/v2') return;
  api.get<{ Querystring: AccountDetailedQuery }>(
    '/Account/PlanCalendar',
    {
      preHandler: accountOnly,
      schema: {
        summary: "The plan's scheduled payments as a calendar file (.ics, v2 only)",
        description:
          "One event per scheduled payment from today on, at 09:00 in the agency's time zone, with its amount, the account's last 4 digits and a reminder the day before (RFC 5545). 404 when the account has no scheduled payment.",
        querystring: schemaRef(ctx.schemas, 'account-detailed-query'),
        response: errorResponses(ctx.schemas, 404),
      },
      config: { produces: 'text/calendar' },
    },
    async (request, reply) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      const agency = services.authorization.agency;
      const calendar = await planCalendar(
        ctx,
        account,
        request.server.catalog,
        languageOf(request),
        agency,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="payment-schedule-${calendar.last4}.ics"`,
        )
        .send(calendar.text);
    },
  );
}
