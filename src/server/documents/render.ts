/**
 * One document of My documents as a PDF, made again from its stored records on every download
 * (so it reads the same tomorrow: its creation date is the record's own time, not now). Every
 * read joins the record to the signed-in debtor and a viewable account: anything else is 404, the
 * same answer as an id that names nothing.
 */
import type { FastifyRequest } from 'fastify';
import { DISPUTE_REASONS } from '@/domain/dispute';
import type { LocalizedText } from '@/generated/types/api/localized-text';
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import { calendarDay } from '../dates';
import { languageOf } from '../http/errors';
import type { Language } from '../http/messages';
import {
  authorizationPdf,
  disputeConfirmationPdf,
  letterPdf,
  storedAuthorizationDocument,
} from '../pdf/documents';
import { findLetter, letterDocument } from '../routes/letters';
import { displayName } from '../routes/ownership';
import {
  bankruptcyPdf,
  closedLetterPdf,
  esignPdf,
  planChangePdf,
  receiptPdf,
  type ClosedLetterContent,
} from './pdfs';
import { content, documentTexts, letterhead, notFound, ownedById, valueText } from './common';
import {
  closedFacts,
  closedKind,
  isPending,
  lastPostedPaymentDay,
  NOT_PAYMENTS,
  parseDocumentId,
  planKind,
  TAKEN,
} from './records';
import { maskLongNumbers, receiptMethod } from './method';

