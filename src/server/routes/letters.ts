/**
 * GET Account/Letter?accountNumber&letterId and POST Account/ByteLetter (roles letter and
 * account): a settlement letter with its options and payment schedules, as JSON or as a PDF. A
 * letter token opens only the letter it was issued for; an account token opens letters of the
 * debtor's own accounts. Anything else is 404. GET Account/Letters?accountNumber (account role):
 * the account's letters, newest first, without options.
 */
import type { FastifyInstance } from 'fastify';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import type { AccountLetterQuery } from '@/generated/types/api/account-letter-query';
import type { ByteLetterRequest } from '@/generated/types/api/byte-letter-request';
import { authOf, requireRole } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import { ApiError, languageOf } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { toDollars } from '../money';
import { letterPdf, type LetterDocument } from '../pdf/documents';
import { displayName, ownedAccount } from './ownership';

/** The letter with its options and schedules, if the caller may open it; otherwise 404. */
export async function findLetter(
  ctx: PortalContext,
  auth: AccessClaims,
  query: AccountLetterQuery,
) {
  const accountNumber = query.accountNumber.trim().toUpperCase();
  const { letterId } = query;
  if (
    auth.role === 'letter' &&
    (auth.accountNumber !== accountNumber || auth.letterId !== letterId)
  ) {
    throw new ApiError(404, 'letterNotFound');
  }
  const letter = await ctx.db
    .selectFrom('letters')
    .innerJoin('accounts', 'accounts.id', 'letters.account_id')
    .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
    .select([
      'letters.letter_id',
      'letters.account_id',
      'letters.letter_code',
      'letters.is_letter_one',
      'letters.request_date',
      'letters.principal_balance_cents',
      'accounts.account_number',
      'accounts.creditor_name',
      'debtors.first_name',
      'debtors.last_name',
      'debtors.business_name',
      'debtors.address_line1',
      'debtors.address_line2',
      'debtors.city',
      'debtors.state',
      'debtors.zip',
    ])
    .where('letters.letter_id', '=', letterId)
    .where('accounts.account_number', '=', accountNumber)
    .where('accounts.debtor_id', '=', auth.debtorId)
    .executeTakeFirst();
  if (!letter) throw new ApiError(404, 'letterNotFound');
  const options = await ctx.db
    .selectFrom('letter_options')
    .selectAll()
    .where('letter_id', '=', letterId)
    .orderBy('due_date')
    .orderBy('option_number')
    .execute();
  const payments =
    options.length === 0
      ? []
      : await ctx.db
          .selectFrom('letter_option_payments')
          .selectAll()
          .where(
            'letter_option_id',
            'in',
            options.map((o) => o.id),
          )
          .orderBy('seq')
          .execute();
  return { letter, options, payments };
}

/** The settlement letter as its PDF prints it (ByteLetter, My documents). */
export function letterDocument({
  letter,
  options,
  payments,
}: Awaited<ReturnType<typeof findLetter>>): LetterDocument {
  const address = [
    letter.address_line1,
    letter.address_line2,
    [[letter.city, letter.state].filter(Boolean).join(', '), letter.zip].filter(Boolean).join(' '),
  ].filter((line): line is string => Boolean(line));
  return {
    letterCode: letter.letter_code,
    requestDate: letter.request_date,
    accountNumber: letter.account_number,
    creditor: letter.creditor_name,
    name: displayName(letter),
    address,
    principalBalanceCents: letter.principal_balance_cents,
    options: options.map((o) => ({
      optionNumber: o.option_number,
      dueDate: o.due_date,
      settlementAmountCents: o.settlement_amount_cents,
      discount: Number(o.discount),
      numberOfPayments: o.number_of_payments,
      schedule: payments
        .filter((p) => p.letter_option_id === o.id)
        .map((p) => ({ date: p.pay_date, amountCents: p.amount_cents })),
    })),
  };
}

