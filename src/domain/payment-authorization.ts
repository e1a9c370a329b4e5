/**
 * The words a debtor agrees to before a payment: the agreement, the e-sign consent and the payment
 * authorization (one payment, or a recurring schedule), from flows/content/payment-authorization.json
 * with the payment's facts filled in. The browser shows exactly these texts; the server builds them
 * again from the submission to keep and to print the debtor's copy, so the two never differ.
 */
import { interpolateStrict } from '../engine/form/messages';
import { formatPhone } from '../engine/form/theme/format';
import { localize, type Language } from '../engine/i18n/split';
import type { LocalizedText } from '../generated/types/api/localized-text';
import { formatLongDay } from './dates';
import { formatCents } from './money';

/** flows/content/payment-authorization.json */
export interface AuthorizationContent {
  kind: 'authorization';
  version: string;
  agreement: LocalizedText;
  eSign: LocalizedText;
  single: LocalizedText;
  recurring: LocalizedText;
}

export interface AuthorizationFacts {
  /** The payer as given in the payment (a business's signer, with the business). */
  name: string;
  agency: string;
  creditor: string;
  accountNumber: string;
  /** The method as shown to the debtor: 'Visa ****1111'. */
  method: string;
  /** Where to call to cancel or revoke. */
  phone: string;
  /** The confirm button's words. */
  action: string;
  payments: readonly { date: string; cents: number }[];
}

export interface AuthorizationTexts {
  version: string;
  language: Language;
  recurring: boolean;
  agreement: string;
  eSign: string;
  authorization: string;
}

/** The payer's name: first and last name, with the business they sign for. */
export function payerName(person: {
  firstName?: string | null;
  lastName?: string | null;
  businessName?: string | null;
}): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return person.businessName ? `${name} (${person.businessName})` : name;
}

export function authorizationTexts(
  content: AuthorizationContent,
  language: Language,
  facts: AuthorizationFacts,
): AuthorizationTexts {
  const payments = facts.payments;
  const total = payments.reduce((sum, p) => sum + p.cents, 0);
  const day = (date: string) => formatLongDay(date, language);
  const money = (cents: number) => formatCents(cents, language);
  const values = {
    name: facts.name,
    agency: facts.agency,
    creditor: facts.creditor,
    accountNumber: facts.accountNumber,
    method: facts.method,
    phone: formatPhone(facts.phone),
    action: facts.action,
    amount: money(payments[0]?.cents ?? 0),
    date: payments[0] ? day(payments[0].date) : '',
    count: payments.length,
    total: money(total),
    first: payments[0] ? day(payments[0].date) : '',
    last: payments.length > 0 ? day(payments[payments.length - 1]!.date) : '',
    schedule: payments.map((p) => `${day(p.date)}: ${money(p.cents)}`).join('; '),
  };
  // Fails closed: a placeholder without a value throws (MissingPlaceholderValue), never a blank.
  const text = (template: LocalizedText) => interpolateStrict(localize(template, language), values);
  const recurring = payments.length > 1;
  return {
    version: content.version,
    language,
    recurring,
    agreement: text(content.agreement),
    eSign: text(content.eSign),
    authorization: text(recurring ? content.recurring : content.single),
  };
}
