/**
 * Payments (roles account and letter): GET Account/GetPaymentSettings, POST
 * Account/GetExistingPayment and POST Account/SubmitPayment (exactly-once with Idempotency-Key).
 */
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import { schemaRef } from '../http/validation';
import { ownAccount } from '../payments/account-state';
import { IDEMPOTENCY_HEADER, idempotent } from '../payments/idempotency';
import { lazyPaymentServices } from '../payments/services';
import { existingPayment, submitPayment, type SubmitBody } from '../payments/submit';

export function registerPaymentRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const services = lazyPaymentServices(ctx.config);
  const payers = requireRole(ctx, ['account', 'letter']);

  api.get<{ Querystring: { accountNumber: string } }>(
    '/Account/GetPaymentSettings',
    {
      preHandler: payers,
      schema: { querystring: schemaRef(ctx.schemas, 'account-detailed-query') },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      const client = services.clients.forClient(account.client_id);
      return {
        ...client.payment,
        clientId: client.id,
        supportPhoneNumber: account.support_phone ?? client.supportPhone ?? null,
        endOfPathNotice: client.endOfPathNotice ?? null,
      };
    },
  );

  api.post<{ Body: { accountNumber: string; dateOfPayment: string; amount?: number } }>(
    '/Account/GetExistingPayment',
    { preHandler: payers, schema: { body: schemaRef(ctx.schemas, 'existing-payment-request') } },
    async (request, reply) => {
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      const exists = await existingPayment(ctx, account.id, request.body.dateOfPayment);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(exists));
    },
  );

  api.post<{ Body: SubmitBody }>(
    '/Account/SubmitPayment',
    { preHandler: payers, schema: { body: schemaRef(ctx.schemas, 'payment-submission-request') } },
    async (request, reply) => {
      const debtorId = request.auth?.debtorId ?? 0;
      const header = request.headers[IDEMPOTENCY_HEADER];
      const key = typeof header === 'string' ? header : undefined;
      return idempotent(
        ctx,
        request,
        reply,
        { scope: 'SubmitPayment', debtorId, body: request.body },
        async () => ({
          status: 200,
          body: await submitPayment(ctx, services, request, request.body, key),
        }),
      );
    },
  );
}
