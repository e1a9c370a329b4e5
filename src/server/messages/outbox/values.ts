/**
 * The placeholder values of a message made by an event (issue 43): what the event's data, the
 * account and the debtor say, formatted in the message's language (`$60.00`, `January 15, 2025`).
 * A schedule's message (schedule.ts) gives the same names: a plan payment's `amountCents`,
 * `payDate` and `methodText` (the method as the plan names it), an offer's `amountCents`,
 * `savingsCents` and `expiresOn`. A value the event does not carry is left out; the renderer then refuses the message
 * (MessageRenderError valueMissing) and it is recorded as skipped, never sent with a blank.
 */
import type { Language } from '../../../engine/i18n/split';
import { formatDay, formatMoney } from '../../pdf/documents';

interface EventMethod {
  kind?: string;
  brand?: string | null;
  last4?: string;
}

interface ScheduleEntry {
  payDate?: string;
  amountCents?: number;
}

/** What the values are made from. */
export interface ValueSources {
  eventType: string;
  /** The event's time (ISO): its day is the `date` of an event without one of its own. */
  eventAt: string;
  data: Record<string, unknown>;
  accountNumber: string;
  firstName: string | null;
  lastName: string;
  creditor: string | null;
  balanceCents: number;
  language: Language;
  /** The agency's time zone: the day of `eventAt`. */
  timeZone: string;
}

/** A saved method as a message shows it: the brand (or nothing) and the last 4 digits. */
export function methodWords(method: EventMethod | undefined): string | undefined {
  if (!method?.last4) return undefined;
  return `${method.brand ? `${method.brand} ` : ''}****${method.last4}`;
}

const dayOf = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));

export function messageValues(sources: ValueSources): Record<string, string> {
  const { data, language } = sources;
  const money = (cents: unknown) =>
    typeof cents === 'number' ? formatMoney(cents, language) : undefined;
  const day = (value: unknown) =>
    typeof value === 'string' && value !== '' ? formatDay(value, language) : undefined;
  const schedule = (Array.isArray(data.schedule) ? data.schedule : []) as ScheduleEntry[];
  const next = schedule[0];
  const values: Record<string, string | undefined> = {
    accountNumber: sources.accountNumber,
    firstName: sources.firstName ?? sources.lastName,
    creditor: sources.creditor ?? undefined,
    balance: money(sources.balanceCents),
    confirmation: typeof data.confirmation === 'string' ? data.confirmation : undefined,
    amount: money(data.amountCents ?? data.totalCents),
    method:
      methodWords(data.method as EventMethod | undefined) ??
      (typeof data.methodText === 'string' && data.methodText !== '' ? data.methodText : undefined),
    savings: money(data.savingsCents),
    date:
      day(data.expiresOn) ??
      day(data.paidOn) ??
      day(data.payDate) ??
      day(data.fileDate) ??
      day(dayOf(sources.eventAt, sources.timeZone)),
    day: typeof data.day === 'number' ? String(data.day) : undefined,
    nextAmount: money(next?.amountCents),
    nextDate: day(next?.payDate),
  };
  // The day a bankruptcy notice or a dispute was received is the day of the event.
  if (sources.eventType === 'bankruptcy.reported' || sources.eventType === 'dispute.filed')
    values.date = day(dayOf(sources.eventAt, sources.timeZone));
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
