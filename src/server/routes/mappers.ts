/** Database rows -> API shapes of spec §3 (money in dollars, flags as booleans). */
import type {
  AccountRow,
  ArrangementPaymentRow,
  ArrangementRow,
  DebtorRow,
  TransactionRow,
} from '../db/types';
import { addDays } from '../dates';
import { holdsOf } from '../db/import-deltas';
import type { DisputeStatus } from '../../generated/types/api/account';
import { toDollars, toDollarsOrNull } from '../money';

/** Closed accounts stay viewable this many days after their last update (spec §9). */
export const CLOSED_VIEWABLE_DAYS = 45;

const OPEN_STATUSES = new Set(['PostDate', 'Approved', 'Rejected']);

export function isViewable(account: AccountRow, today: string): boolean {
  if (!account.is_closed) return true;
  const lastViewable =
    account.last_viewable_date ??
    (account.last_update_date ? addDays(account.last_update_date, CLOSED_VIEWABLE_DAYS) : null);
  return lastViewable === null || lastViewable >= today;
}

export interface ArrangementWithPayments {
  arrangement: ArrangementRow;
  payments: ArrangementPaymentRow[];
}

/** Arrangements (by id) with their payments (by pay date, id), grouped by account id. */
export function groupArrangements(
  arrangements: ArrangementRow[],
  payments: ArrangementPaymentRow[],
): Map<number, ArrangementWithPayments[]> {
  const byArrangement = new Map<number, ArrangementPaymentRow[]>();
  for (const payment of payments) {
    const list = byArrangement.get(payment.arrangement_id);
    if (list) list.push(payment);
    else byArrangement.set(payment.arrangement_id, [payment]);
  }
  const result = new Map<number, ArrangementWithPayments[]>();
  for (const arrangement of arrangements) {
    const entry = { arrangement, payments: byArrangement.get(arrangement.id) ?? [] };
    const list = result.get(arrangement.account_id);
    if (list) list.push(entry);
    else result.set(arrangement.account_id, [entry]);
  }
  return result;
}

function byDate(a: ArrangementPaymentRow, b: ArrangementPaymentRow): number {
  return a.pay_date < b.pay_date ? -1 : a.pay_date > b.pay_date ? 1 : a.id - b.id;
}

/** The account's current arrangement: the most recently created active one. */
export function activeArrangement(
  arrangements: ArrangementWithPayments[],
): ArrangementWithPayments | undefined {
  return arrangements
    .filter((a) => a.arrangement.active)
    .sort((a, b) =>
      a.arrangement.created === b.arrangement.created
        ? b.arrangement.id - a.arrangement.id
        : a.arrangement.created < b.arrangement.created
          ? 1
          : -1,
    )[0];
}

/**
 * Whether the debtor may change a plan online: the agency allows it (modifiable_online) and the
 * debtor has not cancelled it. A cancelled plan stays active while a payment less than 1 business
 * day away is still to be taken; that payment can no longer be moved, and the plan not changed.
 */
export function modifiableOnline(
  arrangement: Pick<ArrangementRow, 'modifiable_online' | 'cancelled_at'>,
): boolean {
  return Boolean(arrangement.modifiable_online) && arrangement.cancelled_at === null;
}

function paidCents(payments: ArrangementPaymentRow[]): number {
  return payments.filter((p) => p.status === 'Paid').reduce((sum, p) => sum + p.amount_cents, 0);
}

export function arrangementSummary(entry: ArrangementWithPayments) {
  const open = entry.payments.filter((p) => OPEN_STATUSES.has(p.status)).sort(byDate);
  const next = open[0];
  return {
    id: entry.arrangement.id,
    type: entry.arrangement.type,
    amount: next ? toDollars(next.amount_cents) : 0,
    date: next ? next.pay_date : null,
    paymentsLeft: open.length,
    totalLeft: toDollars(open.reduce((sum, p) => sum + p.amount_cents, 0)),
    payments: open.map((p) => ({
      id: p.id,
      amount: toDollars(p.amount_cents),
      date: p.pay_date,
      status: p.status,
      hasAttachedFunding: p.funding_id !== null,
      isPendingPost: Boolean(p.is_pending_post),
    })),
  };
}

/** The agency's latest dispute status (import deltas), with its day; null without one. */
function disputeOf(account: AccountRow): DisputeStatus | null {
  const { dispute_status: status, dispute_status_date: date } = account;
  return status && date ? { status: status as DisputeStatus['status'], date } : null;
}

