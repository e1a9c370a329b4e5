/**
 * Funding methods and the scheduled payments they pay (spec section 7): CheckCard,
 * AddCreditCardFunding, AddBankAccountFunding, Debtor/FundingMethods, DELETE Debtor/FundingMethod,
 * AttachFunding, AttachFundingToAll, Debtor/GetLatestFunding, MoveNextPaymentArgs and
 * MoveNextPayment. Card and bank bodies are validated with the card-funding and bank-funding form
 * files through validateForm, like the browser form. Only a processor token, brand, last 4 and
 * expiry are stored; the numbers themselves are never stored or logged.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { computeFormState } from '../../engine/form/form-state';
import { validateForm } from '../../engine/form/validate';
import { errorMessage } from '../../engine/form/messages';
import { requireRole } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { ClientSettings } from '../clients/settings';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { hiddenFieldErrors } from '../forms/hidden-fields';
import { ApiError, languageOf, type FieldError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { arrangementsOf, ownAccount } from '../payments/account-state';
import { cleanCardNumber, isValidCardNumber } from '../payments/cards';
import {
  fundingAllowed,
  fundingName,
  isExpired,
  mapFunding,
  ownFunding,
  usableFunding,
} from '../payments/funding';
import { moveArgs, moveNextPayment } from '../payments/reschedule';
import { lazyPaymentServices, type FundingForm, type PaymentServices } from '../payments/services';
import type { FundingMethodRow } from '../payments/tables';
import { isAccountNumber } from './ownership';

type CardCheck = 'Ok' | 'Invalid' | 'CreditDisabled' | 'DebitDisabled';

export function checkCard(
  services: PaymentServices,
  client: ClientSettings,
  cardNumber: string,
): CardCheck {
  const digits = cleanCardNumber(cardNumber);
  if (!isValidCardNumber(digits)) return 'Invalid';
  const { kind } = services.processor.cardInfo(digits);
  if (kind === 'credit' && !client.payment.allowCreditCard) return 'CreditDisabled';
  if (kind === 'debit' && !client.payment.allowDebitCard) return 'DebitDisabled';
  return 'Ok';
}

type FormBody = Record<string, unknown>;

/**
 * The form part of a funding body, validated like the browser form (hidden fields must still
 * have their declared type); 400 with field errors. Answers the data with hidden fields pruned:
 * what is stored.
 */
function validateFundingBody(
  services: PaymentServices,
  request: FastifyRequest,
  form: FundingForm,
  data: FormBody,
  more: (data: FormBody) => FieldError[] = () => [],
): FormBody {
  const translate = services.translator(request);
  const errors: FieldError[] = validateForm({
    flow: form.flow,
    validate: form.compiled.validate,
    data,
    translate,
  }).map((e) => ({
    path: `/${e.field.replace(/\./g, '/')}`,
    keyword: e.keyword,
    message: e.message,
  }));
  errors.push(
    ...hiddenFieldErrors({ flow: form.flow, schema: form.compiled.schema, data, translate }),
  );
  if (errors.length === 0) errors.push(...more(data));
  if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
  return computeFormState(form.flow, data).data;
}

function fieldError(
  services: PaymentServices,
  request: FastifyRequest,
  form: FundingForm,
  field: string,
  keyword: string,
): FieldError {
  const message = errorMessage(form.flow, { field, keyword }, services.translator(request));
  return { path: `/${field}`, keyword, message };
}

/** A field error with the generic text of `keyword`, in the caller's language. */
function bodyError(request: FastifyRequest, path: string, keyword: string): FieldError {
  const message = request.server.catalog.keywordMessage(keyword, languageOf(request));
  return { path, keyword, message };
}

const sameAccount = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The billing address fields of the card and bank forms. */
const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip'];

/**
 * Splits `{ accountNumber, ...form }`; the account number must be one (400 `required` or
 * `pattern` otherwise). The spec's card and bank funding requests have no `differentAddress`
 * box: a body without it that gives an address means that address (the form shows and validates
 * the address fields only when the box is ticked).
 */
