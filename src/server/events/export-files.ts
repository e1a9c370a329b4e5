/**
 * The CSV files of the agency's daily export (issue 42, item 2; export.ts writes them): one file
 * per kind of record, each with named columns in a fixed order. Every event type lands in exactly
 * one file (tests/unit/agency-export-files.test.ts holds EXPORT_FILES to EVENT_TYPES); every file
 * starts with the same columns naming the event and whom it is about, then the flattened data of
 * its types (a column a type has no value for is empty). Lists (a plan's schedule, the payments a
 * method funds) are one cell of JSON, as the event holds them.
 *
 * What is written is the event's data and nothing more: never an SSN, a date of birth or more than
 * the last 4 digits of a card or bank account (the event schemas allow nothing else).
 */
import { EVENT_TYPES, type EventType } from './types';

/** An event as the export reads it from the database. */
export interface ExportEvent {
  cursor: number;
  id: string;
  type: string;
  createdAt: string;
  /** The day of the event in the agency's time zone (`YYYY-MM-DD`). */
  agencyDate: string;
  clientId: string | null;
  accountNumber: string | null;
  debtorKey: string | null;
  data: Record<string, unknown>;
}

/** A cell: what csv-stringify writes (`null` is an empty cell). */
export type Cell = string | number | null;

interface Column {
  name: string;
  value: (event: ExportEvent) => Cell;
}

export interface ExportFile {
  /** The file name (`payments.csv`). */
  name: string;
  /** The event types whose rows it holds. */
  types: readonly EventType[];
  columns: readonly Column[];
}

/** A value of the data as a cell: text and numbers as they are, true/false, JSON for the rest. */
function cell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

/** A column of a data property (`amountCents` as `amount_cents`). */
const field = (name: string, property: string): Column => ({
  name,
  value: (event) => cell(event.data[property]),
});

/** A column of a property of an object of the data (`method.last4` as `method_last4`). */
const nested = (name: string, object: string, property: string): Column => ({
  name,
  value: (event) => {
    const inner = event.data[object];
    return inner !== null && typeof inner === 'object'
      ? cell((inner as Record<string, unknown>)[property])
      : null;
  },
});

/** The first of several data properties a type has (`payDate`, `paidOn` or `returnedOn`). */
const firstOf = (name: string, properties: readonly string[]): Column => ({
  name,
  value: (event) => {
    for (const property of properties) {
      const value = cell(event.data[property]);
      if (value !== null) return value;
    }
    return null;
  },
});

/** The columns every file starts with. */
const COMMON: readonly Column[] = [
  { name: 'cursor', value: (event) => event.cursor },
  { name: 'event_id', value: (event) => event.id },
  { name: 'type', value: (event) => event.type },
  { name: 'created_at', value: (event) => event.createdAt },
  { name: 'agency_date', value: (event) => event.agencyDate },
  { name: 'client', value: (event) => event.clientId },
  { name: 'account_number', value: (event) => event.accountNumber },
  { name: 'debtor_key', value: (event) => event.debtorKey },
];

const METHOD: readonly Column[] = [
  nested('method_kind', 'method', 'kind'),
  nested('method_brand', 'method', 'brand'),
  nested('method_last4', 'method', 'last4'),
];

const file = (name: string, types: readonly EventType[], columns: readonly Column[]) => ({
  name,
  types,
  columns: [...COMMON, ...columns],
});

