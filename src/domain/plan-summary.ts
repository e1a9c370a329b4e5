/**
 * What a plan takes, in words (issue 40, Reg E and NACHA: the amount of each debit): "7 monthly
 * payments of $64.28", or, when the last payment differs, "6 monthly payments of $64.28 and a
 * last payment of $64.32". One function for the browser and the server, so that the plan choice,
 * the review, a plan change, the success page and the PDFs say the same. The words come from
 * flows/ texts with plural forms: `<base>_one`/`<base>_other` ({{count}} payments of {{amount}})
 * and `<base>Last_one`/`<base>Last_other` ({{count}} payments of {{amount}} and a last payment of
 * {{last}}), where {{count}} is the number of payments of {{amount}}.
 */
import { formatCents, toCents, type Language } from './money';

export interface PlanSummary {
  /** Every payment of the plan. */
  count: number;
  /** How many payments are of `amountCents`: all of them, or all but the last. */
  equalCount: number;
  amountCents: number;
  /** The last payment, when it differs from the others. */
  lastCents?: number;
  totalCents: number;
}

/**
 * The plan's payments as equal payments and, when it differs, a last one; null when the schedule
 * has no such shape (no payment, or payments other than the last that differ).
 */
export function planSummary(cents: readonly number[]): PlanSummary | null {
  const first = cents[0];
  const last = cents[cents.length - 1];
  if (first === undefined || last === undefined) return null;
  if (!cents.slice(0, -1).every((amount) => amount === first)) return null;
  const count = cents.length;
  const totalCents = cents.reduce((sum, amount) => sum + amount, 0);
  return last === first
    ? { count, equalCount: count, amountCents: first, totalCents }
    : { count, equalCount: count - 1, amountCents: first, lastCents: last, totalCents };
}

/** The text key (without its plural form) and the values of a plan's sentence. */
export function planSentenceParts(
  summary: PlanSummary,
  base: string,
  language: Language,
): { key: string; values: { count: number; amount: string; last?: string; total: string } } {
  const money = (cents: number) => formatCents(cents, language);
  const values = {
    count: summary.equalCount,
    amount: money(summary.amountCents),
    total: money(summary.totalCents),
  };
  return summary.lastCents === undefined
    ? { key: base, values }
    : { key: `${base}Last`, values: { ...values, last: money(summary.lastCents) } };
}

/** A plan's sentence through `t` (i18next's, or pluralTranslate's on the server). */
export function planSentence(
  summary: PlanSummary,
  base: string,
  language: Language,
  t: (key: string, values?: Record<string, unknown>) => string,
  extra: Record<string, unknown> = {},
): string {
  const { key, values } = planSentenceParts(summary, base, language);
  return t(key, { ...extra, ...values });
}

/**
 * A list of payments with an `amount` in dollars (an API's schedule), in words: the plan's
 * sentence from payment.plan.label, or, when its amounts vary, its count and total from
 * payment.plan.payments. Empty when it is not such a list.
 */
export function planWords(
  payments: unknown,
  language: Language,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  if (!Array.isArray(payments) || payments.length === 0) return '';
  const cents: number[] = [];
  for (const payment of payments as unknown[]) {
    const amount = (payment as { amount?: unknown } | null)?.amount;
    if (typeof amount !== 'number') return '';
    cents.push(toCents(amount));
  }
  const summary = planSummary(cents);
  if (summary) return planSentence(summary, 'payment.plan.label', language, t);
  const total = cents.reduce((sum, amount) => sum + amount, 0);
  return t('payment.plan.payments', { count: cents.length, total: formatCents(total, language) });
}
