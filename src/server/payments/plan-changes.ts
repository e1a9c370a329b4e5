/**
 * Plans changed or cancelled online (issue 22), on the server: what a change would do today
 * (shown before the debtor confirms) and doing it, exactly once, in one transaction.
 *
 * The rules are the domain's (src/domain/plan-changes.ts, business days from
 * flows/calendars/us-bank-holidays.json), the words flows/content/plan-change.json's
 * (src/domain/plan-change-texts.ts), so the browser and the server say and do the same.
 *
 * Cancelling: every payment to come whose cutoff has not passed, and every past-due one, is
 * cancelled; a payment within the cutoff (less than 1 business day away) is still taken, one
 * already sent posts. The plan is marked cancelled (and stays active only while such a payment
 * remains), its recurring authorizations are revoked, and the change is kept with the statement
 * the debtor confirmed and a confirmation code. A plan that cannot be modified online (an agent's)
 * is refused: the account page shows the phone number instead.
 *
 * Changing the payment day: every payment to come whose cutoff has not passed moves to the new day
 * of the month, a month apart, in order, with its amount (domain `changePaymentDay`); the others
 * stay. The recurring authorization stays in force (the amounts and the method do not change);
 * the change is kept with the statement the debtor confirmed.
 *
 * Changing the plan: what the plan still expects (its payments to come and past due) is spread
 * again over another number of monthly payments on a day the debtor picks, within the client's
 * limits (domain `replanOptions`); the total, and so a settlement's savings, stay. It is confirmed
 * with a new recurring payment authorization (flows/content/payment-authorization.json, its
 * version kept). One transaction: the old payments stop, a new plan takes their place with the
 * payments that stay (within the cutoff) moved into it, the old plan ends and its authorizations
 * are revoked, superseded.
 *
 * This module holds what the three share (the config, the plan a change may touch, the facts its
 * texts name); each change is a module of its own: plan-cancel.ts, plan-day.ts, plan-replan.ts.
 */
import type { HolidayCalendar } from '../../domain/business-days';
import type { PlanPayment } from '../../domain/plan-changes';
import type { PlanChangeContent, PlanFacts } from '../../domain/plan-change-texts';
import { sql, type Transaction } from 'kysely';
import type { PortalContext } from '../context';
import type { AccountRow, ArrangementPaymentRow, Database } from '../db/types';
import { ApiError } from '../http/errors';
import { toDollars } from '../money';
import { activeArrangement, type ArrangementWithPayments } from '../routes/mappers';
import { displayName, loadDebtor } from '../routes/ownership';
import type { PublishedContent } from '../content/store';
import { authorizationOf, type PaymentServices } from './services';

/**
 * What plan changes read from flows/: the texts and the agency's name of the content version the
 * debtor was shown (`shown`, content/shown.ts; its number is recorded), the holiday calendar of
 * the version served now (a rule, not a text).
 */
export interface PlanChangeConfig {
  content: PlanChangeContent;
  calendar: HolidayCalendar;
  authorization: PaymentServices['authorization'];
  publishedVersion: number;
}

export function planChangeConfig(
  ctx: PortalContext,
  shown: PublishedContent = ctx.content.current(),
): PlanChangeConfig {
  const content = (shown.config.content as Record<string, unknown> | undefined)?.['plan-change'];
  const calendar = (ctx.config.calendars as Record<string, unknown> | undefined)?.[
    'us-bank-holidays'
  ];
  if (!content) throw new Error('flows/content/plan-change.json is missing');
  if (!calendar) throw new Error('flows/calendars/us-bank-holidays.json is missing');
  return {
    content: content as PlanChangeContent,
    calendar: calendar as HolidayCalendar,
    authorization: authorizationOf(shown.config),
    publishedVersion: shown.version,
  };
}

export const asPlanPayment = (row: ArrangementPaymentRow): PlanPayment => ({
  id: row.id,
  date: row.pay_date,
  cents: row.amount_cents,
  status: row.status,
  pendingPost: Boolean(row.is_pending_post),
});

export const apiPayment = (payment: PlanPayment) => ({
  date: payment.date,
  amount: toDollars(payment.cents),
});

/** The plan a change may touch: the active one, modifiable online and not already cancelled. */
export function changeablePlan(arrangements: ArrangementWithPayments[]): ArrangementWithPayments {
  const active = activeArrangement(arrangements);
  if (!active || active.arrangement.cancelled_at !== null) throw new ApiError(404, 'noActivePlan');
  if (!active.arrangement.modifiable_online) throw new ApiError(422, 'arrangementNotModifiable');
  return active;
}

export async function planFacts(
  ctx: PortalContext,
  services: PaymentServices,
  config: PlanChangeConfig,
  account: AccountRow,
  debtorId: number,
  plan: ArrangementWithPayments,
): Promise<PlanFacts> {
  const { row: debtor } = await loadDebtor(ctx, debtorId);
  const client = services.clients.forClient(account.client_id);
  const settlement = plan.arrangement.type === 'SIF' || plan.arrangement.type === 'LET';
  return {
    name: displayName(debtor),
    agency: config.authorization.agency,
    accountNumber: account.account_number,
    creditor: account.creditor_name ?? '',
    phone: account.support_phone ?? client.supportPhone ?? '',
    balanceCents: account.balance_cents,
    savingsCents: settlement
      ? Math.max(0, plan.arrangement.begin_balance_cents - plan.arrangement.amount_cents)
      : 0,
    settlement,
    today: ctx.today(),
  };
}

/**
 * Revokes, from `stamp`, the recurring authorizations the debtor gave for a plan (its payment
 * submissions'), naming the change that ended them: a cancellation, or a new plan in its place.
 */
export async function revokeRecurringAuthorizations(
  trx: Transaction<Database>,
  arrangementId: number,
  stamp: string,
  confirmation: string,
): Promise<void> {
  // A row of its own per authorization: the authorization itself is never changed (migration
  // 0017); one revoked already keeps its first revocation.
  await trx
    .insertInto('payment_authorization_revocations')
    .columns(['authorization_id', 'revoked_at', 'revoked_by'])
    .expression((eb) =>
      eb
        .selectFrom('payment_authorizations as pa')
        .select([
          'pa.id',
          sql<string>`cast(${stamp} as text)`.as('revoked_at'),
          sql<string>`cast(${confirmation} as text)`.as('revoked_by'),
        ])
        .where('pa.recurring', '=', 1)
        .where('pa.submission_id', 'in', (sub) =>
          sub
            .selectFrom('payment_submissions')
            .select('id')
            .where('arrangement_id', '=', arrangementId),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('payment_authorization_revocations as r')
                .select('r.authorization_id')
                .whereRef('r.authorization_id', '=', 'pa.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.column('authorization_id').doNothing())
    .execute();
}
