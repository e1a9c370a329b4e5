/**
 * My documents (issue 25): which documents a debtor has, found in the stored records they are
 * made from: taken payments (receipts), payment authorizations and their e-sign consents, plan
 * changes, disputes, bankruptcy notices, settlement letters, and the letter of an account closed
 * as settled or paid in full. Only the debtor's viewable accounts count (a closed account past its
 * viewable date is 404 everywhere else too). A document's id is its kind and its record's number;
 * every read joins the record to the signed-in debtor, so another debtor's id is not found.
 */
import type { DocumentList } from '@/generated/types/api/document-list';
import type { PortalContext } from '../context';
import { calendarDay } from '../dates';
import type { AccountRow } from '../db/types';
import { isViewable } from '../routes/mappers';

export type DocumentKind = DocumentList[number]['kind'];

/** One row of the list, amounts in cents; `at` orders documents of the same day. */
export interface DocumentEntry {
  id: string;
  kind: DocumentKind;
  date: string;
  at: string;
  accountNumber: string;
  amountCents: number | null;
  reference: string | null;
  status: 'pending' | 'posted' | null;
}

/** The id prefixes of schemas/api/document-params.schema.json. */
export const ID_PREFIXES = [
  'receipt',
  'history',
  'authorization',
  'esign',
  'plan',
  'closed',
  'dispute',
  'bankruptcy',
  'letter',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

/** The largest id both databases' integer columns hold: a larger number names no record. */
const MAX_ID = 2147483647;

/** The prefix and record number of a document id, or null when it names no record. */
export function parseDocumentId(id: string): { prefix: IdPrefix; number: number } | null {
  const match = /^([a-z]+)-([1-9][0-9]{0,9})$/.exec(id);
  const prefix = ID_PREFIXES.find((p) => p === match?.[1]);
  const number = Number(match?.[2]);
  if (!prefix || !Number.isSafeInteger(number) || number > MAX_ID) return null;
  return { prefix, number };
}

/**
 * The payments of an account's history (the `transactions` table: what the agency's files and
 * the portal post) that have a receipt: money received, whatever its source. A returned payment
 * (NonSufficientFunds) and an adjustment are not payments.
 */
export const NOT_PAYMENTS = ['NonSufficientFunds', 'Adjustment'];

/** Taken payments: paid, or approved and waiting to post. */
export const TAKEN = ['Paid', 'Approved'];

export const isPending = (row: { status: string; is_pending_post: number }): boolean =>
  row.status !== 'Paid' || Boolean(row.is_pending_post);

/** Closed as settled (SIF, or a status ending in IF) or paid in full (PIF). */
export function closedKind(account: AccountRow): 'settledLetter' | 'paidLetter' | null {
  if (!account.is_closed) return null;
  const code = account.status_code.trim().toUpperCase();
  if (code === 'PIF') return 'paidLetter';
  return code.endsWith('IF') ? 'settledLetter' : null;
}

/** The debtor's accounts shown today (open, or closed and still viewable). */
export async function viewableAccounts(
  ctx: PortalContext,
  debtorId: number,
): Promise<AccountRow[]> {
  const rows = await ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('debtor_id', '=', debtorId)
    .execute();
  const today = ctx.today();
  return rows.filter((account) => isViewable(account, today));
}

/** Every document of these accounts (all of the debtor's viewable ones, or one), newest first. */
export async function listDocuments(
  ctx: PortalContext,
  debtorId: number,
  accounts: AccountRow[],
): Promise<DocumentEntry[]> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const numberOf = new Map(accounts.map((a) => [a.id, a.account_number]));
  const day = (instant: string) => calendarDay(new Date(instant), ctx.timeZone);
  const entries: DocumentEntry[] = [];
  const add = (accountId: number, entry: Omit<DocumentEntry, 'accountNumber'>) =>
    entries.push({ ...entry, accountNumber: numberOf.get(accountId) ?? '' });

  const payments = await ctx.db
    .selectFrom('arrangement_payments as p')
    .innerJoin('arrangements as a', 'a.id', 'p.arrangement_id')
    .select([
      'p.id',
      'a.account_id',
      'p.pay_date',
      'p.amount_cents',
      'p.status',
      'p.is_pending_post',
      'p.confirmation',
      'p.created',
    ])
    .where('a.account_id', 'in', ids)
    .where('p.status', 'in', TAKEN)
    .execute();
  for (const p of payments) {
    add(p.account_id, {
      id: `receipt-${p.id}`,
      kind: 'receipt',
      date: p.pay_date,
      at: p.created,
      amountCents: p.amount_cents,
      reference: p.confirmation,
      status: isPending(p) ? 'pending' : 'posted',
    });
  }

  // Every payment of the history has a receipt too, whatever its source (the portal, an agent,
  // the mail, the agency's file), unless it is a plan payment listed above (same code, account).
  const listed = new Set(
    payments.filter((p) => p.confirmation).map((p) => `${p.account_id}|${p.confirmation}`),
  );
  const history = await ctx.db
    .selectFrom('transactions')
    .select([
      'id',
      'account_id',
      'received_date',
      'amount_cents',
      'confirmation_code',
      'is_pending',
    ])
    .where('account_id', 'in', ids)
    .where('amount_cents', '>', 0)
    .where('type', 'not in', NOT_PAYMENTS)
    .execute();
  for (const h of history) {
    if (h.confirmation_code && listed.has(`${h.account_id}|${h.confirmation_code}`)) continue;
    add(h.account_id, {
      id: `history-${h.id}`,
      kind: 'receipt',
      date: h.received_date,
      at: `${h.received_date}T00:00:00.000Z`,
      amountCents: h.amount_cents,
      reference: h.confirmation_code,
      status: h.is_pending ? 'pending' : 'posted',
    });
  }

  const authorizations = await ctx.db
    .selectFrom('payment_authorizations')
    .select(['id', 'account_id', 'confirmation', 'total_cents', 'agreed_at'])
    .where('debtor_id', '=', debtorId)
    .where('account_id', 'in', ids)
    .execute();
  for (const a of authorizations) {
    const common = { date: day(a.agreed_at), at: a.agreed_at, reference: a.confirmation };
    const status = null;
    add(a.account_id, {
      id: `authorization-${a.id}`,
      kind: 'authorization',
      amountCents: a.total_cents,
      status,
      ...common,
    });
    add(a.account_id, { id: `esign-${a.id}`, kind: 'esign', amountCents: null, status, ...common });
  }

  const changes = await ctx.db
    .selectFrom('plan_changes')
    .select(['id', 'account_id', 'kind', 'confirmation', 'created_at'])
    .where('debtor_id', '=', debtorId)
    .where('account_id', 'in', ids)
    .execute();
  for (const c of changes) {
    add(c.account_id, {
      id: `plan-${c.id}`,
      kind: planKind(c.kind),
      date: day(c.created_at),
      at: c.created_at,
      amountCents: null,
      reference: c.confirmation,
      status: null,
    });
  }

  for (const table of ['disputes', 'bankruptcies'] as const) {
    const rows = await ctx.db
      .selectFrom(table)
      .select(['id', 'account_id', 'confirmation', 'created_at'])
      .where('debtor_id', '=', debtorId)
      .where('account_id', 'in', ids)
      .execute();
    for (const r of rows) {
      const dispute = table === 'disputes';
      add(r.account_id, {
        id: `${dispute ? 'dispute' : 'bankruptcy'}-${r.id}`,
        kind: dispute ? 'dispute' : 'bankruptcy',
        date: day(r.created_at),
        at: r.created_at,
        amountCents: null,
        reference: r.confirmation,
        status: null,
      });
    }
  }

  const letters = await ctx.db
    .selectFrom('letters')
    .select(['letter_id', 'account_id', 'letter_code', 'request_date', 'principal_balance_cents'])
    .where('account_id', 'in', ids)
    .execute();
  for (const l of letters) add(l.account_id, letterEntry(l));

  for (const account of accounts) {
    const kind = closedKind(account);
    if (!kind) continue;
    const facts = closedFacts(account);
    add(account.id, {
      id: `closed-${account.id}`,
      kind,
      date: facts.letterDate,
      at: facts.letterDate,
      amountCents: facts.amountCents,
      reference: null,
      status: null,
    });
  }

  return entries.sort(
    (a, b) => b.date.localeCompare(a.date) || b.at.localeCompare(a.at) || b.id.localeCompare(a.id),
  );
}

