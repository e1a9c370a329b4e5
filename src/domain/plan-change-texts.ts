/**
 * What changing or cancelling a plan online says, from flows/content/plan-change.json with the
 * plan's facts filled in (issue 22). The browser shows exactly these texts before the debtor
 * confirms; the server builds them again from what it does, keeps them with the change, and
 * answers them, so the two never differ.
 */
import { interpolate, interpolateStrict } from '../engine/form/messages';
import { formatPhone } from '../engine/form/theme/format';
import { pluralSuffix } from '../engine/i18n/plural';
import { localize, type Language } from '../engine/i18n/split';
import type { LocalizedText } from '../generated/types/api/localized-text';
import { formatLongDay } from './dates';
import { formatCents } from './money';

/** flows/content/plan-change.json (schemas/meta/content.schema.json, kind plan-change). */
export interface PlanChangeContent {
  kind: 'plan-change';
  version: string;
  cancel: {
    consequences: { text: LocalizedText; settlement?: boolean }[];
    kept: LocalizedText;
    statement: LocalizedText;
    /** The statement when its count is one (`statement` is the plural form). */
    statement_one?: LocalizedText;
  };
  changeDay: { statement: LocalizedText; statement_one?: LocalizedText };
  changePlan: { action: LocalizedText; noMethod: LocalizedText };
}

export interface PlanFacts {
  name: string;
  agency: string;
  accountNumber: string;
  creditor: string;
  /** Where to call. */
  phone: string;
  /** The account's balance, in cents. */
  balanceCents: number;
  /** What a settlement plan saves, in cents (0 for a plan of the whole balance). */
  savingsCents: number;
  /** A settlement or letter plan: a discount may be lost. */
  settlement: boolean;
  /** The day the change is made. */
  today: string;
}

export interface CancellationTexts {
  version: string;
  language: Language;
  /** What cancelling means, in order. */
  consequences: string[];
  /** One sentence per payment still taken (within the cutoff). */
  kept: string[];
  /** What the debtor confirms and is given a record of. */
  statement: string;
}

/** A statement in the plural form its count takes (`statement_one` for one, when given). */
function statementFor(
  texts: { statement: LocalizedText; statement_one?: LocalizedText },
  count: number,
  language: Language,
): string {
  const one = pluralSuffix(count, language) === 'one' ? texts.statement_one : undefined;
  return localize(one ?? texts.statement, language);
}

const money = (cents: number, language: Language) => formatCents(cents, language);
const day = (date: string, language: Language) => formatLongDay(date, language);

/** The texts of a cancellation that stops `stopped` payments and keeps `kept`. */
export function cancellationTexts(
  content: PlanChangeContent,
  language: Language,
  facts: PlanFacts,
  payments: {
    stopped: readonly { date: string; cents: number }[];
    kept: readonly { date: string; cents: number }[];
  },
): CancellationTexts {
  const values = {
    name: facts.name,
    agency: facts.agency,
    accountNumber: facts.accountNumber,
    creditor: facts.creditor,
    balance: money(facts.balanceCents, language),
    savings: money(facts.savingsCents, language),
    phone: formatPhone(facts.phone),
    count: payments.stopped.length,
    date: day(facts.today, language),
  };
  return {
    version: content.version,
    language,
    consequences: content.cancel.consequences
      .filter((item) => !item.settlement || facts.settlement)
      .map((item) => interpolate(localize(item.text, language), values)),
    kept: payments.kept.map((payment) =>
      interpolate(localize(content.cancel.kept, language), {
        amount: money(payment.cents, language),
        date: day(payment.date, language),
      }),
    ),
    // What the debtor confirms: a placeholder without a value throws, never a blank.
    statement: interpolateStrict(statementFor(content.cancel, values.count, language), values),
  };
}

/** The statement of a payment day change to `dayOfMonth`, for the moved payments. */
export function dayChangeStatement(
  content: PlanChangeContent,
  language: Language,
  facts: PlanFacts,
  dayOfMonth: number,
  moved: readonly { date: string; cents: number }[],
): string {
  const first = moved[0];
  const last = moved[moved.length - 1];
  return interpolateStrict(statementFor(content.changeDay, moved.length, language), {
    name: facts.name,
    agency: facts.agency,
    accountNumber: facts.accountNumber,
    creditor: facts.creditor,
    day: dayOfMonth,
    count: moved.length,
    first: first ? day(first.date, language) : '',
    last: last ? day(last.date, language) : '',
    schedule: moved
      .map((payment) => `${day(payment.date, language)}: ${money(payment.cents, language)}`)
      .join('; '),
  });
}
