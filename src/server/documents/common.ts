/**
 * What every My documents PDF shares: its texts (documents.pdf.*), a file of flows/content, the
 * signed-in debtor's viewable account (else 404), and the letterhead: the agency above the title,
 * the account's facts under it.
 */
import type { FastifyRequest } from 'fastify';
import { interpolate, treeTranslator } from '@/engine/form/messages';
import type { LocalizedTree } from '@/engine/i18n/split';
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import type { Language } from '../http/messages';
import type { DocumentContext } from '../pdf/documents';
import type { PdfBlock } from '../pdf/pdf';
import { isViewable } from '../routes/mappers';
import type { PdfTexts } from './pdfs';

export interface RenderedDocument {
  pdf: Buffer;
  filename: string;
}

/** What drawing one document is given (documents/render.ts): the request and whose it is. */
export interface DocumentRequest {
  ctx: PortalContext;
  request: FastifyRequest;
  auth: AccessClaims;
  debtorId: number;
  /** The caller's language (a record agreed in another is printed in its own). */
  language: Language;
  /** The document's id as asked for, and the number in it. */
  id: string;
  number: number;
  /** The document's catalog, language, creation time and time zone. */
  base: ReturnType<typeof documentBase>;
  /** The texts in the caller's language. */
  t: PdfTexts;
}

/** A document's context but its letterhead, in a language, created at a record's time. */
export function documentBase(ctx: PortalContext, request: FastifyRequest) {
  return (lang: Language, created: string) => ({
    catalog: request.server.catalog,
    language: lang,
    created: new Date(created),
    timeZone: ctx.timeZone,
  });
}

export const notFound = () => new ApiError(404, 'notFound');

export function documentTexts(ctx: PortalContext, language: Language): PdfTexts {
  const translate = treeTranslator(ctx.config.texts as LocalizedTree, language);
  return (key, params = {}) => interpolate(translate.text(`documents.pdf.${key}`) ?? key, params);
}

/**
 * A documents.pdf.<group>.<name> text for a value stored in the data (a payment's source or type),
 * or undefined when flows/ has none for it.
 */
export function valueText(
  ctx: PortalContext,
  language: Language,
  group: string,
  name: string,
): string | undefined {
  if (!/^[A-Za-z0-9]+$/.test(name)) return undefined;
  return treeTranslator(ctx.config.texts as LocalizedTree, language).text(
    `documents.pdf.${group}.${name}`,
  );
}

export function content<T>(ctx: PortalContext, name: string): T {
  const file = (ctx.config.content as Record<string, unknown> | undefined)?.[name];
  if (!file) throw new Error(`flows/content/${name}.json is missing`);
  return file as T;
}

/** The debtor's account by its id, if it is viewable today; otherwise 404. */
export async function ownedById(
  ctx: PortalContext,
  debtorId: number,
  id: number,
): Promise<AccountRow> {
  const account = await ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', id)
    .where('debtor_id', '=', debtorId)
    .executeTakeFirst();
  if (!account || !isViewable(account, ctx.today())) throw notFound();
  return account;
}

/**
 * The agency above the title, the account's facts under it (so a document's body does not say
 * them again).
 */
export function letterhead(
  ctx: PortalContext,
  t: PdfTexts,
  account: AccountRow,
  reference: string,
  /** What the reference is: a confirmation code (most), a letter's offer code, or our own. */
  referenceKey: 'confirmation' | 'offerCode' | 'reference' = 'confirmation',
): DocumentContext['letterhead'] {
  const agency = content<{ name: string; mailingAddress: string[] }>(ctx, 'agency');
  const address = agency.mailingAddress.filter((line, i) => i > 0 || line !== agency.name);
  const before: PdfBlock[] = [
    { text: agency.name, style: 'label' },
    ...address.map((line) => ({ text: line, style: 'small' as const })),
  ];
  const after: PdfBlock[] = [
    {
      columns: [
        { header: t('accountNumber') },
        { header: t('creditor') },
        { header: t('originalCreditor') },
        { header: t(referenceKey) },
      ],
      rows: [
        [
          account.account_number,
          account.creditor_name ?? t('none'),
          account.original_creditor_name ?? t('none'),
          reference,
        ],
      ],
      gapBefore: 8,
      // The codes are the longest headers ('Código de confirmación'): one line each.
      weights: [1, 1, 1.1, 1.3],
    },
  ];
  return { before, after };
}
