/**
 * The PDF documents the API returns: the dispute confirmation, a settlement letter, the portal
 * registration confirmation and the debtor's copy of a payment authorization. Every word comes
 * from flows/ (api.json `pdf.*`, form labels), in the caller's language; amounts in US dollars,
 * dates written out.
 */
import { interpolate } from '../../engine/form/messages';
import { localize } from '../../engine/i18n/split';
import type { LocalizedText } from '../../generated/types/api/localized-text';
import type { Language, MessageCatalog, MessageKey } from '../http/messages';
import { formatLongDay } from '../../domain/dates';
import { formatCents } from '../../domain/money';
import { planSentenceParts, planSummary } from '../../domain/plan-summary';
import { pluralSuffix } from '../../engine/i18n/plural';
import type { PaymentAuthorizationsTable } from '../payments/tables';
import { renderPdf, type PdfBlock } from './pdf';

export interface DocumentContext {
  catalog: MessageCatalog;
  language: Language;
  created: Date;
  /** IANA time zone that times of day are written in (the agency's); UTC when absent. */
  timeZone?: string;
  /**
   * My documents (src/server/documents): the agency's name and address above the title, and the
   * account's facts (a table of the account number, creditors and the document's confirmation or
   * reference code) right under it, which the body then does not repeat. Without them a document
   * starts with its title.
   */
  letterhead?: { before: PdfBlock[]; after: PdfBlock[] };
}

function texts(doc: DocumentContext) {
  return (key: MessageKey, params: Record<string, unknown> = {}) =>
    interpolate(doc.catalog.message(key, doc.language), params);
}

/** An amount in cents as the portal writes it everywhere ("$1,234.50"). */
export function formatMoney(cents: number, language: Language): string {
  return formatCents(cents, language);
}

/** A YYYY-MM-DD day as the portal writes it everywhere ("January 15, 2025" / "15 de enero de 2025"). */
export function formatDay(day: string, language: Language): string {
  return /^\d{4}-\d{2}-\d{2}/.test(day) ? formatLongDay(day, language) : day;
}

/**
 * An instant written out with its time and zone, in `timeZone` ("January 15, 2025 at 3:04 PM EST"
 * / "15 de enero de 2025 a las 3:04 p.m. EST").
 */
export function formatInstant(instant: string, language: Language, timeZone = 'UTC'): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

export function finishDocument(doc: DocumentContext, title: string, blocks: PdfBlock[]): Buffer {
  const t = texts(doc);
  return renderPdf({
    title,
    language: doc.language === 'es' ? 'es-US' : 'en-US',
    created: doc.created,
    blocks: [
      ...(doc.letterhead?.before ?? []),
      { text: title, style: 'title', gapBefore: doc.letterhead ? 10 : 0 },
      ...(doc.letterhead?.after ?? []),
      ...blocks,
      { text: t('pdf.collectorNotice'), style: 'small', gapBefore: 18 },
    ],
    footer: (page, pages) => t('pdf.page', { page, pages }),
  });
}

/**
 * The account number and creditor lines of a document without a letterhead; with one (My
 * documents) its table already states them.
 */
function accountLines(
  doc: DocumentContext,
  facts: { accountNumber: string; creditor: string | null },
): PdfBlock[] {
  if (doc.letterhead) return [];
  const t = texts(doc);
  const lines: PdfBlock[] = [
    { text: t('pdf.accountNumber', { accountNumber: facts.accountNumber }) },
  ];
  if (facts.creditor) lines.push({ text: t('pdf.creditor', { creditor: facts.creditor }) });
  return lines;
}

export interface DisputeDocument {
  confirmation: string;
  receivedDay: string;
  accountNumber: string;
  creditor: string | null;
  name: string;
  /** Labels of the chosen reasons (from the dispute flow). */
  reasons: LocalizedText[];
  message: string | null;
  /** What happens next (My documents), under its heading. */
  next?: string;
  nextHeading?: string;
}

export function disputeConfirmationPdf(doc: DocumentContext, dispute: DisputeDocument): Buffer {
  const t = texts(doc);
  const blocks: PdfBlock[] = [
    { text: t('pdf.disputeIntro'), gapBefore: 8 },
    ...(doc.letterhead
      ? []
      : [
          {
            text: t('pdf.confirmationCode', { code: dispute.confirmation }),
            style: 'label' as const,
            gapBefore: 12,
          },
        ]),
    {
      text: t('pdf.received', { date: formatDay(dispute.receivedDay, doc.language) }),
      gapBefore: doc.letterhead ? 8 : 0,
    },
    { text: t('pdf.name', { name: dispute.name }) },
    ...accountLines(doc, dispute),
  ];
  blocks.push({ text: t('pdf.reasons'), style: 'heading' });
  for (const reason of dispute.reasons) {
    blocks.push({ text: localize(reason, doc.language) ?? '', listItem: true });
  }
  if (dispute.message) {
    blocks.push({ text: t('pdf.message'), style: 'heading' });
    blocks.push({ text: dispute.message });
  }
  if (dispute.next && dispute.nextHeading) {
    blocks.push({ text: dispute.nextHeading, style: 'heading' }, { text: dispute.next });
  }
  return finishDocument(doc, t('pdf.disputeTitle'), blocks);
}