export function registerLetterRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const query = schemaRef(ctx.schemas, 'account-letter-query');

  api.get<{ Querystring: AccountLetterQuery }>(
    '/Account/Letter',
    {
      onRequest: requireRole(ctx, ['letter', 'account']),
      schema: {
        summary: 'A settlement letter with its options and their payment schedules',
        description:
          "A letter token opens only the letter it was issued for; an account token opens letters of the debtor's own accounts.",
        querystring: query,
        response: { 200: schemaRef(ctx.schemas, 'letter'), ...errorResponses(ctx.schemas, 404) },
      },
    },
    async (request) => {
      const { letter, options, payments } = await findLetter(ctx, authOf(request), request.query);
      return {
        letterId: letter.letter_id,
        accountId: letter.account_id,
        accountNumber: letter.account_number,
        letterCode: letter.letter_code,
        isLetterOne: Boolean(letter.is_letter_one),
        optionCount: options.length,
        requestDate: letter.request_date,
        principalBalance: toDollars(letter.principal_balance_cents),
        firstName: letter.first_name,
        creditorName: letter.creditor_name,
        payer: {
          firstName: letter.first_name,
          lastName: letter.last_name,
          businessName: letter.business_name,
          addressLine1: letter.address_line1,
          addressLine2: letter.address_line2,
          city: letter.city,
          state: letter.state,
          zip: letter.zip,
        },
        options: options.map((o) => ({
          letterOptionId: o.id,
          letterId: o.letter_id,
          optionNumber: o.option_number,
          dueDate: o.due_date,
          dayOfMonthSettlementRequirement: o.day_of_month_settlement_requirement,
          settlementAmount: toDollars(o.settlement_amount_cents),
          paymentAmount: toDollars(o.payment_amount_cents),
          discount: Number(o.discount),
          numberOfPayments: o.number_of_payments,
          paymentSchedule: payments
            .filter((p) => p.letter_option_id === o.id)
            .map((p) => ({ date: p.pay_date, amount: toDollars(p.amount_cents) })),
        })),
      };
    },
  );

  api.post<{ Body: ByteLetterRequest }>(
    '/Account/ByteLetter',
    {
      onRequest: requireRole(ctx, ['letter', 'account']),
      schema: {
        summary: 'A settlement letter as a PDF',
        body: schemaRef(ctx.schemas, 'byte-letter-request'),
        response: errorResponses(ctx.schemas, 404),
      },
      config: { produces: 'application/pdf' },
    },
    async (request, reply) => {
      const found = await findLetter(ctx, authOf(request), request.body);
      const { letter } = found;
      const pdf = letterPdf(
        { catalog: request.server.catalog, language: languageOf(request), created: ctx.now() },
        letterDocument(found),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="letter-${letter.letter_code}.pdf"`)
        .send(pdf);
    },
  );

  api.get<{ Querystring: AccountDetailedQuery }>(
    '/Account/Letters',
    {
      onRequest: requireRole(ctx, ['account']),
      schema: {
        summary: "The account's settlement letters, newest first, without their options",
        querystring: schemaRef(ctx.schemas, 'account-detailed-query'),
        response: {
          200: schemaRef(ctx.schemas, 'letter-list'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request) => {
      const account = await ownedAccount(
        ctx,
        authOf(request).debtorId,
        request.query.accountNumber,
      );
      const letters = await ctx.db
        .selectFrom('letters')
        .selectAll()
        .where('account_id', '=', account.id)
        .orderBy('request_date', 'desc')
        .orderBy('letter_id', 'desc')
        .execute();
      const counts = await ctx.db
        .selectFrom('letter_options')
        .select(['letter_id', (eb) => eb.fn.countAll().as('n')])
        .where('letter_id', 'in', letters.length > 0 ? letters.map((l) => l.letter_id) : [-1])
        .groupBy('letter_id')
        .execute();
      return letters.map((l) => ({
        letterId: l.letter_id,
        accountId: l.account_id,
        accountNumber: account.account_number,
        letterCode: l.letter_code,
        isLetterOne: Boolean(l.is_letter_one),
        requestDate: l.request_date,
        principalBalance: toDollars(l.principal_balance_cents),
        optionCount: Number(counts.find((c) => c.letter_id === l.letter_id)?.n ?? 0),
      }));
    },
  );
}
