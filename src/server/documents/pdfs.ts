/**
 * The PDFs that only My documents makes: a payment receipt, the settled or paid-in-full letter,
 * the bankruptcy notice confirmation, a plan change's record and the e-sign consent record. Each
 * goes through the same pipeline as the others (finishDocument: title, letterhead, the collector
 * notice); every word is a text of flows/texts/documents.json (`pdf.*`) or a stored text. The
 * letterhead's table states the account, the creditors and the confirmation code, so no body
 * repeats them.
 */
import { interpolate } from '@/engine/form/messages';
import { localize } from '@/engine/i18n/split';
import type { LocalizedText } from '@/generated/types/api/localized-text';
import {
  finishDocument,
  formatDay,
  formatInstant,
  formatMoney,
  type DocumentContext,
} from '../pdf/documents';
import type { PdfBlock } from '../pdf/pdf';

/** A documents.pdf.* text in the document's language. */
export type PdfTexts = (key: string, params?: Record<string, unknown>) => string;

/** Paragraphs of a stored text (blank lines separate them). */
export function paragraphs(text: string): PdfBlock[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph, index) => ({ text: paragraph, gapBefore: index > 0 ? 6 : 0 }));
}

export interface ReceiptDocument {
  date: string;
  amountCents: number;
  method: string;
  confirmation: string;
  /** Null for a payment of the history: the files it comes from do not say the balance after it. */
  balanceAfterCents: number | null;
  pending: boolean;
  /** Where the payment came from (the portal, an agent, the mail, the agency's file...), in words. */
  source: string;
}

export function receiptPdf(doc: DocumentContext, t: PdfTexts, receipt: ReceiptDocument): Buffer {
  const lang = doc.language;
  return finishDocument(doc, t('receiptTitle'), [
    { text: t('receiptIntro'), gapBefore: 8 },
    { text: t('paymentHeading'), style: 'heading' },
    {
      columns: [
        { header: t('date') },
        { header: t('amount'), align: 'right' },
        { header: t('method') },
        { header: t('status') },
      ],
      rows: [
        [
          formatDay(receipt.date, lang),
          formatMoney(receipt.amountCents, lang),
          receipt.method,
          t(receipt.pending ? 'pending' : 'posted'),
        ],
      ],
      gapBefore: 4,
    },
    { text: `${t('source')}: ${receipt.source}`, style: 'label', gapBefore: 8 },
    ...(receipt.balanceAfterCents === null
      ? []
      : [
          {
            text: `${t('balanceAfter')}: ${formatMoney(receipt.balanceAfterCents, lang)}`,
            style: 'label' as const,
            gapBefore: 4,
          },
        ]),
    { text: t(receipt.pending ? 'pendingNote' : 'postedNote'), gapBefore: 8 },
  ]);
}

/** flows/content/account-closed-letter.json: one letter for sif, one for pif. */
export interface ClosedLetterContent {
  version: string;
  sif: { title: LocalizedText; paragraphs: LocalizedText[] };
  pif: { title: LocalizedText; paragraphs: LocalizedText[] };
}

export interface ClosedLetterDocument {
  settled: boolean;
  letterDate: string;
  name: string;
  agency: string;
  accountNumber: string;
  creditor: string;
  originalCreditor: string;
  originalBalanceCents: number;
  amountCents: number;
  finalPaymentDate: string;
}

export function closedLetterPdf(
  doc: DocumentContext,
  t: PdfTexts,
  content: ClosedLetterContent,
  letter: ClosedLetterDocument,
): Buffer {
  const lang = doc.language;
  const texts = letter.settled ? content.sif : content.pif;
  const values = {
    name: letter.name,
    agency: letter.agency,
    accountNumber: letter.accountNumber,
    creditor: letter.creditor,
    originalCreditor: letter.originalCreditor,
    originalBalance: formatMoney(letter.originalBalanceCents, lang),
    amount: formatMoney(letter.amountCents, lang),
    date: formatDay(letter.finalPaymentDate, lang),
  };
  return finishDocument(doc, localize(texts.title, lang), [
    { text: t('closedDate', { date: formatDay(letter.letterDate, lang) }), gapBefore: 8 },
    { text: t('to', { name: letter.name }) },
    ...texts.paragraphs.map((p, index) => ({
      text: interpolate(localize(p, lang), values),
      gapBefore: index === 0 ? 10 : 6,
    })),
    { text: t('amountsHeading'), style: 'heading' },
    {
      columns: [
        { header: t('finalPayment') },
        { header: t('originalBalance'), align: 'right' },
        { header: t(letter.settled ? 'settledAmount' : 'paidAmount'), align: 'right' },
      ],
      rows: [[values.date, values.originalBalance, values.amount]],
      gapBefore: 4,
    },
    { text: t('contentVersion', { version: content.version }), style: 'small', gapBefore: 10 },
  ]);
}

