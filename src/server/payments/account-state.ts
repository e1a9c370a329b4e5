/**
 * The token's own account and everything the payment rules read about it. An account that is
 * not the token debtor's (or, for a letter token, not the letter's account) is answered 404,
 * exactly like a missing one.
 */
import type { FastifyRequest } from 'fastify';
import {
  paymentFacts,
  paymentOptions,
  type OptionVariant,
  type PaymentFacts,
} from '../../domain/payment-options';
import type { Account, Arrangement } from '../../domain/types';
import { authOf } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { ClientSettings } from '../clients/settings';
import type { PortalContext } from '../context';
import type { AccountRow, ArrangementRow, Db } from '../db/types';
import { ApiError } from '../http/errors';
import {
  activeArrangement,
  groupArrangements,
  isViewable,
  mapAccount,
  mapArrangement,
  type ArrangementWithPayments,
} from '../routes/mappers';
import { paymentPlans, plansExist, settlementPlans, type PlanCents } from './plans';
import { paymentReads } from './reads';
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
  const number = ownAccountNumber(auth, accountNumber);
  const account = viewableAccount(ctx, await paymentReads(ctx.db).account(number, auth.debtorId));
  return { auth, account };
}

/** The account number a request may ask for: normalized, and a letter token's own; 404 otherwise. */
export function ownAccountNumber(auth: AccessClaims, accountNumber: string): string {
  const number = normalizeAccountNumber(accountNumber);
  if (auth.role === 'letter' && auth.accountNumber !== number) {
    throw new ApiError(404, 'accountNotFound');
  }
  return number;
}

/** The account the read found (`account`, by number and the token's debtor), if viewable; 404 otherwise. */
export function viewableAccount(ctx: PortalContext, rows: readonly AccountRow[]): AccountRow {
  const [account] = rows;
  if (!account || !isViewable(account, ctx.today())) throw new ApiError(404, 'accountNotFound');
  return account;
}

/** The account's arrangements with their payments (`read`: the arrangements, when read already). */
export async function arrangementsOf(
  db: Db,
  accountId: number,
  read?: ArrangementRow[],
): Promise<ArrangementWithPayments[]> {
  const reads = paymentReads(db);
  const arrangements = read ?? (await reads.arrangements(accountId));
  if (arrangements.length === 0) return [];
  const payments = await reads.arrangementPayments(accountId);
  return groupArrangements(arrangements, payments).get(accountId) ?? [];
}

export interface AccountState {
  account: AccountRow;
  client: ClientSettings;
  arrangements: ArrangementWithPayments[];
  active: ArrangementWithPayments | undefined;
  /** GetPaymentPlans' or GetSettlementPlans' plans for the account, built when first asked for. */
  plans(kind: 'payment' | 'settlement'): PlanCents[];
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

/**
 * The account and its arrangements in the API's shapes, as the payment rules and the progress
 * ring read them: the summary carries the active arrangement's own allowRemaining flag (an
 * agent-made arrangement may forbid paying its remaining balance online).
 */
export function ruleView(
  account: AccountRow,
  arrangements: ArrangementWithPayments[],
  mapped: ReturnType<typeof mapAccount> = mapAccount(account, arrangements),
): { account: Account; arrangements: Arrangement[] } {
  const view = mapped as unknown as Account;
  const active = activeArrangement(arrangements);
  const summary = view.currentArrangementSummary;
  return {
    account:
      summary && active
        ? {
            ...view,
            // Object.assign: a spread followed by a property the source lacks takes V8's slow path.
            currentArrangementSummary: Object.assign({}, summary, {
              allowRemaining: Boolean(active.arrangement.allow_remaining),
            }),
          }
        : view,
    arrangements: arrangements.map(mapArrangement) as unknown as Arrangement[],
  };
}

/** What the rules call paymentPlansExist and settlementPlansExist. */
export interface PlansKnown {
  paymentPlansExist: boolean;
  settlementPlansExist: boolean;
}

/**
 * Whether GetPaymentPlans / GetSettlementPlans would return any plan for the account (as
 * plansFor decides), without building the plans' schedules.
 */
export function plansKnown(account: AccountRow, client: ClientSettings): PlansKnown {
  if (account.is_closed || account.is_eop) {
    return { paymentPlansExist: false, settlementPlansExist: false };
  }
  const exist = plansExist({ balanceCents: account.balance_cents, client });
  return {
    paymentPlansExist: exist.payment,
    settlementPlansExist: Boolean(account.has_settlement_offers) && exist.settlement,
  };
}

/** The payment options offered for an account, in the order of the payment-options rules. */
export function offeredOptions(
  view: { account: Account; arrangements: Arrangement[] },
  today: string,
  rules: PaymentServices['rules'],
  plans: PlansKnown,
): OptionVariant[] {
  // Named one by one, not spread with `...view` and `...plans`: an object spread with other
  // properties after it is built on V8's slow path (about 2.5 µs here, on every account read).
  // The facts are made for this call only, so the rules add their derived facts to them.
  return paymentOptions(
    paymentFacts({
      account: view.account,
      arrangements: view.arrangements,
      today,
      scheduleRules: rules.scheduleStatus,
      paymentPlansExist: plans.paymentPlansExist,
      settlementPlansExist: plans.settlementPlansExist,
    }),
    rules.paymentOptions,
    'in-place',
  );
}

export async function accountState(
  ctx: PortalContext,
  services: PaymentServices,
  account: AccountRow,
  readArrangements?: ArrangementRow[],
): Promise<AccountState> {
  const today = ctx.today();
  const client = services.clients.forClient(account.client_id);
  const arrangements = await arrangementsOf(ctx.db, account.id, readArrangements);
  const active = activeArrangement(arrangements);
  const known = plansKnown(account, client);
  const facts = paymentFacts({
    ...ruleView(account, arrangements),
    today,
    scheduleRules: services.rules.scheduleStatus,
    paymentPlansExist: known.paymentPlansExist,
    settlementPlansExist: known.settlementPlansExist,
  });
  // Only a plan's payment checks its schedule against the plans: a one-time payment never builds
  // them (every payment of every plan on offer, about a tenth of a payment's CPU).
  let plans: ReturnType<typeof plansFor> | undefined;
  return {
    account,
    client,
    arrangements,
    active,
    plans: (kind) => (plans ??= plansFor(account, client, today))[kind],
    facts,
  };
}
