/**
 * Signed-in reads (account role): Debtor/PrimaryDebtorInfo, Account/ListOverview and
 * Account/Detailed. An account that is not the token debtor's is answered 404, like a missing one.
 *
 * These are the portal's hottest reads, so their queries are compiled once (precompile) and
 * fixed in shape: arrangements and their payments are found through the account (or the
 * debtor's accounts) in the database rather than by a list of ids. ListOverview carries all a
 * dashboard card shows (payment options, pending payments, paid-off percent), so the dashboard
 * makes no request per card: pending transactions are summed inside the accounts query, and plan
 * existence is decided from the amounts alone (no schedules are built). Account/Detailed states
 * the account's payment options the same way.
 */
import type { FastifyInstance } from 'fastify';
import { paidOffPercent, showsProgressRing } from '../../domain/progress';
import { authOf, requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import { precompile } from '../db/database';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { toDollars } from '../money';
import { offeredOptions, plansKnown, ruleView } from '../payments/account-state';
import { lazyPaymentServices } from '../payments/services';
import {
  DEBTOR_VIEW_COLUMNS,
  groupArrangements,
  isViewable,
  mapAccount,
  mapDebtor,
  mapTransaction,
  type ArrangementWithPayments,
} from './mappers';

/** The precompiled reads of this file, for one database. */
function accountQueries(ctx: PortalContext) {
  const { db } = ctx;
  const accountsOfDebtor = (debtorId: number) =>
    db.selectFrom('accounts').select('id').where('debtor_id', '=', debtorId);
  const arrangementsOfAccount = (accountId: number) =>
    db.selectFrom('arrangements').select('id').where('account_id', '=', accountId);
  return {
    account: precompile(db, ['text', 'integer'], (accountNumber, debtorId) =>
      db
        .selectFrom('accounts')
        .selectAll()
        .where('account_number', '=', accountNumber)
        .where('debtor_id', '=', debtorId),
    ),
    /** With each account's pending transactions summed in the same query (null for none). */
    accountsOfDebtor: precompile(db, ['integer'], (debtorId) =>
      db
        .selectFrom('accounts')
        .selectAll('accounts')
        .select((eb) =>
          eb
            .selectFrom('transactions')
            // PostgreSQL sums integers as bigint (a string through pg): Number() reads both.
            .select((sum) => sum.fn.sum<number | string>('transactions.amount_cents').as('sum'))
            .whereRef('transactions.account_id', '=', 'accounts.id')
            .where('transactions.is_pending', '=', 1)
            .as('pending_cents'),
        )
        .where('accounts.debtor_id', '=', debtorId)
        .orderBy('accounts.account_number'),
    ),
    debtor: precompile(db, ['integer'], (debtorId) =>
      db.selectFrom('debtors').select(DEBTOR_VIEW_COLUMNS).where('id', '=', debtorId),
    ),
    phones: precompile(db, ['integer'], (debtorId) =>
      db
        .selectFrom('debtor_phones')
        .select(['phone_number', 'type'])
        .where('debtor_id', '=', debtorId)
        .orderBy('id'),
    ),
    arrangementsOfAccount: precompile(db, ['integer'], (accountId) =>
      db.selectFrom('arrangements').selectAll().where('account_id', '=', accountId).orderBy('id'),
    ),
    paymentsOfAccount: precompile(db, ['integer'], (accountId) =>
      db
        .selectFrom('arrangement_payments')
        .selectAll()
        .where('arrangement_id', 'in', arrangementsOfAccount(accountId))
        .orderBy('pay_date')
        .orderBy('id'),
    ),
    arrangementsOfDebtor: precompile(db, ['integer'], (debtorId) =>
      db
        .selectFrom('arrangements')
        .selectAll()
        .where('account_id', 'in', accountsOfDebtor(debtorId))
        .orderBy('id'),
    ),
    paymentsOfDebtor: precompile(db, ['integer'], (debtorId) =>
      db
        .selectFrom('arrangement_payments')
        .selectAll()
        .where(
          'arrangement_id',
          'in',
          db
            .selectFrom('arrangements')
            .select('id')
            .where('account_id', 'in', accountsOfDebtor(debtorId)),
        )
        .orderBy('pay_date')
        .orderBy('id'),
    ),
    transactions: precompile(db, ['integer'], (accountId) =>
      db
        .selectFrom('transactions')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('received_date', 'desc')
        .orderBy('id', 'desc'),
    ),
  };
}

export function registerAccountRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const accountOnly = requireRole(ctx, ['account']);
  const detailedQuery = schemaRef(ctx.schemas, 'account-detailed-query');
  const q = accountQueries(ctx);
  const services = lazyPaymentServices(ctx);

  async function debtorOf(debtorId: number) {
    const [[debtor], phones] = await Promise.all([q.debtor(debtorId), q.phones(debtorId)]);
    if (!debtor) throw new ApiError(401, 'unauthorized');
    return mapDebtor(debtor, phones);
  }

  /** The account's arrangements with their payments (the payments only when there are some). */
  async function arrangementsOfAccount(accountId: number): Promise<ArrangementWithPayments[]> {
    const arrangements = await q.arrangementsOfAccount(accountId);
    if (arrangements.length === 0) return [];
    const payments = await q.paymentsOfAccount(accountId);
    return groupArrangements(arrangements, payments).get(accountId) ?? [];
  }

  /** The payment options the rules offer for an account, plan existence as the plan routes see it. */
  function optionsOf(row: AccountRow, view: ReturnType<typeof ruleView>, today: string) {
    const plans = plansKnown(row, services.clients.forClient(row.client_id));
    return offeredOptions(view, today, services.rules, plans);
  }

  api.get(
    '/Debtor/PrimaryDebtorInfo',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'The signed-in debtor: name, address, phones, e-mail and preferences',
        response: { 200: schemaRef(ctx.schemas, 'debtor') },
      },
    },
    async (request) => debtorOf(authOf(request).debtorId),
  );

  /**
   * Each card of the dashboard drawn from this one read: the account, the payment options the
   * rules offer for it (plans existence as the plan routes decide), its pending payments and
   * the progress ring's percent.
   */
  api.get(
    '/Account/ListOverview',
    {
      preHandler: accountOnly,
      schema: {
        summary: "The debtor's accounts, with what each dashboard card shows",
        description:
          'Each account with the payment options the rules offer for it, its pending payments and the paid-off percent of its progress ring. Closed accounts are listed for 45 days after closing.',
        response: { 200: schemaRef(ctx.schemas, 'account-list') },
      },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      const rows = await q.accountsOfDebtor(debtorId);
      if (rows.length === 0) return [];
      const today = ctx.today();
      const visible = rows.filter((row) => isViewable(row, today));
      if (visible.length === 0) return [];
      const arrangements = await q.arrangementsOfDebtor(debtorId);
      const payments = arrangements.length === 0 ? [] : await q.paymentsOfDebtor(debtorId);
      const grouped = groupArrangements(arrangements, payments);
      return visible.map((row) => {
        const list = grouped.get(row.id) ?? [];
        const account = mapAccount(row, list);
        const view = ruleView(row, list, account);
        return {
          ...account,
          paymentOptions: optionsOf(row, view, today),
          pendingPaymentsTotal: toDollars(Number(row.pending_cents ?? 0)),
          paidOffPercent: showsProgressRing(view.account)
            ? paidOffPercent(view.account, view.arrangements)
            : null,
        };
      });
    },
  );

  api.get<{ Querystring: { accountNumber: string } }>(
    '/Account/Detailed',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'One account in full: arrangements, transactions, payment options, the debtor',
        querystring: detailedQuery,
        response: {
          200: schemaRef(ctx.schemas, 'account-with-debtor'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      const [account]: (AccountRow | undefined)[] = await q.account(
        request.query.accountNumber.trim().toUpperCase(),
        debtorId,
      );
      if (!account) throw new ApiError(404, 'accountNotFound');
      const today = ctx.today();
      if (account.is_closed && !isViewable(account, today)) {
        throw new ApiError(404, 'accountNotFound');
      }
      const [list, transactions, debtor] = await Promise.all([
        arrangementsOfAccount(account.id),
        q.transactions(account.id),
        debtorOf(debtorId),
      ]);
      const mapped = mapAccount(account, list);
      const view = ruleView(account, list, mapped);
      return {
        account: mapped,
        // Decided here, as for ListOverview: the page needs no plan calls to list the options.
        paymentOptions: optionsOf(account, view, today),
        debtor,
        transactions: transactions.map(mapTransaction),
        arrangements: view.arrangements,
        allowSms: debtor.allowSms,
        allowEmail: debtor.allowEmail,
      };
    },
  );
}