export interface BankruptcyDocument {
  receivedAt: string;
  chapter: number;
  caseNumber: string;
  fileDate: string;
  court: string | null;
  attorney: string | null;
  confirmation: string;
}

export function bankruptcyPdf(doc: DocumentContext, t: PdfTexts, notice: BankruptcyDocument) {
  const lang = doc.language;
  return finishDocument(doc, t('bankruptcyTitle'), [
    { text: t('bankruptcyIntro'), gapBefore: 8 },
    {
      text: t('received', { date: formatInstant(notice.receivedAt, lang, doc.timeZone) }),
      gapBefore: 8,
    },
    { text: t('submittedHeading'), style: 'heading' },
    {
      columns: [
        { header: t('chapter') },
        { header: t('caseNumber') },
        { header: t('fileDate') },
        { header: t('court') },
        { header: t('attorney') },
      ],
      rows: [
        [
          String(notice.chapter),
          notice.caseNumber,
          formatDay(notice.fileDate, lang),
          notice.court ?? t('none'),
          notice.attorney ?? t('none'),
        ],
      ],
      gapBefore: 4,
      // A chapter is one digit; a court's name is long.
      weights: [0.8, 1, 1.1, 1.6, 1],
    },
    { text: t('nextHeading'), style: 'heading' },
    { text: t('bankruptcyNext') },
  ]);
}

export interface PlanChangeDocument {
  kind: 'planChange' | 'planCancellation' | 'paymentDayChange';
  confirmation: string;
  createdAt: string;
  contentVersion: string;
  statement: string;
  /** Payments listed under a heading: stopped, kept, moved (with their new date), the new schedule. */
  lists: {
    heading: string;
    moved: boolean;
    rows: { date: string; from?: string; cents: number }[];
  }[];
  /** The other texts agreed to with a new plan (its agreement, the e-sign consent), as shown. */
  sections: { heading: string; text: string }[];
}

export function planChangePdf(doc: DocumentContext, t: PdfTexts, change: PlanChangeDocument) {
  const lang = doc.language;
  const blocks: PdfBlock[] = [
    { text: t('planIntro'), gapBefore: 8 },
    {
      text: t('recordedAt', { date: formatInstant(change.createdAt, lang, doc.timeZone) }),
      gapBefore: 8,
    },
    { text: t('contentVersion', { version: change.contentVersion }) },
    { text: t('statementHeading'), style: 'heading' },
    ...paragraphs(change.statement),
  ];
  for (const list of change.lists) {
    if (list.rows.length === 0) continue;
    blocks.push({ text: t(list.heading), style: 'heading' });
    blocks.push({
      columns: [
        { header: t(list.moved ? 'previousDate' : 'date') },
        ...(list.moved ? [{ header: t('newDate') }] : []),
        { header: t('amount'), align: 'right' as const },
      ],
      rows: list.rows.map((row) => [
        formatDay(row.from ?? row.date, lang),
        ...(list.moved ? [formatDay(row.date, lang)] : []),
        formatMoney(row.cents, lang),
      ]),
      gapBefore: 4,
    });
  }
  for (const section of change.sections) {
    blocks.push({ text: section.heading, style: 'heading' }, ...paragraphs(section.text));
  }
  return finishDocument(doc, t(`${change.kind}Title`), blocks);
}

export interface EsignDocument {
  agreedAt: string;
  contentVersion: string;
  language: 'en' | 'es';
  text: string;
}

export function esignPdf(doc: DocumentContext, t: PdfTexts, consent: EsignDocument): Buffer {
  const lang = doc.language;
  return finishDocument(doc, t('esignTitle'), [
    { text: t('esignIntro'), gapBefore: 8 },
    { text: t('recordHeading'), style: 'heading' },
    {
      columns: [
        { header: t('consentGiven') },
        { header: t('textVersion') },
        { header: t('language') },
      ],
      rows: [
        [
          formatInstant(consent.agreedAt, lang, doc.timeZone),
          consent.contentVersion,
          t(consent.language === 'es' ? 'languageSpanish' : 'languageEnglish'),
        ],
      ],
      gapBefore: 4,
    },
    { text: t('consentText'), style: 'heading' },
    ...paragraphs(consent.text),
  ]);
}