export interface RenderedDocument {
  pdf: Buffer;
  filename: string;
}

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
  const debtorId = auth.debtorId;
  const language = languageOf(request);
  const base = (lang: Language, created: string) => ({
    catalog: request.server.catalog,
    language: lang,
    created: new Date(created),
    timeZone: ctx.timeZone,
  });
  const t = documentTexts(ctx, language);

  switch (prefix) {
    case 'receipt': {
      const row = await ctx.db
        .selectFrom('arrangement_payments as p')
        .innerJoin('arrangements as a', 'a.id', 'p.arrangement_id')
        .select([
          'p.id',
          'p.arrangement_id',
          'p.pay_date',
          'p.amount_cents',
          'p.status',
          'p.is_pending_post',
          'p.paid_with',
          'p.funding_id',
          'p.confirmation',
          'p.created',
          'p.approved',
          'a.account_id',
          'a.type',
          'a.amount_cents as arrangement_cents',
          'a.begin_balance_cents',
        ])
        .where('p.id', '=', number)
        .where('p.status', 'in', TAKEN)
        .executeTakeFirst();
      if (!row) throw notFound();
      const account = await ownedById(ctx, debtorId, row.account_id);
      const taken = await ctx.db
        .selectFrom('arrangement_payments')
        .select(['id', 'pay_date', 'amount_cents'])
        .where('arrangement_id', '=', row.arrangement_id)
        .where('status', 'in', TAKEN)
        .orderBy('pay_date')
        .orderBy('id')
        .execute();
      const upTo = taken.findIndex((p) => p.id === row.id);
      const paid = taken.slice(0, upTo + 1).reduce((sum, p) => sum + p.amount_cents, 0);
      // A settlement's balance is what is left of the amount settled for; a plan's, of the balance it began with.
      const settlement = row.type === 'SIF' || row.type === 'LET';
      const balanceAfterCents = Math.max(
        0,
        (settlement ? row.arrangement_cents : row.begin_balance_cents) - paid,
      );
      const reference = row.confirmation ?? id;
      const method = await receiptMethod(ctx, request, row, t('unknownMethod'));
      return {
        pdf: receiptPdf(
          {
            ...base(language, row.approved ?? row.created),
            letterhead: letterhead(
              ctx,
              t,
              account,
              reference,
              row.confirmation ? 'confirmation' : 'reference',
            ),
          },
          t,
          {
            date: row.pay_date,
            amountCents: row.amount_cents,
            method,
            confirmation: reference,
            balanceAfterCents,
            pending: isPending(row),
            // A plan payment is the portal's own.
            source: valueText(ctx, language, 'sources', 'Portal') ?? t('unknownSource'),
          },
        ),
        filename: `receipt-${reference}`,
      };
    }
    case 'history': {
      const row = await ctx.db
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', number)
        .where('amount_cents', '>', 0)
        .where('type', 'not in', NOT_PAYMENTS)
        .executeTakeFirst();
      if (!row) throw notFound();
      const account = await ownedById(ctx, debtorId, row.account_id);
      const reference = row.confirmation_code ?? id;
      const source = row.source?.trim() ?? '';
      return {
        pdf: receiptPdf(
          {
            ...base(language, `${row.received_date}T12:00:00.000Z`),
            letterhead: letterhead(
              ctx,
              t,
              account,
              reference,
              row.confirmation_code ? 'confirmation' : 'reference',
            ),
          },
          t,
          {
            date: row.received_date,
            amountCents: row.amount_cents,
            method: valueText(ctx, language, 'types', row.type) ?? t('unknownMethod'),
            confirmation: reference,
            balanceAfterCents: null,
            pending: Boolean(row.is_pending),
            // A source flows/ has no words for is named as the agency's file names it.
            source:
              valueText(ctx, language, 'sources', source) ||
              (source ? maskLongNumbers(source) : t('unknownSource')),
          },
        ),
        filename: `receipt-${reference}`,
      };
    }
    case 'authorization':
    case 'esign': {
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
    case 'plan': {
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
    case 'closed': {
      const account = await ownedById(ctx, debtorId, number);
      const kind = closedKind(account);
      if (!kind) throw notFound();
      const debtor = await ctx.db
        .selectFrom('debtors')
        .select(['first_name', 'last_name', 'business_name'])
        .where('id', '=', debtorId)
        .executeTakeFirstOrThrow();
      const facts = closedFacts(account, await lastPostedPaymentDay(ctx, account.id));
      const letterContent = content<ClosedLetterContent>(ctx, 'account-closed-letter');
      const reference = `${account.account_number}-${kind === 'settledLetter' ? 'SIF' : 'PIF'}`;
      return {
        pdf: closedLetterPdf(
          {
            ...base(language, `${facts.letterDate}T12:00:00Z`),
            letterhead: letterhead(ctx, t, account, reference, 'reference'),
          },
          t,
          letterContent,
          {
            settled: kind === 'settledLetter',
            letterDate: facts.letterDate,
            name: displayName(debtor),
            agency: content<{ name: string }>(ctx, 'agency').name,
            accountNumber: account.account_number,
            creditor: account.creditor_name ?? t('none'),
            originalCreditor: account.original_creditor_name ?? t('none'),
            originalBalanceCents: account.original_balance_cents,
            amountCents: facts.amountCents,
            finalPaymentDate: facts.finalPaymentDate,
          },
        ),
        filename: `${kind === 'settledLetter' ? 'settled' : 'paid'}-in-full-${account.account_number}`,
      };
    }
    case 'dispute': {
      const dispute = await ctx.db
        .selectFrom('disputes')
        .selectAll()
        .where('id', '=', number)
        .where('debtor_id', '=', debtorId)
        .executeTakeFirst();
      if (!dispute) throw notFound();
      const account = await ownedById(ctx, debtorId, dispute.account_id);
      const chosen: Record<string, number> = {
        alreadyResolved: dispute.already_resolved,
        incorrectBalance: dispute.incorrect_balance,
        notMyDebt: dispute.not_my_debt,
        other: dispute.other,
      };
      const flow = (
        ctx.config.forms as Record<string, { fields: Record<string, { label?: LocalizedText }> }>
      ).dispute;
      const reasons = DISPUTE_REASONS.filter((reason) => Boolean(chosen[reason]))
        .map((reason) => flow?.fields[reason]?.label)
        .filter((label): label is LocalizedText => label !== undefined);
      return {
        pdf: disputeConfirmationPdf(
          {
            ...base(language, dispute.created_at),
            letterhead: letterhead(ctx, t, account, dispute.confirmation),
          },
          {
            confirmation: dispute.confirmation,
            receivedDay: calendarDay(new Date(dispute.created_at), ctx.timeZone),
            accountNumber: account.account_number,
            creditor: account.creditor_name,
            name: dispute.name ?? '',
            reasons,
            message: dispute.message,
            next: t('disputeNext'),
            nextHeading: t('nextHeading'),
          },
        ),
        filename: `dispute-${dispute.confirmation}`,
      };
    }
    case 'bankruptcy': {
      const notice = await ctx.db
        .selectFrom('bankruptcies')
        .selectAll()
        .where('id', '=', number)
        .where('debtor_id', '=', debtorId)
        .executeTakeFirst();
      if (!notice) throw notFound();
      const account = await ownedById(ctx, debtorId, notice.account_id);
      const court = [
        notice.court_name,
        [notice.city_filed, notice.state_filed].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(', ');
      const attorney = [notice.attorney_name, notice.law_firm_name].filter(Boolean).join(', ');
      return {
        pdf: bankruptcyPdf(
          {
            ...base(language, notice.created_at),
            letterhead: letterhead(ctx, t, account, notice.confirmation),
          },
          t,
          {
            receivedAt: notice.created_at,
            chapter: notice.chapter,
            caseNumber: notice.case_number,
            fileDate: notice.file_date,
            court: court || null,
            attorney: attorney || null,
            confirmation: notice.confirmation,
          },
        ),
        filename: `bankruptcy-${notice.confirmation}`,
      };
    }
    case 'letter': {
      const letter = await ctx.db
        .selectFrom('letters')
        .innerJoin('accounts', 'accounts.id', 'letters.account_id')
        .select(['letters.letter_id', 'accounts.account_number', 'accounts.id as account_id'])
        .where('letters.letter_id', '=', number)
        .where('accounts.debtor_id', '=', debtorId)
        .executeTakeFirst();
      if (!letter) throw notFound();
      const account = await ownedById(ctx, debtorId, letter.account_id);
      const found = await findLetter(ctx, auth, {
        accountNumber: letter.account_number,
        letterId: letter.letter_id,
      });
      return {
        pdf: letterPdf(
          {
            ...base(language, `${found.letter.request_date}T12:00:00Z`),
            letterhead: letterhead(ctx, t, account, found.letter.letter_code, 'offerCode'),
          },
          letterDocument(found),
        ),
        filename: `letter-${found.letter.letter_code}`,
      };
    }
  }
}
