/**
 * Payments (roles account and letter): GET Account/GetPaymentSettings, POST
 * Account/GetExistingPayment, POST Account/SubmitPayment (exactly-once with Idempotency-Key) and
 * GET Account/PaymentAuthorization (the debtor's copy of what they agreed to, as a PDF).
 */
import type { FastifyInstance } from 'fastify';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import type { ExistingPaymentRequest } from '@/generated/types/api/existing-payment-request';
import type { PaymentAuthorizationQuery } from '@/generated/types/api/payment-authorization-query';
import { requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import { bodyLimitWithText } from '../http/input';
import { errorResponses, schemaRef } from '../http/validation';
import { ownAccount } from '../payments/account-state';
import { IDEMPOTENCY_HEADER, idempotent } from '../payments/idempotency';
import { lazyPaymentServices } from '../payments/services';
import { settleKey } from '../payments/recovery';
import { existingPayment, submitPayment, type SubmitBody } from '../payments/submit';
import {
  authorizationPdf,
  storedAuthorizationDocument,
  type DocumentContext,
} from '../pdf/documents';
import { ApiError } from '../http/errors';
import { authOf } from '../auth/guard';

/** The most characters the payment request's `signatureData` may hold (from its schema). */
function signatureLength(ctx: PortalContext): number {
  const schema = schemaRef(ctx.schemas, 'payment-submission-request') as {
    properties?: { signatureData?: { maxLength?: unknown } };
  };
  const length = schema.properties?.signatureData?.maxLength;
  if (typeof length !== 'number') throw new Error('signatureData has no maxLength');
  return length;
}

export function registerPaymentRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const services = lazyPaymentServices(ctx);
  const payers = requireRole(ctx, ['account', 'letter']);
  // SubmitPayment checks the session's revocation and writes its last call with its
  // Idempotency-Key's claim (one round trip on PostgreSQL; payments/idempotency.ts), before
  // anything else is answered.
  const submitters = requireRole(ctx, ['account', 'letter'], {
    revocationInRead: true,
    touchInRoute: true,
  });

  api.get<{ Querystring: AccountDetailedQuery }>(
    '/Account/GetPaymentSettings',
    {
      preHandler: payers,
      schema: {
        summary: "The account's payment settings: what its client allows, support phone, notices",
        querystring: schemaRef(ctx.schemas, 'account-detailed-query'),
        response: {
          200: schemaRef(ctx.schemas, 'payment-settings'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
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

  api.post<{ Body: ExistingPaymentRequest }>(
    '/Account/GetExistingPayment',
    {
      preHandler: payers,
      schema: {
        summary: 'Whether a payment is already taken or scheduled on a day',
        description: "The spec's check-existing-payment request; answers a boolean.",
        body: schemaRef(ctx.schemas, 'existing-payment-request'),
        response: {
          200: schemaRef(ctx.schemas, 'existing-payment-result'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request, reply) => {
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      const exists = await existingPayment(ctx, account.id, request.body.dateOfPayment);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(exists));
    },
  );

  api.post<{ Body: SubmitBody }>(
    '/Account/SubmitPayment',
    {
      preHandler: submitters,
      // The documented signatureData (up to 200,000 characters) does not fit the usual 64 KiB.
      bodyLimit: bodyLimitWithText(signatureLength(ctx)),
      schema: {
        summary: 'Make a payment or set up a plan (exactly once with an Idempotency-Key)',
        description:
          "The spec's payment submission request, with the web app's `businessName`, `eSignConsent`, `paymentVariant`, `letterId` and `letterOptionId`. Checks the amounts, dates and plan against the account, its client and the payment journey, validates the contact, funding and disclosure stage forms, takes or schedules the payments and keeps the authorization the debtor agreed to. A payment the rules refuse is answered 200 with `success: false` and the reason codes in `errors`. A letter session pays only its letter (`type: LET`).",
        body: schemaRef(ctx.schemas, 'payment-submission-request'),
        response: {
          200: schemaRef(ctx.schemas, 'payment-submission-result'),
          ...errorResponses(ctx.schemas, 404, 409, 422),
        },
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const debtorId = request.auth?.debtorId ?? 0;
      const header = request.headers[IDEMPOTENCY_HEADER];
      const key = typeof header === 'string' ? header : undefined;
      return idempotent(
        ctx,
        request,
        reply,
        {
          scope: 'SubmitPayment',
          debtorId,
          body: request.body,
          settle: (key) => settleKey(ctx, services, debtorId, key),
        },
        async (claimed) => ({
          status: 200,
          body: await submitPayment(ctx, services, request, request.body, key, claimed),
        }),
      );
    },
  );

  /**
   * The authorization kept for one of the account's payments, printed in the language it was
   * given in. A letter session sees only the ones given in that session.
   */
  api.get<{ Querystring: PaymentAuthorizationQuery }>(
    '/Account/PaymentAuthorization',
    {
      preHandler: payers,
      schema: {
        summary: "The debtor's copy of a payment authorization (PDF)",
        description:
          'What the debtor agreed to for one payment (by its confirmation code), printed in the language it was given in. A letter session sees only the ones given in that session.',
        querystring: schemaRef(ctx.schemas, 'payment-authorization-query'),
        response: errorResponses(ctx.schemas, 404),
      },
      config: { produces: 'application/pdf' },
    },
    async (request, reply) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      const auth = authOf(request);
      let query = ctx.db
        .selectFrom('payment_authorizations')
        .selectAll()
        .where('account_id', '=', account.id)
        .where('debtor_id', '=', auth.debtorId)
        .where('confirmation', '=', request.query.confirmation);
      if (auth.role === 'letter') query = query.where('session_id', '=', auth.sid);
      const record = await query.executeTakeFirst();
      if (!record) throw new ApiError(404, 'paymentNotFound');
      const language = record.language === 'es' ? 'es' : 'en';
      const doc: DocumentContext = {
        catalog: request.server.catalog,
        language,
        created: ctx.now(),
        timeZone: ctx.timeZone,
      };
      const pdf = authorizationPdf(doc, storedAuthorizationDocument(doc, record, account));
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="authorization-${record.confirmation}.pdf"`,
        )
        .send(pdf);
    },
  );
}
