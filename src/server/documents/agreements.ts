/**
 * The agreements of My documents, printed in the language they were agreed in: a payment
 * authorization (with its revocation, if revoked), its e-sign consent, and a plan change.
 */
import type { Language } from '../http/messages';
import { authorizationPdf, storedAuthorizationDocument } from '../pdf/documents';
import {
  documentTexts,
  letterhead,
  notFound,
  ownedById,
  type DocumentRequest,
  type RenderedDocument,
} from './common';
import { esignPdf, planChangePdf } from './pdfs';
import { planKind } from './records';

/**
 * A payment authorization, or its e-sign consent, as the debtor agreed to it: in the language it
 * was given in, with its revocation if revoked.
 */
export async function agreementDocument(
  asked: DocumentRequest,
  prefix: 'authorization' | 'esign',
): Promise<RenderedDocument> {
  const { ctx, debtorId, base, number } = asked;
  const record = await ctx.db
    .selectFrom('payment_authorizations')
    .leftJoin(
      'payment_authorization_revocations as r',
      'r.authorization_id',
      'payment_authorizations.id',
    )
    .selectAll('payment_authorizations')
    .select(['r.revoked_at', 'r.revoked_by'])
    .where('payment_authorizations.id', '=', number)
    .where('payment_authorizations.debtor_id', '=', debtorId)
    .executeTakeFirst();
  if (!record) throw notFound();
  const account = await ownedById(ctx, debtorId, record.account_id);
  // The texts agreed to are printed in the language they were given in.
  const lang: Language = record.language === 'es' ? 'es' : 'en';
  const tr = documentTexts(ctx, lang);
  const doc = {
    ...base(lang, record.agreed_at),
    letterhead: letterhead(ctx, tr, account, record.confirmation),
  };
  if (prefix === 'esign') {
    return {
      pdf: esignPdf(doc, tr, {
        agreedAt: record.agreed_at,
        contentVersion: record.content_version,
        language: lang,
        text: record.esign_text,
      }),
      filename: `esign-consent-${record.confirmation}`,
    };
  }
  const notes = [tr('contentVersion', { version: record.content_version })];
  if (record.revoked_at) {
    notes.push(
      tr('revoked', {
        date: new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
          dateStyle: 'long',
          timeZone: ctx.timeZone,
        }).format(new Date(record.revoked_at)),
        code: record.revoked_by ?? '',
      }),
    );
  }
  return {
    pdf: authorizationPdf(doc, storedAuthorizationDocument(doc, record, account, notes)),
    filename: `authorization-${record.confirmation}`,
  };
}

/** A plan change as agreed: its statement, its schedules, and a new plan's agreement and consent. */
export async function planChangeDocument(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, request, debtorId, number, base } = asked;
  const change = await ctx.db
    .selectFrom('plan_changes')
    .selectAll()
    .where('id', '=', number)
    .where('debtor_id', '=', debtorId)
    .executeTakeFirst();
  if (!change) throw notFound();
  const account = await ownedById(ctx, debtorId, change.account_id);
  const lang: Language = change.language === 'es' ? 'es' : 'en';
  const tr = documentTexts(ctx, lang);
  type Row = { date: string; from?: string; cents: number };
  const details = JSON.parse(change.details) as Record<string, Row[] | string | undefined>;
  const heading = (key: 'pdf.agreementHeading' | 'pdf.esignHeading') =>
    request.server.catalog.message(key, lang);
  // A new plan's agreement and e-sign consent, as agreed with it (its statement is above).
  const sections = (['agreement', 'eSign'] as const).flatMap((key) => {
    const text = details[key];
    if (typeof text !== 'string' || text.trim() === '') return [];
    return [
      { heading: heading(key === 'eSign' ? 'pdf.esignHeading' : 'pdf.agreementHeading'), text },
    ];
  });
  const rows = (key: string): Row[] => {
    const list = details[key];
    return Array.isArray(list)
      ? list.filter((r) => typeof r?.date === 'string' && Number.isFinite(r.cents))
      : [];
  };
  return {
    pdf: planChangePdf(
      {
        ...base(lang, change.created_at),
        letterhead: letterhead(ctx, tr, account, change.confirmation),
      },
      tr,
      {
        kind: planKind(change.kind) as 'planChange',
        confirmation: change.confirmation,
        createdAt: change.created_at,
        contentVersion: change.content_version,
        statement: change.statement,
        lists: [
          { heading: 'scheduleHeading', moved: false, rows: rows('schedule') },
          { heading: 'movedHeading', moved: true, rows: rows('moved') },
          { heading: 'stoppedHeading', moved: false, rows: rows('stopped') },
          { heading: 'keptHeading', moved: false, rows: [...rows('kept'), ...rows('sent')] },
        ],
        sections,
      },
    ),
    filename: `plan-${change.confirmation}`,
  };
}