export function mapAccount(account: AccountRow, arrangements: ArrangementWithPayments[]) {
  const active = activeArrangement(arrangements);
  const summary = active ? arrangementSummary(active) : null;
  const remainingCents = active
    ? Math.max(active.arrangement.amount_cents - paidCents(active.payments), 0)
    : account.balance_cents;
  return {
    accountNumber: account.account_number,
    clientAccount: account.client_account,
    clientId: account.client_id,
    creditorName: account.creditor_name,
    creditorNameComment: account.creditor_name_comment,
    originalCreditorName: account.original_creditor_name,
    merchantName: account.merchant_name,
    balance: toDollars(account.balance_cents),
    originalBalance: toDollars(account.original_balance_cents),
    outstandingBalance: toDollars(account.outstanding_balance_cents ?? account.balance_cents),
    remainingBalance: toDollars(remainingCents),
    settlementBalance: toDollarsOrNull(account.settlement_balance_cents),
    newBalance: toDollarsOrNull(account.new_balance_cents),
    newBalanceDate: account.new_balance_date,
    totalPaid: toDollars(account.total_paid_cents),
    hasActiveArrangement: active !== undefined,
    currentArrangementSummary: summary,
    dateOfReferral: account.date_of_referral,
    dateOfLastPay: account.date_of_last_pay,
    supportPhoneNumber: account.support_phone,
    isInterestBearing: Boolean(account.is_interest_bearing),
    hasSettlementOffers: Boolean(account.has_settlement_offers),
    isClosed: Boolean(account.is_closed),
    isSif: account.status_code === 'SIF',
    isPif: account.status_code === 'PIF',
    statusCode: account.status_code,
    isPaymentPendingPost: Boolean(account.is_payment_pending_post),
    minimumPaymentDue: toDollarsOrNull(account.minimum_payment_due_cents),
    stabilizationAmount: toDollarsOrNull(account.stabilization_amount_cents),
    showBringAccountCurrentText: Boolean(account.show_bring_account_current_text),
    showLastWorkableDisclosure: Boolean(account.show_last_workable_disclosure),
    isPco: Boolean(account.is_pco),
    allowPcoMinPay: Boolean(account.allow_pco_min_pay),
    saveDate: account.save_date,
    isEop: Boolean(account.is_eop),
    statementDate: account.statement_date,
    lastUpdateDate: account.last_update_date,
    lastViewableDate: account.last_viewable_date,
    bankruptcyReported: Boolean(account.bankruptcy_reported),
    showEndOfPathNotice: Boolean(account.end_of_path_notice),
    externalPaymentUrl: account.external_payment_url,
    holds: holdsOf(account.holds),
    dispute: disputeOf(account),
  };
}

export function mapArrangement(entry: ArrangementWithPayments) {
  const { arrangement } = entry;
  const payments = [...entry.payments].sort(byDate);
  const paid = paidCents(payments);
  const remainingNonElectronic = payments
    .filter((p) => OPEN_STATUSES.has(p.status) && !p.is_electronic)
    .reduce((sum, p) => sum + p.amount_cents, 0);
  return {
    id: arrangement.id,
    type: arrangement.type,
    amount: toDollars(arrangement.amount_cents),
    active: Boolean(arrangement.active),
    beginBalance: toDollars(arrangement.begin_balance_cents),
    paid: toDollars(paid),
    remaining: toDollars(Math.max(arrangement.amount_cents - paid, 0)),
    remainingNonElectronic: toDollars(remainingNonElectronic),
    created: arrangement.created,
    allowRemaining: Boolean(arrangement.allow_remaining),
    modifiableOnline: modifiableOnline(arrangement),
    details: payments.map((p) => ({
      id: p.id,
      payDate: p.pay_date,
      amount: toDollars(p.amount_cents),
      status: p.status,
      submitted: p.submitted,
      confirmation: p.confirmation,
      approved: p.approved,
      satisfied: p.satisfied,
      created: p.created,
      paidWith: p.paid_with,
      isElectronic: Boolean(p.is_electronic),
      isPendingPost: Boolean(p.is_pending_post),
      hasAttachedFunding: p.funding_id !== null,
    })),
  };
}

export function mapTransaction(tx: TransactionRow) {
  return {
    id: tx.id,
    date: tx.received_date,
    amount: toDollars(tx.amount_cents),
    type: tx.type,
    autoOrManual: tx.auto_or_manual,
    source: tx.source,
    confirmationCode: tx.confirmation_code,
    isPending: Boolean(tx.is_pending),
    totalPayment: toDollarsOrNull(tx.total_payment_cents),
    returnedDate: tx.returned_date,
    additionalTransactions: [] as unknown[],
  };
}

/** The debtor columns the API shows (never the identity hashes). */
export const DEBTOR_VIEW_COLUMNS = [
  'first_name',
  'last_name',
  'business_name',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip',
  'email',
  'allow_sms',
  'allow_email',
  'pref_email',
  'pref_sms',
  'pref_letter',
  'pref_preferred',
] as const satisfies readonly (keyof DebtorRow)[];

export type DebtorView = Pick<DebtorRow, (typeof DEBTOR_VIEW_COLUMNS)[number]>;

export function mapDebtor(debtor: DebtorView, phones: { phone_number: string; type: string }[]) {
  const preferred = debtor.pref_preferred;
  return {
    firstName: debtor.first_name,
    lastName: debtor.last_name,
    businessName: debtor.business_name,
    addressLine1: debtor.address_line1,
    addressLine2: debtor.address_line2,
    city: debtor.city,
    state: debtor.state,
    zip: debtor.zip,
    email: debtor.email,
    phones: phones.map((p) => ({ phoneNumber: p.phone_number, type: p.type })),
    communicationPrefs: [
      { type: 'email', enabled: Boolean(debtor.pref_email), preferred: preferred === 'email' },
      { type: 'SMS', enabled: Boolean(debtor.pref_sms), preferred: preferred === 'SMS' },
      { type: 'letter', enabled: Boolean(debtor.pref_letter), preferred: preferred === 'letter' },
    ],
    allowSms: Boolean(debtor.allow_sms),
    allowEmail: Boolean(debtor.allow_email),
  };
}
