/**
 * The receipts of My documents: a portal payment taken (its balance after it worked out from the
 * arrangement's payments taken up to it) and a payment of the account's history.
 */
import {
  letterhead,
  notFound,
  ownedById,
  valueText,
  type DocumentRequest,
  type RenderedDocument,
} from './common';
import { maskLongNumbers, receiptMethod } from './method';
import { receiptPdf } from './pdfs';
import { isPending, NOT_PAYMENTS, TAKEN } from './records';

/** A receipt of a portal payment taken (an arrangement payment), with the balance after it. */
export async function paymentReceipt(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, request, debtorId, language, base, t, number, id } = asked;
  const row = await ctx.db
    .selectFrom('arrangement_payments as p')
    .innerJoin('arrangements as a', 'a.id', 'p.arrangement_id')
    .select([
      'p.id',
      'p.arrangement_id',
      'p.pay_date',
      'p.amount_cents',
      'p.status',
      'p.is_pending_post',
      'p.paid_with',
      'p.funding_id',
      'p.confirmation',
      'p.created',
      'p.approved',
      'a.account_id',
      'a.type',
      'a.amount_cents as arrangement_cents',
      'a.begin_balance_cents',
    ])
    .where('p.id', '=', number)
    .where('p.status', 'in', TAKEN)
    .executeTakeFirst();
  if (!row) throw notFound();
  const account = await ownedById(ctx, debtorId, row.account_id);
  const taken = await ctx.db
    .selectFrom('arrangement_payments')
    .select(['id', 'pay_date', 'amount_cents'])
    .where('arrangement_id', '=', row.arrangement_id)
    .where('status', 'in', TAKEN)
    .orderBy('pay_date')
    .orderBy('id')
    .execute();
  const upTo = taken.findIndex((p) => p.id === row.id);
  const paid = taken.slice(0, upTo + 1).reduce((sum, p) => sum + p.amount_cents, 0);
  // A settlement's balance is what is left of the amount settled for; a plan's, of the balance it began with.
  const settlement = row.type === 'SIF' || row.type === 'LET';
  const balanceAfterCents = Math.max(
    0,
    (settlement ? row.arrangement_cents : row.begin_balance_cents) - paid,
  );
  const reference = row.confirmation ?? id;
  const method = await receiptMethod(ctx, request, row, t('unknownMethod'));
  return {
    pdf: receiptPdf(
      {
        ...base(language, row.approved ?? row.created),
        letterhead: letterhead(
          ctx,
          t,
          account,
          reference,
          row.confirmation ? 'confirmation' : 'reference',
        ),
      },
      t,
      {
        date: row.pay_date,
        amountCents: row.amount_cents,
        method,
        confirmation: reference,
        balanceAfterCents,
        pending: isPending(row),
        // A plan payment is the portal's own.
        source: valueText(ctx, language, 'sources', 'Portal') ?? t('unknownSource'),
      },
    ),
    filename: `receipt-${reference}`,
  };
}

/** A receipt of a payment in the account's history (a transaction the agency's file holds). */
export async function historyReceipt(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, debtorId, language, base, t, number, id } = asked;
  const row = await ctx.db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', number)
    .where('amount_cents', '>', 0)
    .where('type', 'not in', NOT_PAYMENTS)
    .executeTakeFirst();
  if (!row) throw notFound();
  const account = await ownedById(ctx, debtorId, row.account_id);
  const reference = row.confirmation_code ?? id;
  const source = row.source?.trim() ?? '';
  return {
    pdf: receiptPdf(
      {
        ...base(language, `${row.received_date}T12:00:00.000Z`),
        letterhead: letterhead(
          ctx,
          t,
          account,
          reference,
          row.confirmation_code ? 'confirmation' : 'reference',
        ),
      },
      t,
      {
        date: row.received_date,
        amountCents: row.amount_cents,
        method: valueText(ctx, language, 'types', row.type) ?? t('unknownMethod'),
        confirmation: reference,
        balanceAfterCents: null,
        pending: Boolean(row.is_pending),
        // A source flows/ has no words for is named as the agency's file names it.
        source:
          valueText(ctx, language, 'sources', source) ||
          (source ? maskLongNumbers(source) : t('unknownSource')),
      },
    ),
    filename: `receipt-${reference}`,
  };
}