function splitBody(request: FastifyRequest): { accountNumber: string; form: FormBody } {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'invalidRequest');
  }
  const { accountNumber, ...form } = body as FormBody;
  if (!isAccountNumber(accountNumber)) {
    const keyword = accountNumber === undefined ? 'required' : 'pattern';
    throw new ApiError(400, 'invalidRequest', {
      errors: [bodyError(request, '/accountNumber', keyword)],
    });
  }
  const givesAddress = ADDRESS_FIELDS.some(
    (field) => typeof form[field] === 'string' && (form[field] as string).trim() !== '',
  );
  if (form.differentAddress === undefined && givesAddress) form.differentAddress = true;
  return { accountNumber, form };
}

function address(form: FormBody) {
  const text = (key: string): string | null =>
    form.differentAddress === true && typeof form[key] === 'string' ? (form[key] as string) : null;
  return {
    address_line1: text('addressLine1'),
    address_line2: text('addressLine2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
  };
}

async function openPaymentsOf(ctx: PortalContext, account: AccountRow) {
  const arrangements = await arrangementsOf(ctx.db, account.id);
  return arrangements
    .filter((a) => a.arrangement.active)
    .flatMap((a) => a.payments)
    .filter((p) => (p.status === 'PostDate' || p.status === 'Rejected') && !p.is_pending_post);
}

function assertUsable(row: FundingMethodRow, client: ClientSettings, today: string): void {
  if (!fundingAllowed(row, client)) throw new ApiError(422, 'fundingNotAllowed');
  if (isExpired(row, today)) throw new ApiError(422, 'fundingExpired');
}

export function registerFundingRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const services = lazyPaymentServices(ctx);
  const payers = requireRole(ctx, ['account', 'letter']);
  const accountOnly = requireRole(ctx, ['account']);
  const accountQuery = schemaRef(ctx.schemas, 'account-detailed-query');
  const fundingMethod = schemaRef(ctx.schemas, 'funding-method');
  const attachResult = schemaRef(ctx.schemas, 'attach-funding-result');

  const insertFunding = async (
    auth: AccessClaims,
    values: Omit<
      FundingMethodRow,
      'id' | 'debtor_id' | 'external_ref' | 'created_by_sid' | 'created_at' | 'deleted_at'
    >,
  ): Promise<FundingMethodRow> => {
    const row = await ctx.db
      .insertInto('funding_methods')
      .values({
        ...values,
        debtor_id: auth.debtorId,
        external_ref: null,
        created_by_sid: auth.sid,
        created_at: ctx.now().toISOString(),
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  };

  api.post<{
    Querystring: { accountNumber?: string };
    Body: { cardNumber: string; accountNumber?: string };
  }>(
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
      const row = await insertFunding(auth, {
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
      const row = await insertFunding(auth, {
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

  api.get<{ Querystring: { accountNumber: string } }>(
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

  api.get<{ Querystring: { accountNumber: string } }>(
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

  api.delete<{ Querystring: { accountNumber: string; fundingId: number } }>(
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
      const { auth } = await ownAccount(ctx, request, request.query.accountNumber);
      const row = await ownFunding(ctx, auth, request.query.fundingId);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('funding_methods')
          .set({ deleted_at: ctx.now().toISOString() })
          .where('id', '=', row.id)
          .execute();
        // Scheduled payments it would have paid now need another method.
        await trx
          .updateTable('arrangement_payments')
          .set({ funding_id: null, paid_with: null })
          .where('funding_id', '=', row.id)
          .where('status', 'in', ['PostDate', 'Rejected'])
          .where('is_pending_post', '=', 0)
          .execute();
      });
      return reply.code(204).send();
    },
  );

  api.post<{ Body: { accountNumber: string; fundingId: number; targetId: number } }>(
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
      await ctx.db
        .updateTable('arrangement_payments')
        .set({ funding_id: row.id, paid_with: fundingName(request, row) })
        .where('id', '=', target.id)
        .execute();
      return { updated: 1 };
    },
  );

  api.post<{ Body: { accountNumber: string; fundingId: number } }>(
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
      const targets = (await openPaymentsOf(ctx, account)).map((p) => p.id);
      if (targets.length > 0) {
        await ctx.db
          .updateTable('arrangement_payments')
          .set({ funding_id: row.id, paid_with: fundingName(request, row) })
          .where('id', 'in', targets)
          .execute();
      }
      return { updated: targets.length };
    },
  );

  api.get<{ Querystring: { accountNumber: string } }>(
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

  api.post<{ Body: { accountNumber: string; paymentDate: string } }>(
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