/** The CSV files, in the order the manifest lists them. */
export const EXPORT_FILES: readonly ExportFile[] = [
  file(
    'payments.csv',
    [
      'payment.scheduled',
      'payment.succeeded',
      'payment.declined',
      'payment.returned',
      'payment.rescheduled',
      'payment.funding_changed',
    ],
    [
      field('confirmation', 'confirmation'),
      field('amount_cents', 'amountCents'),
      firstOf('pay_date', ['payDate', 'paidOn', 'returnedOn']),
      field('previous_pay_date', 'from'),
      field('plan_ref', 'planRef'),
      field('reason', 'reason'),
      ...METHOD,
      field('payments', 'payments'),
    ],
  ),
  file(
    'plans.csv',
    ['plan.created', 'plan.changed', 'plan.cancelled', 'plan.payment_day_changed'],
    [
      field('confirmation', 'confirmation'),
      field('plan_ref', 'planRef'),
      field('previous_plan_ref', 'previousPlanRef'),
      field('kind', 'kind'),
      field('total_cents', 'totalCents'),
      field('months', 'months'),
      field('day', 'day'),
      field('active', 'active'),
      ...METHOD,
      field('schedule', 'schedule'),
      field('stopped', 'stopped'),
      field('kept', 'kept'),
      field('moved', 'moved'),
    ],
  ),
  file(
    'payment-methods.csv',
    ['payment_method.added', 'payment_method.removed'],
    [
      field('method_id', 'methodId'),
      ...METHOD,
      field('expiration', 'expiration'),
      field('detached_payments', 'detachedPayments'),
    ],
  ),
  file(
    'disputes.csv',
    ['dispute.filed'],
    [
      field('confirmation', 'confirmation'),
      field('reasons', 'reasons'),
      field('message', 'message'),
      field('name', 'name'),
      field('phone_number', 'phoneNumber'),
      field('email', 'email'),
    ],
  ),
  file(
    'bankruptcies.csv',
    ['bankruptcy.reported'],
    [
      field('confirmation', 'confirmation'),
      field('chapter', 'chapter'),
      field('case_number', 'caseNumber'),
      field('file_date', 'fileDate'),
      field('joint_file', 'jointFile'),
      field('court_name', 'courtName'),
      field('judge_name', 'judgeName'),
      field('city_filed', 'cityFiled'),
      field('state_filed', 'stateFiled'),
      field('attorney_name', 'attorneyName'),
      field('attorney_phone_number', 'attorneyPhoneNumber'),
      field('law_firm_name', 'lawFirmName'),
      field('address1', 'address1'),
      field('address2', 'address2'),
      field('city', 'city'),
      field('state', 'state'),
      field('zip', 'zip'),
      field('phone_number', 'phoneNumber'),
      field('message', 'message'),
    ],
  ),
  file(
    'contacts.csv',
    ['debtor.contact_changed', 'debtor.preferences_changed', 'debtor.email_opted_out'],
    [
      field('fields', 'fields'),
      nested('address_line1', 'address', 'line1'),
      nested('address_line2', 'address', 'line2'),
      nested('city', 'address', 'city'),
      nested('state', 'address', 'state'),
      nested('zip', 'address', 'zip'),
      field('email', 'email'),
      field('phones_added', 'phonesAdded'),
      field('emails', 'emails'),
      field('texts', 'texts'),
      field('letters', 'letters'),
      field('preferred', 'preferred'),
    ],
  ),
  file(
    'consents.csv',
    ['esign.consent_given', 'letter_offer.accepted'],
    [
      field('confirmation', 'confirmation'),
      field('content_version', 'contentVersion'),
      field('texts_version', 'textsVersion'),
      field('language', 'language'),
      field('letter_id', 'letterId'),
      field('option_number', 'optionNumber'),
      field('settlement_cents', 'settlementCents'),
      field('schedule', 'schedule'),
    ],
  ),
  file(
    'forms.csv',
    ['form.recorded'],
    [
      field('form', 'form'),
      field('form_version', 'formVersion'),
      field('confirmation', 'confirmation'),
      field('language', 'language'),
      field('data', 'data'),
    ],
  ),
];

const fileOfType = new Map<string, ExportFile>(
  EXPORT_FILES.flatMap((f) => f.types.map((type) => [type, f] as const)),
);

/** The file an event type's rows go to; throws for a type no file takes (fail closed). */
export function exportFileOf(type: string): ExportFile {
  const found = fileOfType.get(type);
  if (!found) throw new Error(`agency export: no file takes events of type ${type}`);
  return found;
}

/** The types no file takes, and those more than one file takes (both empty: tests hold it). */
export function unplacedTypes(): { missing: string[]; twice: string[] } {
  const seen = EXPORT_FILES.flatMap((f) => f.types);
  return {
    missing: EVENT_TYPES.filter((type) => !seen.includes(type)),
    twice: seen.filter((type, i) => seen.indexOf(type) !== i),
  };
}

/** The header and the row of an event of a file. */
export const headerOf = (f: ExportFile): string[] => f.columns.map((c) => c.name);
export const rowOf = (f: ExportFile, event: ExportEvent): Cell[] =>
  f.columns.map((c) => c.value(event));