export function letterEntry(l: {
  letter_id: number;
  letter_code: string;
  request_date: string;
  principal_balance_cents: number;
}): Omit<DocumentEntry, 'accountNumber'> {
  return {
    id: `letter-${l.letter_id}`,
    kind: 'settlementLetter',
    date: l.request_date,
    at: l.request_date,
    amountCents: l.principal_balance_cents,
    reference: l.letter_code,
    status: null,
  };
}

export function planKind(kind: string): DocumentKind {
  if (kind === 'cancel') return 'planCancellation';
  if (kind === 'change-day') return 'paymentDayChange';
  return 'planChange';
}

/**
 * The day the account's last posted payment was taken: the latest pay date of its arrangements'
 * payments that are paid and no longer pending, or null when it has none (a payment by post is
 * only in the account's own fields).
 */
export async function lastPostedPaymentDay(
  ctx: PortalContext,
  accountId: number,
): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('arrangement_payments as p')
    .innerJoin('arrangements as a', 'a.id', 'p.arrangement_id')
    .select((eb) => eb.fn.max('p.pay_date').as('day'))
    .where('a.account_id', '=', accountId)
    .where('p.status', '=', 'Paid')
    .where('p.is_pending_post', '=', 0)
    .executeTakeFirst();
  return row?.day ?? null;
}

/**
 * What a closed account's letter states, from the account's own stored fields: the amount
 * settled for (or paid), the day the final payment posted (the last posted payment's day when the
 * payments table has one, else the account's date of last payment), and the letter's date (the
 * closing).
 */
export function closedFacts(
  account: AccountRow,
  lastPostedDay: string | null = null,
): {
  amountCents: number;
  finalPaymentDate: string;
  letterDate: string;
} {
  const settled = closedKind(account) === 'settledLetter';
  const amountCents =
    (settled ? account.settlement_balance_cents : null) ??
    (account.total_paid_cents > 0 ? account.total_paid_cents : account.original_balance_cents);
  const finalPaymentDate =
    lastPostedDay ?? account.date_of_last_pay ?? account.last_update_date ?? '';
  const letterDate = account.last_update_date ?? finalPaymentDate;
  return { amountCents, finalPaymentDate, letterDate: letterDate.slice(0, 10) };
}
