/**
 * The debtor's saved funding methods (spec section 7): CheckCard, AddCreditCardFunding,
 * AddBankAccountFunding, Debtor/FundingMethods, Debtor/GetLatestFunding and DELETE
 * Debtor/FundingMethod. Only a processor token, brand, last 4 and expiry are stored.
 */
import type { FastifyInstance } from 'fastify';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import type { CardCheckQuery } from '@/generated/types/api/card-check-query';
import type { CardCheckRequest } from '@/generated/types/api/card-check-request';
import type { FieldError } from '@/generated/types/api/error';
import type { FormBody } from '@/generated/types/api/form-body';
import type { FundingMethodQuery } from '@/generated/types/api/funding-method-query';
import { requireRole } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import { accountSubject, recordEvent } from '../events/record';
import { methodOf } from '../events/types';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { ownAccount } from '../payments/account-state';
import { cleanCardNumber, isValidCardNumber } from '../payments/cards';
import { mapFunding, ownFunding, usableFunding } from '../payments/funding';
import type { PaymentServices } from '../payments/services';
import type { FundingMethodRow } from '../payments/tables';
import {
  address,
  bodyError,
  checkCard,
  fieldError,
  sameAccount,
  splitBody,
  validateFundingBody,
} from './funding-bodies';

export function registerFundingMethodRoutes(
  api: FastifyInstance,
  ctx: PortalContext,
  services: PaymentServices,
): void {
  const payers = requireRole(ctx, ['account', 'letter']);
  const accountOnly = requireRole(ctx, ['account']);
  const accountQuery = schemaRef(ctx.schemas, 'account-detailed-query');
  const fundingMethod = schemaRef(ctx.schemas, 'funding-method');

  /** Saves a method and the agency's event of it, in one transaction. */
  const insertFunding = async (
    auth: AccessClaims,
    accountId: number,
    values: Omit<
      FundingMethodRow,
      'id' | 'debtor_id' | 'external_ref' | 'created_by_sid' | 'created_at' | 'deleted_at'
    >,
  ): Promise<FundingMethodRow> => {
    const stamp = ctx.now().toISOString();
    return ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('funding_methods')
        .values({
          ...values,
          debtor_id: auth.debtorId,
          external_ref: null,
          created_by_sid: auth.sid,
          created_at: stamp,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(trx, {
        type: 'payment_method.added',
        at: stamp,
        subject: await accountSubject(trx, accountId),
        data: { methodId: row.id, method: methodOf(row), expiration: row.expiration },
      });
      return row;
    });
  };

  api.post<{ Querystring: CardCheckQuery; Body: CardCheckRequest }>(
    '/Account/CheckCard',
    {
      preHandler: payers,
      schema: {
        summary:
          "Check a card number before adding it: valid, and a type the account's client takes",
        description:
          "The account is named in the body (`accountNumber`, as the spec's card check request does) or in the query string; one of the two is required, and both must agree when both are sent. Spaces in `cardNumber` are ignored.",
        querystring: schemaRef(ctx.schemas, 'card-check-query'),
        body: schemaRef(ctx.schemas, 'card-check-request'),
        response: {
          200: schemaRef(ctx.schemas, 'card-check-result'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request, reply) => {
      const inBody = request.body.accountNumber;
      const inQuery = request.query.accountNumber;
      const accountNumber = inBody ?? inQuery;
      if (accountNumber === undefined) {
        throw new ApiError(400, 'invalidRequest', {
          errors: [bodyError(request, '/accountNumber', 'required')],
        });
      }
      if (inBody !== undefined && inQuery !== undefined && !sameAccount(inBody, inQuery)) {
        throw new ApiError(400, 'invalidRequest', {
          errors: [bodyError(request, '/accountNumber', 'const')],
        });
      }
      const { account } = await ownAccount(ctx, request, accountNumber);
      const client = services.clients.forClient(account.client_id);
      const result = checkCard(services, client, request.body.cardNumber);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );

  api.post(
    '/Account/AddCreditCardFunding',
    {
      preHandler: payers,
      schema: {
        summary: 'Save a card as a funding method',
        description:
          "The card-funding form (flows/forms/card-funding.json) and the account number in one body: the spec's new card funding request. Without `differentAddress` (the spec's request has no such box), an address given is the billing address. Only a processor token, the brand, the last 4 digits and the expiry are kept. A card type the client does not take is 422.",
        response: { 200: fundingMethod, ...errorResponses(ctx.schemas, 404, 422) },
      },
      config: { form: 'card-funding', formWith: accountQuery },
    },
    async (request) => {
      const { accountNumber, form } = splitBody(request);
      const { auth, account } = await ownAccount(ctx, request, accountNumber);
      const client = services.clients.forClient(account.client_id);
      const card = services.forms.card;
      const data: FormBody = {
        ...form,
        ...(typeof form.cardNumber === 'string'
          ? { cardNumber: cleanCardNumber(form.cardNumber) }
          : {}),
      };
      const today = ctx.today();
      const valid = validateFundingBody(services, request, card, data, (checked) => {
        const errors: FieldError[] = [];
        if (!isValidCardNumber(checked.cardNumber as string))
          errors.push(fieldError(services, request, card, 'cardNumber', 'invalid'));
        if ((checked.cardExpiration as string) < today) {
          errors.push(fieldError(services, request, card, 'cardExpiration', 'expired'));
        }
        return errors;
      });
      const digits = valid.cardNumber as string;
      const check = checkCard(services, client, digits);
      if (check === 'CreditDisabled' || check === 'DebitDisabled') {
        const keyword = check === 'CreditDisabled' ? 'creditDisabled' : 'debitDisabled';
        throw new ApiError(422, 'cardNotAllowed', {
          errors: [fieldError(services, request, card, 'cardNumber', keyword)],
        });
      }
      const info = services.processor.cardInfo(digits);
      const expiration = valid.cardExpiration as string;
      const tokenized = await services.processor.tokenizeCard({ cardNumber: digits, expiration });
      const row = await insertFunding(auth, account.id, {
        type: 'card',
        brand: info.brand,
        card_kind: info.kind,
        last4: tokenized.last4,
        expiration,
        holder_first_name: String(valid.firstName),
        holder_last_name: String(valid.lastName),
        bank_account_type: null,
        processor_token: tokenized.token,
        ...address(valid),
      });
      return mapFunding(request, row, today);
    },
  );

  api.post(
    '/Account/AddBankAccountFunding',
    {
      preHandler: payers,
      schema: {
        summary: 'Save a bank account as a funding method',
        description:
          "The bank-funding form (flows/forms/bank-funding.json) and the account number in one body: the spec's new bank funding request. Without `differentAddress` (the spec's request has no such box), an address given is the billing address. Only a processor token and the last 4 digits are kept. A client that takes no bank accounts answers 422.",
        response: { 200: fundingMethod, ...errorResponses(ctx.schemas, 404, 422) },
      },
      config: { form: 'bank-funding', formWith: accountQuery },
    },
    async (request) => {
      const { accountNumber, form } = splitBody(request);
      const { auth, account } = await ownAccount(ctx, request, accountNumber);
      const client = services.clients.forClient(account.client_id);
      const valid = validateFundingBody(services, request, services.forms.bank, form);
      if (!client.payment.allowBankAccount) throw new ApiError(422, 'bankNotAllowed');
      const accountType = valid.bankAccountType === 'savings' ? 'savings' : 'checking';
      const tokenized = await services.processor.tokenizeBank({
        accountNumber: String(valid.bankAccountNumber),
        routingNumber: String(valid.bankRoutingNumber),
        accountType,
      });
      const row = await insertFunding(auth, account.id, {
        type: 'bank',
        brand: null,
        card_kind: null,
        last4: tokenized.last4,
        expiration: null,
        holder_first_name: String(valid.firstName),
        holder_last_name: String(valid.lastName),
        bank_account_type: accountType,
        processor_token: tokenized.token,
        ...address(valid),
      });
      return mapFunding(request, row, ctx.today());
    },
  );

  api.get<{ Querystring: AccountDetailedQuery }>(
    '/Debtor/FundingMethods',
    {
      preHandler: payers,
      schema: {
        summary: "The debtor's saved funding methods (cards and bank accounts)",
        querystring: accountQuery,
        response: {
          200: schemaRef(ctx.schemas, 'funding-method-list'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request) => {
      const { auth } = await ownAccount(ctx, request, request.query.accountNumber);
      const rows = await usableFunding(ctx, auth).orderBy('id').execute();
      const today = ctx.today();
      return rows.map((row) => mapFunding(request, row, today));
    },
  );

  api.get<{ Querystring: AccountDetailedQuery }>(
    // The most recently added method that can still pay (not expired); 204 when there is none.
    '/Debtor/GetLatestFunding',
    {
      preHandler: payers,
      schema: {
        summary: 'The most recently added funding method that has not expired (204: none)',
        querystring: accountQuery,
        response: { 200: fundingMethod, ...errorResponses(ctx.schemas, 404) },
      },
      config: { noContent: true },
    },
    async (request, reply) => {
      const { auth } = await ownAccount(ctx, request, request.query.accountNumber);
      const row = await usableFunding(ctx, auth)
        .where((eb) => eb.or([eb('expiration', 'is', null), eb('expiration', '>=', ctx.today())]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row) return reply.code(204).send();
      return mapFunding(request, row, ctx.today());
    },
  );

  api.delete<{ Querystring: FundingMethodQuery }>(
    '/Debtor/FundingMethod',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'Remove a saved funding method',
        description:
          'The method is hidden and detached from the open scheduled payments it would have paid (they then need another method).',
        querystring: schemaRef(ctx.schemas, 'funding-method-query'),
        response: errorResponses(ctx.schemas, 404),
      },
      config: { noContent: true },
    },
    async (request, reply) => {
      const { auth, account } = await ownAccount(ctx, request, request.query.accountNumber);
      const row = await ownFunding(ctx, auth, request.query.fundingId);
      const stamp = ctx.now().toISOString();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('funding_methods')
          .set({ deleted_at: stamp })
          .where('id', '=', row.id)
          .execute();
        // Scheduled payments it would have paid now need another method.
        const detached = await trx
          .updateTable('arrangement_payments')
          .set({ funding_id: null, paid_with: null })
          .where('funding_id', '=', row.id)
          .where('status', 'in', ['PostDate', 'Rejected'])
          .where('is_pending_post', '=', 0)
          .executeTakeFirst();
        await recordEvent(trx, {
          type: 'payment_method.removed',
          at: stamp,
          subject: await accountSubject(trx, account.id),
          data: {
            methodId: row.id,
            method: methodOf(row),
            detachedPayments: Number(detached.numUpdatedRows),
          },
        });
      });
      return reply.code(204).send();
    },
  );
}
