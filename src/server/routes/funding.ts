/**
 * Funding methods and the scheduled payments they pay (spec section 7): the saved methods
 * (funding-methods.ts: CheckCard, AddCreditCardFunding, AddBankAccountFunding,
 * Debtor/FundingMethods, Debtor/GetLatestFunding, DELETE Debtor/FundingMethod), then here
 * AttachFunding, AttachFundingToAll, MoveNextPaymentArgs and MoveNextPayment. Card and bank
 * bodies are validated with the card-funding and bank-funding form files through validateForm,
 * like the browser form (funding-bodies.ts). Only a processor token, brand, last 4 and expiry are
 * stored; the numbers themselves are never stored or logged.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import type { AttachFundingAllRequest } from '@/generated/types/api/attach-funding-all-request';
import type { AttachFundingRequest } from '@/generated/types/api/attach-funding-request';
import type { MoveNextPaymentRequest } from '@/generated/types/api/move-next-payment-request';
import { requireRole } from '../auth/guard';
import type { ClientSettings } from '../clients/settings';
import type { PortalContext } from '../context';
import type { AccountRow, ArrangementPaymentRow, Database } from '../db/types';
import { accountSubject, recordEvent } from '../events/record';
import { methodOf } from '../events/types';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { arrangementsOf, ownAccount } from '../payments/account-state';
import { fundingAllowed, fundingName, isExpired, ownFunding } from '../payments/funding';
import { moveArgs, moveNextPayment } from '../payments/reschedule';
import { lazyPaymentServices } from '../payments/services';
import type { FundingMethodRow } from '../payments/tables';
import { registerFundingMethodRoutes } from './funding-methods';

async function openPaymentsOf(ctx: PortalContext, account: AccountRow) {
  const arrangements = await arrangementsOf(ctx.db, account.id);
  return arrangements
    .filter((a) => a.arrangement.active)
    .flatMap((a) => a.payments)
    .filter((p) => (p.status === 'PostDate' || p.status === 'Rejected') && !p.is_pending_post);
}

/** The agency's event of scheduled payments set to another method: the transaction's last write. */
async function recordFundingChange(
  trx: Transaction<Database>,
  ctx: PortalContext,
  accountId: number,
  row: FundingMethodRow,
  payments: readonly ArrangementPaymentRow[],
): Promise<void> {
  await recordEvent(trx, {
    type: 'payment.funding_changed',
    at: ctx.now().toISOString(),
    subject: await accountSubject(trx, accountId),
    data: {
      method: methodOf(row),
      payments: payments.map((p) => ({ payDate: p.pay_date, amountCents: p.amount_cents })),
    },
  });
}

function assertUsable(row: FundingMethodRow, client: ClientSettings, today: string): void {
  if (!fundingAllowed(row, client)) throw new ApiError(422, 'fundingNotAllowed');
  if (isExpired(row, today)) throw new ApiError(422, 'fundingExpired');
}

export function registerFundingRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const services = lazyPaymentServices(ctx);
  registerFundingMethodRoutes(api, ctx, services);
  const accountOnly = requireRole(ctx, ['account']);
  const accountQuery = schemaRef(ctx.schemas, 'account-detailed-query');
  const attachResult = schemaRef(ctx.schemas, 'attach-funding-result');

  api.post<{ Body: AttachFundingRequest }>(
    '/Account/AttachFunding',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'Pay one open scheduled payment with a saved funding method',
        description:
          "The spec's attach funding request; the set-payment-method names of the web app (`fundingMethodId`, `paymentId`) are taken too.",
        body: schemaRef(ctx.schemas, 'attach-funding-request'),
        response: { 200: attachResult, ...errorResponses(ctx.schemas, 404, 422) },
      },
      config: { aliases: { fundingMethodId: 'fundingId', paymentId: 'targetId' } },
    },
    async (request) => {
      const { auth, account } = await ownAccount(ctx, request, request.body.accountNumber);
      const row = await ownFunding(ctx, auth, request.body.fundingId);
      const target = (await openPaymentsOf(ctx, account)).find(
        (p) => p.id === request.body.targetId,
      );
      if (!target) throw new ApiError(404, 'paymentNotFound');
      assertUsable(row, services.clients.forClient(account.client_id), ctx.today());
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('arrangement_payments')
          .set({ funding_id: row.id, paid_with: fundingName(request, row) })
          .where('id', '=', target.id)
          .execute();
        await recordFundingChange(trx, ctx, account.id, row, [target]);
      });
      return { updated: 1 };
    },
  );

  api.post<{ Body: AttachFundingAllRequest }>(
    '/Account/AttachFundingToAll',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'Pay every open scheduled payment of the account with a saved funding method',
        description:
          "The spec's attach-to-all request; the set-payment-method name of the web app (`fundingMethodId`) is taken too.",
        body: schemaRef(ctx.schemas, 'attach-funding-all-request'),
        response: { 200: attachResult, ...errorResponses(ctx.schemas, 404, 422) },
      },
      config: { aliases: { fundingMethodId: 'fundingId' } },
    },
    async (request) => {
      const { auth, account } = await ownAccount(ctx, request, request.body.accountNumber);
      const row = await ownFunding(ctx, auth, request.body.fundingId);
      assertUsable(row, services.clients.forClient(account.client_id), ctx.today());
      const targets = await openPaymentsOf(ctx, account);
      if (targets.length > 0) {
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('arrangement_payments')
            .set({ funding_id: row.id, paid_with: fundingName(request, row) })
            .where(
              'id',
              'in',
              targets.map((p) => p.id),
            )
            .execute();
          await recordFundingChange(trx, ctx, account.id, row, targets);
        });
      }
      return { updated: targets.length };
    },
  );

  api.get<{ Querystring: AccountDetailedQuery }>(
    '/Account/MoveNextPaymentArgs',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'The next scheduled payment and the days it may be moved to',
        querystring: accountQuery,
        response: {
          200: schemaRef(ctx.schemas, 'move-next-payment-args'),
          ...errorResponses(ctx.schemas, 404, 422),
        },
      },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      return (await moveArgs(ctx, account)).args;
    },
  );

  api.post<{ Body: MoveNextPaymentRequest }>(
    '/Account/MoveNextPayment',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'Move the next scheduled payment to another day',
        description: "The spec's move-next-payment request.",
        body: schemaRef(ctx.schemas, 'move-next-payment-request'),
        response: {
          200: schemaRef(ctx.schemas, 'move-next-payment-result'),
          ...errorResponses(ctx.schemas, 404, 422),
        },
      },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      return moveNextPayment(ctx, account, request.body.paymentDate);
    },
  );
}
