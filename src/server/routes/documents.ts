/**
 * My documents (issue 25), `/api/v2` only: GET Documents lists the signed-in debtor's documents
 * (all viewable accounts, or one by `accountNumber`), newest first; GET Documents/{id} is one as a
 * PDF, made from its stored records. An account token sees its debtor's documents; a letter token
 * sees only its letter. Another debtor's id, or one that names nothing, is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentListQuery } from '@/generated/types/api/document-list-query';
import type { DocumentParams } from '@/generated/types/api/document-params';
import { authOf, requireRole } from '../auth/guard';
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import {
  listDocuments,
  letterEntry,
  viewableAccounts,
  type DocumentEntry,
} from '../documents/records';
import { renderDocument } from '../documents/render';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { toDollars } from '../money';
import { normalizeAccountNumber, ownedAccount } from './ownership';

/** A letter session's one document: its letter, while its account is viewable. */
async function letterDocuments(
  ctx: PortalContext,
  auth: AccessClaims,
  accountNumber: string | undefined,
): Promise<DocumentEntry[]> {
  if (accountNumber !== undefined && normalizeAccountNumber(accountNumber) !== auth.accountNumber) {
    throw new ApiError(404, 'accountNotFound');
  }
  if (!auth.accountNumber || auth.letterId === undefined) return [];
  const account = await ownedAccount(ctx, auth.debtorId, auth.accountNumber);
  const letter = await ctx.db
    .selectFrom('letters')
    .select(['letter_id', 'letter_code', 'request_date', 'principal_balance_cents'])
    .where('letter_id', '=', auth.letterId)
    .where('account_id', '=', account.id)
    .executeTakeFirst();
  return letter ? [{ ...letterEntry(letter), accountNumber: account.account_number }] : [];
}

export function registerDocumentRoutes(api: FastifyInstance, ctx: PortalContext): void {
  // Only under /api/v2: a new operation, not one of the spec's.
  if (api.prefix !== '/api/v2') return;
  api.get<{ Querystring: DocumentListQuery }>(
    '/Documents',
    {
      onRequest: requireRole(ctx, ['account', 'letter']),
      schema: {
        summary: "The debtor's documents, newest first",
        description:
          'Receipts of taken payments, payment authorizations and their e-sign consents, plan changes, dispute and bankruptcy confirmations, settlement letters, and the settled or paid-in-full letter of a closed account still viewable; each downloads at Documents/{id}. `accountNumber` keeps one account (404 if it is not the debtor’s). A letter token sees only its letter.',
        querystring: schemaRef(ctx.schemas, 'document-list-query'),
        response: {
          200: schemaRef(ctx.schemas, 'document-list'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { accountNumber } = request.query;
      const entries =
        auth.role === 'letter'
          ? await letterDocuments(ctx, auth, accountNumber)
          : await listDocuments(
              ctx,
              auth.debtorId,
              accountNumber === undefined
                ? await viewableAccounts(ctx, auth.debtorId)
                : [await ownedAccount(ctx, auth.debtorId, accountNumber)],
            );
      return entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        date: e.date,
        accountNumber: e.accountNumber,
        amount: e.amountCents === null ? null : toDollars(e.amountCents),
        reference: e.reference,
        status: e.status,
      }));
    },
  );

  api.get<{ Params: DocumentParams }>(
    '/Documents/:id',
    {
      onRequest: requireRole(ctx, ['account', 'letter']),
      schema: {
        summary: 'One document as a PDF',
        description:
          "Made again from its stored records on every download, in the caller's language (an authorization, its e-sign consent and a plan change in the language they were given in). Another debtor's document is 404.",
        params: schemaRef(ctx.schemas, 'document-params'),
        response: errorResponses(ctx.schemas, 404),
      },
      config: { produces: 'application/pdf' },
    },
    async (request, reply) => {
      const { pdf, filename } = await renderDocument(
        ctx,
        request,
        authOf(request),
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
