/**
 * Funding methods and the scheduled payments they pay (spec section 7): CheckCard,
 * AddCreditCardFunding, AddBankAccountFunding, Debtor/FundingMethods, DELETE Debtor/FundingMethod,
 * AttachFunding, AttachFundingToAll, Debtor/GetLatestFunding, MoveNextPaymentArgs and
 * MoveNextPayment. Card and bank bodies are validated with the card-funding and bank-funding form
 * files through validateForm, like the browser form. Only a processor token, brand, last 4 and
 * expiry are stored; the numbers themselves are never stored or logged.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateForm } from '../../engine/form/validate';
import { errorMessage } from '../../engine/form/messages';
import { requireRole } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { ClientSettings } from '../clients/settings';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError, type FieldError } from '../http/errors';
import { schemaRef } from '../http/validation';
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

/** The form part of a funding body, validated like the browser form; 400 with field errors. */
function validateFundingBody(
  services: PaymentServices,
  request: FastifyRequest,
  form: FundingForm,
  data: FormBody,
  more: (data: FormBody) => FieldError[] = () => [],
): void {
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
  if (errors.length === 0) errors.push(...more(data));
  if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
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

/** Splits `{ accountNumber, ...form }`; the account number must be a string. */
function splitBody(body: unknown): { accountNumber: string; form: FormBody } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'invalidRequest');
  }
  const { accountNumber, ...form } = body as FormBody;
  if (
    typeof accountNumber !== 'string' ||
    !/^[A-Za-z]{1,6}[0-9]\.[0-9]{1,12}$/.test(accountNumber.trim())
  ) {
    throw new ApiError(400, 'invalidRequest', {
      errors: [{ path: '/accountNumber', keyword: 'required', message: 'accountNumber' }],
    });
  }
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
  const services = lazyPaymentServices(ctx.config);
  const payers = requireRole(ctx, ['account', 'letter']);
  const accountOnly = requireRole(ctx, ['account']);
  const accountQuery = schemaRef(ctx.schemas, 'account-detailed-query');

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

  api.post<{ Querystring: { accountNumber: string }; Body: { cardNumber: string } }>(
    '/Account/CheckCard',
    {
      preHandler: payers,
      schema: { querystring: accountQuery, body: schemaRef(ctx.schemas, 'card-check-request') },
    },
    async (request, reply) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      const client = services.clients.forClient(account.client_id);
      const result = checkCard(services, client, request.body.cardNumber);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );

  api.post('/Account/AddCreditCardFunding', { preHandler: payers }, async (request) => {
    const { accountNumber, form } = splitBody(request.body);
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
    validateFundingBody(services, request, card, data, (valid) => {
      const errors: FieldError[] = [];
      const digits = valid.cardNumber as string;
      if (!isValidCardNumber(digits))
        errors.push(fieldError(services, request, card, 'cardNumber', 'invalid'));
      if ((valid.cardExpiration as string) < today) {
        errors.push(fieldError(services, request, card, 'cardExpiration', 'expired'));
      }
      return errors;
    });
    const digits = data.cardNumber as string;
    const check = checkCard(services, client, digits);
    if (check === 'CreditDisabled' || check === 'DebitDisabled') {
      const keyword = check === 'CreditDisabled' ? 'creditDisabled' : 'debitDisabled';
      throw new ApiError(422, 'cardNotAllowed', {
        errors: [fieldError(services, request, card, 'cardNumber', keyword)],
      });
    }
    const info = services.processor.cardInfo(digits);
    const expiration = data.cardExpiration as string;
    const tokenized = await services.processor.tokenizeCard({ cardNumber: digits, expiration });
    const row = await insertFunding(auth, {
      type: 'card',
      brand: info.brand,
      card_kind: info.kind,
      last4: tokenized.last4,
      expiration,
      holder_first_name: String(data.firstName),
      holder_last_name: String(data.lastName),
      bank_account_type: null,
      processor_token: tokenized.token,
      ...address(data),
    });
    return mapFunding(request, row, today);
  });

  api.post('/Account/AddBankAccountFunding', { preHandler: payers }, async (request) => {
    const { accountNumber, form } = splitBody(request.body);
    const { auth, account } = await ownAccount(ctx, request, accountNumber);
    const client = services.clients.forClient(account.client_id);
    validateFundingBody(services, request, services.forms.bank, form);
    if (!client.payment.allowBankAccount) throw new ApiError(422, 'bankNotAllowed');
    const accountType = form.bankAccountType === 'savings' ? 'savings' : 'checking';
    const tokenized = await services.processor.tokenizeBank({
      accountNumber: String(form.bankAccountNumber),
      routingNumber: String(form.bankRoutingNumber),
      accountType,
    });
    const row = await insertFunding(auth, {
      type: 'bank',
      brand: null,
      card_kind: null,
      last4: tokenized.last4,
      expiration: null,
      holder_first_name: String(form.firstName),
      holder_last_name: String(form.lastName),
      bank_account_type: accountType,
      processor_token: tokenized.token,
      ...address(form),
    });
    return mapFunding(request, row, ctx.today());
  });

  api.get<{ Querystring: { accountNumber: string } }>(
    '/Debtor/FundingMethods',
    { preHandler: payers, schema: { querystring: accountQuery } },
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
    { preHandler: payers, schema: { querystring: accountQuery } },
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
      schema: { querystring: schemaRef(ctx.schemas, 'funding-method-query') },
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
    { preHandler: accountOnly, schema: { body: schemaRef(ctx.schemas, 'attach-funding-request') } },
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
      schema: { body: schemaRef(ctx.schemas, 'attach-funding-all-request') },
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
    { preHandler: accountOnly, schema: { querystring: accountQuery } },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.query.accountNumber);
      return (await moveArgs(ctx, account)).args;
    },
  );

  api.post<{ Body: { accountNumber: string; paymentDate: string } }>(
    '/Account/MoveNextPayment',
    {
      preHandler: accountOnly,
      schema: { body: schemaRef(ctx.schemas, 'move-next-payment-request') },
    },
    async (request) => {
      const { account } = await ownAccount(ctx, request, request.body.accountNumber);
      return moveNextPayment(ctx, account, request.body.paymentDate);
    },
  );
}
