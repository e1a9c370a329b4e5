/**
 * The token's own account and everything the payment rules read about it. An account that is
 * not the token debtor's (or, for a letter token, not the letter's account) is answered 404,
 * exactly like a missing one.
 */
import type { FastifyRequest } from 'fastify';
import { paymentFacts, type PaymentFacts } from '../../domain/payment-options';
import type { Account, Arrangement } from '../../domain/types';
import { authOf } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { ClientSettings } from '../clients/settings';
import type { PortalContext } from '../context';
import type { AccountRow, Db } from '../db/types';
import { ApiError } from '../http/errors';
import {
  activeArrangement,
  isViewable,
  mapAccount,
  mapArrangement,
  type ArrangementWithPayments,
} from '../routes/mappers';
import { paymentPlans, settlementPlans, type PlanCents } from './plans';
import type { PaymentServices } from './services';

export function normalizeAccountNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** The account of the token's debtor (and of a letter token's letter); 404 otherwise. */
export async function ownAccount(
  ctx: PortalContext,
  request: FastifyRequest,
  accountNumber: string,
): Promise<{ auth: AccessClaims; account: AccountRow }> {
  const auth = authOf(request);
  const number = normalizeAccountNumber(accountNumber);
  if (auth.role === 'letter' && auth.accountNumber !== number) {
    throw new ApiError(404, 'accountNotFound');
  }
  const account = await ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('account_number', '=', number)
    .where('debtor_id', '=', auth.debtorId)
    .executeTakeFirst();
  if (!account || !isViewable(account, ctx.today())) throw new ApiError(404, 'accountNotFound');
  return { auth, account };
}

export async function arrangementsOf(
  db: Db,
  accountId: number,
): Promise<ArrangementWithPayments[]> {
  const arrangements = await db
    .selectFrom('arrangements')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  if (arrangements.length === 0) return [];
  const payments = await db
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
  return arrangements.map((arrangement) => ({
    arrangement,
    payments: payments.filter((p) => p.arrangement_id === arrangement.id),
  }));
}

export interface AccountState {
  account: AccountRow;
  client: ClientSettings;
  arrangements: ArrangementWithPayments[];
  active: ArrangementWithPayments | undefined;
  paymentPlans: PlanCents[];
  settlementPlans: PlanCents[];
  facts: PaymentFacts;
}

/** Plans for the account as GetPaymentPlans / GetSettlementPlans compute them. */
export function plansFor(
  account: AccountRow,
  client: ClientSettings,
  today: string,
  day?: number,
): { payment: PlanCents[]; settlement: PlanCents[] } {
  if (account.is_closed || account.is_eop) return { payment: [], settlement: [] };
  const input = { balanceCents: account.balance_cents, client, today, day };
  return {
    payment: paymentPlans(input),
    settlement: account.has_settlement_offers ? settlementPlans(input) : [],
  };
}

export async function accountState(
  ctx: PortalContext,
  services: PaymentServices,
  account: AccountRow,
): Promise<AccountState> {
  const today = ctx.today();
  const client = services.clients.forClient(account.client_id);
  const arrangements = await arrangementsOf(ctx.db, account.id);
  const active = activeArrangement(arrangements);
  const mapped = mapAccount(account, arrangements) as unknown as Account;
  if (mapped.currentArrangementSummary && active) {
    // The arrangement's own flag decides whether its remaining balance may be paid online.
    mapped.currentArrangementSummary = {
      ...mapped.currentArrangementSummary,
      allowRemaining: Boolean(active.arrangement.allow_remaining),
    };
  }
  const plans = plansFor(account, client, today);
  const facts = paymentFacts({
    account: mapped,
    arrangements: arrangements.map(mapArrangement) as unknown as Arrangement[],
    today,
    scheduleRules: services.rules.scheduleStatus,
    paymentPlansExist: plans.payment.length > 0,
    settlementPlansExist: plans.settlement.length > 0,
  });
  return {
    account,
    client,
    arrangements,
    active,
    paymentPlans: plans.payment,
    settlementPlans: plans.settlement,
    facts,
  };
}