export interface LetterDocument {
  letterCode: string;
  requestDate: string;
  accountNumber: string;
  creditor: string | null;
  name: string;
  address: string[];
  principalBalanceCents: number;
  options: {
    optionNumber: number;
    dueDate: string;
    settlementAmountCents: number;
    discount: number;
    numberOfPayments: number;
    schedule: { date: string; amountCents: number }[];
  }[];
}

export function letterPdf(doc: DocumentContext, letter: LetterDocument): Buffer {
  const t = texts(doc);
  const lang = doc.language;
  const blocks: PdfBlock[] = [
    { text: t('pdf.letterDate', { date: formatDay(letter.requestDate, lang) }), gapBefore: 8 },
    { text: letter.name, gapBefore: 10 },
    ...letter.address.map((line) => ({ text: line })),
  ];
  if (!doc.letterhead) {
    blocks.push(
      ...accountLines(doc, letter).map((line, i) => ({ ...line, gapBefore: i === 0 ? 10 : 0 })),
      { text: t('pdf.offerCode', { code: letter.letterCode }) },
    );
  }
  blocks.push(
    {
      text: t('pdf.balance', { amount: formatMoney(letter.principalBalanceCents, lang) }),
      gapBefore: doc.letterhead ? 10 : 0,
    },
    { text: t('pdf.letterIntro'), gapBefore: 10 },
  );
  for (const option of letter.options) {
    blocks.push({
      text: t('pdf.option', {
        number: option.optionNumber,
        amount: formatMoney(option.settlementAmountCents, lang),
        discount: `${Math.round(option.discount * 100)}%`,
      }),
      style: 'heading',
    });
    blocks.push({
      text: t('pdf.optionDetails', {
        count: option.numberOfPayments,
        date: formatDay(option.dueDate, lang),
      }),
    });
    blocks.push({ text: t('pdf.schedule'), style: 'label', gapBefore: 4 });
    for (const payment of option.schedule) {
      blocks.push({
        text: `${formatDay(payment.date, lang)}: ${formatMoney(payment.amountCents, lang)}`,
      });
    }
  }
  return finishDocument(doc, t('pdf.letterTitle'), blocks);
}

export interface RegistrationDocument {
  code: string;
  registeredDay: string;
  name: string;
  accounts: { accountNumber: string; creditor: string | null }[];
}

export function registrationPdf(doc: DocumentContext, registration: RegistrationDocument): Buffer {
  const t = texts(doc);
  const blocks: PdfBlock[] = [
    { text: t('pdf.registrationIntro'), gapBefore: 8 },
    { text: t('pdf.name', { name: registration.name }), gapBefore: 12 },
    { text: t('pdf.registeredOn', { date: formatDay(registration.registeredDay, doc.language) }) },
    { text: t('pdf.confirmationCode', { code: registration.code }) },
    { text: t('pdf.registrationConsent'), gapBefore: 8 },
    { text: t('pdf.accounts'), style: 'heading' },
    ...registration.accounts.map((a) => ({
      text: a.creditor ? `${a.accountNumber} (${a.creditor})` : a.accountNumber,
    })),
  ];
  return finishDocument(doc, t('pdf.registrationTitle'), blocks);
}

export interface AuthorizationDocument {
  /** The payment's confirmation code (WP + 10 hex). */
  confirmation: string;
  /** When the debtor agreed (ISO 8601 instant). */
  agreedAt: string;
  accountNumber: string;
  creditor: string | null;
  /** The debtor's name as given in the payment. */
  name: string;
  /** The payment method as shown to the debtor, e.g. 'Visa ****1111' or 'Checking ****6789'. */
  method: string;
  /** True when more than one payment is scheduled (a recurring authorization). */
  recurring: boolean;
  payments: { date: string; amountCents: number }[];
  totalCents: number;
  /** The texts the debtor agreed to, exactly as shown, already in their language: headings and paragraphs (blank lines separate paragraphs). */
  sections: { heading: string; text: string }[];
  /** Lines after the texts (My documents: the content version, a revocation). */
  notes?: string[];
}

