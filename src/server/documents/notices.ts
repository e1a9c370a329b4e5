/**
 * The letters and confirmations of My documents: a closed account's settled- or paid-in-full
 * letter, the confirmations of a dispute and of a bankruptcy notice, and a letter with its offers.
 */
import { DISPUTE_REASONS } from '@/domain/dispute';
import type { LocalizedText } from '@/generated/types/api/localized-text';
import { calendarDay } from '../dates';
import { disputeConfirmationPdf, letterPdf } from '../pdf/documents';
import { findLetter, letterDocument } from '../routes/letters';
import { displayName } from '../routes/ownership';
import {
  content,
  letterhead,
  notFound,
  ownedById,
  type DocumentRequest,
  type RenderedDocument,
} from './common';
import { bankruptcyPdf, closedLetterPdf, type ClosedLetterContent } from './pdfs';
import { closedFacts, closedKind, lastPostedPaymentDay } from './records';

/** The settled- or paid-in-full letter of a closed account. */
export async function closedLetter(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, debtorId, language, base, t, number } = asked;
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

/** The confirmation of a dispute received. */
export async function disputeConfirmation(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, debtorId, language, base, t, number } = asked;
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

/** The confirmation of a bankruptcy notice received. */
export async function bankruptcyConfirmation(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, debtorId, language, base, t, number } = asked;
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

/** A letter with its offers (a letter session opens only its own: render.ts). */
export async function offerLetter(asked: DocumentRequest): Promise<RenderedDocument> {
  const { ctx, auth, debtorId, language, base, t, number } = asked;
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
