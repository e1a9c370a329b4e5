/**
 * GET Account/Letter?accountNumber&letterId (roles letter and account): a settlement letter with
 * its options and payment schedules. A letter token opens only the letter it was issued for; an
 * account token opens letters of the debtor's own accounts. Anything else is 404.
 */
import type { FastifyInstance } from 'fastify';
import { authOf, requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import { toDollars } from '../money';

export function registerLetterRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const query = schemaRef(ctx.schemas, 'account-letter-query');

  api.get<{ Querystring: { accountNumber: string; letterId: number } }>(
    '/Account/Letter',
    { preHandler: requireRole(ctx, ['letter', 'account']), schema: { querystring: query } },
    async (request) => {
      const auth = authOf(request);
      const accountNumber = request.query.accountNumber.trim().toUpperCase();
      const { letterId } = request.query;
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
          'debtors.first_name',
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
}
