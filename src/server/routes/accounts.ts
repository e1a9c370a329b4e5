/**
 * Signed-in reads (account role): Debtor/PrimaryDebtorInfo, Account/ListOverview and
 * Account/Detailed. An account that is not the token debtor's is answered 404, like a missing one.
 *
 * These are the portal's hottest reads, so each is one precompiled statement, one round trip to
 * the database (routes/account-reads.ts): the account's arrangements, their payments, its
 * transactions and the debtor come as JSON columns of the account's row, found through the
 * account (or the debtor's accounts) in the database rather than by a list of ids. ListOverview
 * carries all a dashboard card shows (payment options, pending payments, paid-off percent, whether
 * its plan may be changed online), so the dashboard makes no request per card: pending
 * transactions are summed inside the accounts query, and plan existence is decided from the
 * amounts alone (no schedules are built).
 * Account/Detailed states the account's payment options the same way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import { paidOffPercent, showsProgressRing } from '../../domain/progress';
import { checkSession, requireRole, uncheckedAuthOf } from '../auth/guard';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { toDollars } from '../money';
import { offeredOptions, plansKnown, ruleView } from '../payments/account-state';
import { lazyPaymentServices } from '../payments/services';
import { accountQueries, readJson } from './account-reads';
import {
  activeArrangement,
  groupArrangements,
  isViewable,
  mapAccount,
  mapDebtor,
  mapTransaction,
  modifiableOnline,
} from './mappers';

/**
 * ctx.today(), worked out at most once a second. The agency's day turns over on a whole second of
 * ctx.now() (time zone offsets are whole seconds), so within one second it is one day; and
 * Intl's formatToParts, which ctx.today() runs, costs more than the rest of these reads' date work.
 * A value is kept only when the second did not turn during its computation.
 */
function todayOncePerSecond(ctx: PortalContext): () => string {
  let second = Number.NaN;
  let day = '';
  const secondOf = () => Math.floor(ctx.now().getTime() / 1000);
  return () => {
    const before = secondOf();
    if (before === second) return day;
    const today = ctx.today();
    if (secondOf() === before) {
      second = before;
      day = today;
    }
    return today;
  };
}

export function registerAccountRoutes(api: FastifyInstance, ctx: PortalContext): void {
  // Each read below asks whether the session is revoked itself: one round trip a request.
  const accountOnly = requireRole(ctx, ['account'], { revocationInRead: true });
  const detailedQuery = schemaRef(ctx.schemas, 'account-detailed-query');
  const q = accountQueries(ctx);
  const services = lazyPaymentServices(ctx);
  const today = todayOncePerSecond(ctx);

  async function debtorOf(request: FastifyRequest) {
    const { debtorId, sid } = uncheckedAuthOf(request);
    const [row] = await q.debtor(debtorId, sid);
    await checkSession(ctx, request, row?.revoked);
    if (!row) throw new ApiError(401, 'unauthorized');
    return mapDebtor(row, readJson.phones(row.phones));
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
    async (request) => debtorOf(request),
  );

  /**
   * Each card of the dashboard drawn from this one read: the account, the payment options the
   * rules offer for it (plans existence as the plan routes decide), its pending payments, the
   * progress ring's percent and whether its plan may be changed online (the urgent state's offers).
   */
  api.get(
    '/Account/ListOverview',
    {
      preHandler: accountOnly,
      schema: {
        summary: "The debtor's accounts, with what each dashboard card shows",
        description:
          'Each account with the payment options the rules offer for it, its pending payments, the paid-off percent of its progress ring and whether its plan may be changed online. Closed accounts are listed for 45 days after closing.',
        response: { 200: schemaRef(ctx.schemas, 'account-list') },
      },
    },
    async (request) => {
      const { debtorId, sid } = uncheckedAuthOf(request);
      const rows = await q.accountsOfDebtor(debtorId, sid);
      await checkSession(ctx, request, rows[0]?.revoked);
      const day = today();
      const cards = [];
      for (const columns of rows) {
        const row = readJson.account(columns.account);
        if (!isViewable(row, day)) continue;
        const list =
          groupArrangements(
            readJson.arrangements(columns.arrangements),
            readJson.payments(columns.payments),
          ).get(row.id) ?? [];
        const account = mapAccount(row, list);
        const view = ruleView(row, list, account);
        // The arrangement the summary shows (mapAccount's), as the account page reads its flag.
        const plan = activeArrangement(list);
        cards.push({
          ...account,
          paymentOptions: optionsOf(row, view, day),
          pendingPaymentsTotal: toDollars(Number(columns.pending_cents ?? 0)),
          paidOffPercent: showsProgressRing(view.account)
            ? paidOffPercent(view.account, view.arrangements)
            : null,
          planModifiableOnline: plan ? modifiableOnline(plan.arrangement) : null,
        });
      }
      return cards;
    },
  );

  api.get<{ Querystring: AccountDetailedQuery }>(
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
      const { debtorId, sid } = uncheckedAuthOf(request);
      // One statement: the session's revocation, the account with its arrangements, payments,
      // transactions and debtor.
      const number = request.query.accountNumber.trim().toUpperCase();
      const [row] = await q.detailed(number, debtorId, sid);
      await checkSession(ctx, request, row?.revoked);
      if (!row) throw new ApiError(404, 'accountNotFound');
      const account = readJson.account(row.account);
      const day = today();
      if (account.is_closed && !isViewable(account, day)) {
        throw new ApiError(404, 'accountNotFound');
      }
      const debtorRow = readJson.debtor(row.debtor);
      if (!debtorRow) throw new ApiError(401, 'unauthorized');
      const debtor = mapDebtor(debtorRow, readJson.phones(row.phones));
      const list =
        groupArrangements(
          readJson.arrangements(row.arrangements),
          readJson.payments(row.payments),
        ).get(account.id) ?? [];
      const transactions = readJson.transactions(row.transactions);
      const mapped = mapAccount(account, list);
      const view = ruleView(account, list, mapped);
      return {
        account: mapped,
        // Decided here, as for ListOverview: the page needs no plan calls to list the options.
        paymentOptions: optionsOf(account, view, day),
        debtor,
        transactions: transactions.map(mapTransaction),
        arrangements: view.arrangements,
        allowSms: debtor.allowSms,
        allowEmail: debtor.allowEmail,
      };
    },
  );
}
