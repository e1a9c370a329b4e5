/**
 * One document of My documents as a PDF, made again from its stored records on every download
 * (so it reads the same tomorrow: its creation date is the record's own time, not now). Every
 * read joins the record to the signed-in debtor and a viewable account: anything else is 404, the
 * same answer as an id that names nothing. Each kind of document is drawn by its own module:
 * receipts.ts, agreements.ts, notices.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import { languageOf } from '../http/errors';
import { agreementDocument, planChangeDocument } from './agreements';
import { documentBase, documentTexts, notFound, type RenderedDocument } from './common';
import { bankruptcyConfirmation, closedLetter, disputeConfirmation, offerLetter } from './notices';
import { historyReceipt, paymentReceipt } from './receipts';
import { parseDocumentId } from './records';

export type { RenderedDocument } from './common';

/** The document `id` for the caller, or 404. A letter session opens only its letter. */
export async function renderDocument(
  ctx: PortalContext,
  request: FastifyRequest,
  auth: AccessClaims,
  id: string,
): Promise<RenderedDocument> {
  const parsed = parseDocumentId(id);
  if (!parsed) throw notFound();
  const { prefix, number } = parsed;
  if (auth.role === 'letter' && (prefix !== 'letter' || number !== auth.letterId)) {
    throw notFound();
  }
  const language = languageOf(request);
  const doc = {
    ctx,
    request,
    auth,
    debtorId: auth.debtorId,
    language,
    id,
    number,
    base: documentBase(ctx, request),
    t: documentTexts(ctx, language),
  };

  switch (prefix) {
    case 'receipt':
      return paymentReceipt(doc);
    case 'history':
      return historyReceipt(doc);
    case 'authorization':
    case 'esign':
      return agreementDocument(doc, prefix);
    case 'plan':
      return planChangeDocument(doc);
    case 'closed':
      return closedLetter(doc);
    case 'dispute':
      return disputeConfirmation(doc);
    case 'bankruptcy':
      return bankruptcyConfirmation(doc);
    case 'letter':
      return offerLetter(doc);
  }
}