/** What the authorization PDF reads of a stored authorization (payment_authorizations). */
export type StoredAuthorization = Pick<
  PaymentAuthorizationsTable,
  | 'confirmation'
  | 'agreed_at'
  | 'payer_name'
  | 'method_name'
  | 'recurring'
  | 'schedule'
  | 'total_cents'
  | 'agreement_text'
  | 'esign_text'
  | 'authorization_text'
>;

/**
 * A stored authorization as the PDF shows it, with the three texts under their headings in the
 * document's language (the language they were given in): the payment's own PDF and My documents.
 */
export function storedAuthorizationDocument(
  doc: DocumentContext,
  record: StoredAuthorization,
  account: { account_number: string; creditor_name: string | null },
  notes?: string[],
): AuthorizationDocument {
  const heading = (key: MessageKey) => doc.catalog.message(key, doc.language);
  return {
    confirmation: record.confirmation,
    agreedAt: record.agreed_at,
    accountNumber: account.account_number,
    creditor: account.creditor_name,
    name: record.payer_name,
    method: record.method_name,
    recurring: Boolean(record.recurring),
    payments: (JSON.parse(record.schedule) as { date: string; cents: number }[]).map((p) => ({
      date: p.date,
      amountCents: p.cents,
    })),
    totalCents: record.total_cents,
    sections: [
      { heading: heading('pdf.agreementHeading'), text: record.agreement_text },
      { heading: heading('pdf.esignHeading'), text: record.esign_text },
      { heading: heading('pdf.authorizationHeading'), text: record.authorization_text },
    ],
    ...(notes ? { notes } : {}),
  };
}

/**
 * What a recurring authorization takes, in words: its equal payments and, when it differs, the
 * last one (plan-summary.ts); the count alone for a schedule of other amounts.
 */
function recurringLine(doc: DocumentContext, authorization: AuthorizationDocument): string {
  const summary = planSummary(authorization.payments.map((p) => p.amountCents));
  if (!summary) {
    return interpolate(doc.catalog.message('pdf.authorizationRecurring', doc.language), {
      count: authorization.payments.length,
    });
  }
  const { key, values } = planSentenceParts(summary, 'pdf.authorizationPlan', doc.language);
  const plural = `${key}_${pluralSuffix(values.count, doc.language)}` as MessageKey;
  return interpolate(doc.catalog.message(plural, doc.language), values);
}

/** The debtor's copy of a payment authorization: what was agreed, when, and every payment. */
export function authorizationPdf(
  doc: DocumentContext,
  authorization: AuthorizationDocument,
): Buffer {
  const t = texts(doc);
  const lang = doc.language;
  const blocks: PdfBlock[] = [
    { text: t('pdf.authorizationIntro'), gapBefore: 8 },
    ...(doc.letterhead
      ? []
      : [
          {
            text: t('pdf.confirmationCode', { code: authorization.confirmation }),
            style: 'label' as const,
            gapBefore: 12,
          },
        ]),
    {
      text: t('pdf.agreedAt', {
        date: formatInstant(authorization.agreedAt, lang, doc.timeZone),
      }),
      gapBefore: doc.letterhead ? 8 : 0,
    },
    { text: t('pdf.name', { name: authorization.name }) },
    ...accountLines(doc, authorization),
  ];
  blocks.push(
    { text: t('pdf.paymentMethod', { method: authorization.method }) },
    {
      text: authorization.recurring
        ? recurringLine(doc, authorization)
        : t('pdf.authorizationSingle'),
      gapBefore: 8,
    },
    { text: t('pdf.payments'), style: 'heading' },
    {
      columns: [
        { header: t('pdf.paymentDate') },
        { header: t('pdf.paymentAmount'), align: 'right' },
      ],
      rows: authorization.payments.map((payment) => [
        formatDay(payment.date, lang),
        formatMoney(payment.amountCents, lang),
      ]),
      gapBefore: 4,
    },
    {
      text: t('pdf.total', { amount: formatMoney(authorization.totalCents, lang) }),
      style: 'label',
      gapBefore: 6,
    },
  );
  for (const section of authorization.sections) {
    blocks.push({ text: section.heading, style: 'heading' });
    section.text
      .split(/\r?\n[ \t]*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== '')
      .forEach((paragraph, index) =>
        blocks.push({ text: paragraph, gapBefore: index > 0 ? 6 : 0 }),
      );
  }
  (authorization.notes ?? []).forEach((note, index) =>
    blocks.push({ text: note, style: 'small', gapBefore: index === 0 ? 10 : 2 }),
  );
  return finishDocument(doc, t('pdf.authorizationTitle'), blocks);
}
