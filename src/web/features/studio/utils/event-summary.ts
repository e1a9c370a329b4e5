/**
 * The short summary of an event's data on the Activity screen (issue 42, item 4): the facts a
 * person looks for first (a payment's amount and confirmation, a plan's reference, what a debtor
 * changed), each as a studio text (`studio.activity.facts.<name>`) and the value it fills in as
 * {{detail}}. The whole data is the row's expandable detail.
 */
import { formatCents, type Language } from '@/domain/money';

export { EVENT_TYPES } from '@/domain/event-types';

export interface SummaryFact {
  name: string;
  detail: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** A saved method as events carry it: its brand (or kind) and last 4 digits. */
function methodText(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const method = value as { kind?: unknown; brand?: unknown; last4?: unknown };
  const name = text(method.brand) ?? text(method.kind) ?? '';
  const last4 = text(method.last4);
  return last4 ? `${name} …${last4}`.trim() : undefined;
}

/**
 * The facts of `data`, in the order a person reads them. `yesNo` words a boolean (a contact
 * preference); money is in dollars in the staff member's language.
 */
export function summaryFacts(
  data: Record<string, unknown>,
  language: Language,
  yesNo: (value: boolean) => string,
): SummaryFact[] {
  const facts: SummaryFact[] = [];
  const add = (name: string, detail: string | undefined) => {
    if (detail !== undefined) facts.push({ name, detail });
  };
  const money = (value: unknown) =>
    typeof value === 'number' ? formatCents(value, language) : undefined;
  add('amount', money(data.amountCents));
  add('total', money(data.totalCents));
  add('settlement', money(data.settlementCents));
  add('confirmation', text(data.confirmation));
  add('paidOn', text(data.paidOn));
  add('payDate', text(data.payDate));
  add('returnedOn', text(data.returnedOn));
  add('from', text(data.from));
  add('reason', text(data.reason));
  add('method', methodText(data.method));
  add('planRef', text(data.planRef));
  add('months', text(data.months));
  add('day', text(data.day));
  add('chapter', text(data.chapter));
  add('form', text(data.form));
  if (Array.isArray(data.reasons)) add('reasons', data.reasons.map(String).join(', '));
  if (Array.isArray(data.fields)) add('fields', data.fields.map(String).join(', '));
  if (Array.isArray(data.payments)) add('payments', String(data.payments.length));
  for (const channel of ['emails', 'texts', 'letters'] as const) {
    if (typeof data[channel] === 'boolean') add(channel, yesNo(data[channel]));
  }
  add('email', text(data.email));
  return facts;
}
