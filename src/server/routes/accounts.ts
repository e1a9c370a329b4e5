/**
 * Signed-in reads (account role): Debtor/PrimaryDebtorInfo, Account/ListOverview and
 * Account/Detailed. An account that is not the token debtor's is answered 404, like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { authOf, requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import {
  isViewable,
  mapAccount,
  mapArrangement,
  mapDebtor,
  mapTransaction,
  type ArrangementWithPayments,
} from './mappers';

async function arrangementsOf(
  ctx: PortalContext,
  accountIds: number[],
): Promise<Map<number, ArrangementWithPayments[]>> {
  const result = new Map<number, ArrangementWithPayments[]>();
  if (accountIds.length === 0) return result;
  const arrangements = await ctx.db
    .selectFrom('arrangements')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('id')
    .execute();
  const payments =
    arrangements.length === 0
      ? []
      : await ctx.db
          .selectFrom('arrangement_payments')
          .selectAll()
          .where(
            'arrangement_id',
            'in',
            arrangements.map((a) => a.id),
          )
          .orderBy('pay_date')
          .orderBy('id')
          .execute();
  for (const arrangement of arrangements) {
    const list = result.get(arrangement.account_id) ?? [];
    list.push({
      arrangement,
      payments: payments.filter((p) => p.arrangement_id === arrangement.id),
    });
    result.set(arrangement.account_id, list);
  }
  return result;
}

async function debtorOf(ctx: PortalContext, debtorId: number) {
  const debtor = await ctx.db
    .selectFrom('debtors')
    .selectAll()
    .where('id', '=', debtorId)
    .executeTakeFirst();
  if (!debtor) throw new ApiError(401, 'unauthorized');
  const phones = await ctx.db
    .selectFrom('debtor_phones')
    .select(['phone_number', 'type'])
    .where('debtor_id', '=', debtorId)
    .orderBy('id')
    .execute();
  return mapDebtor(debtor, phones);
}

export function registerAccountRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const accountOnly = requireRole(ctx, ['account']);
  const detailedQuery = schemaRef(ctx.schemas, 'account-detailed-query');

  api.get('/Debtor/PrimaryDebtorInfo', { preHandler: accountOnly }, async (request) => {
    return debtorOf(ctx, authOf(request).debtorId);
  });

  api.get('/Account/ListOverview', { preHandler: accountOnly }, async (request) => {
    const { debtorId } = authOf(request);
    const today = ctx.today();
    const rows = await ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('debtor_id', '=', debtorId)
      .orderBy('account_number')
      .execute();
    const visible = rows.filter((row) => isViewable(row, today));
    const arrangements = await arrangementsOf(
      ctx,
      visible.map((a) => a.id),
    );
    return visible.map((row) => mapAccount(row, arrangements.get(row.id) ?? []));
  });

  api.get<{ Querystring: { accountNumber: string } }>(
    '/Account/Detailed',
    { preHandler: accountOnly, schema: { querystring: detailedQuery } },
    async (request) => {
      const { debtorId } = authOf(request);
      const account: AccountRow | undefined = await ctx.db
        .selectFrom('accounts')
        .selectAll()
        .where('account_number', '=', request.query.accountNumber.trim().toUpperCase())
        .where('debtor_id', '=', debtorId)
        .executeTakeFirst();
      if (!account || !isViewable(account, ctx.today())) throw new ApiError(404, 'accountNotFound');
      const [arrangements, transactions, debtor] = await Promise.all([
        arrangementsOf(ctx, [account.id]),
        ctx.db
          .selectFrom('transactions')
          .selectAll()
          .where('account_id', '=', account.id)
          .orderBy('received_date', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        debtorOf(ctx, debtorId),
      ]);
      const list = arrangements.get(account.id) ?? [];
      return {
        account: mapAccount(account, list),
        debtor,
        transactions: transactions.map(mapTransaction),
        arrangements: list.map(mapArrangement),
        allowSms: debtor.allowSms,
        allowEmail: debtor.allowEmail,
      };
    },
  );
}
