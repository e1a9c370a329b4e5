/**
 * Evidence (issue 24, item 6): for a payment's confirmation code, the exact texts the debtor was
 * shown and agreed to (as recorded with the payment: agreement, E-SIGN consent and payment
 * authorization, in the language they were shown in), when, and which content they came from:
 * the compliance texts' own version and the published content version, with that version's
 * history (why, drafted by, approved by, when). Unknown codes are 404. Every look-up is audited.
 */
import type { FastifyInstance } from 'fastify';
import type { StudioEvidenceParams } from '@/generated/types/api/studio-evidence-params';
import { toDollars } from '../money';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { ContentRoutesOptions } from './content-routes';
import { refOf, staffNames } from './drafts';
import { staffOf } from './guard';

export function registerEvidenceRoutes(
  studio: FastifyInstance,
  { ctx, record }: ContentRoutesOptions,
): void {
  studio.get<{ Params: StudioEvidenceParams }>(
    '/evidence/:confirmation',
    { schema: { params: schemaRef(ctx.schemas, 'studio-evidence-params') } },
    async (request) => {
      const staff = staffOf(request);
      const { confirmation } = request.params;
      const row = await ctx.db
        .selectFrom('payment_authorizations')
        .selectAll()
        .where('confirmation', '=', confirmation)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await record(request, {
        staffId: staff.staffId,
        action: 'evidence.view',
        subject: confirmation,
        detail: { found: row !== undefined },
      });
      if (!row) throw new ApiError(404, 'notFound');
      const published = row.published_version;
      const history =
        published === null
          ? undefined
          : await ctx.db
              .selectFrom('content_versions')
              .select([
                'version',
                'comment',
                'drafted_by',
                'approved_by',
                'published_at',
                'rollback_of',
              ])
              .where('version', '=', published)
              .executeTakeFirst();
      const names = await staffNames(ctx.db, [
        history?.drafted_by ?? null,
        history?.approved_by ?? null,
      ]);
      return {
        confirmation: row.confirmation,
        language: row.language,
        agreedAt: row.agreed_at,
        contentVersion: row.content_version,
        publishedVersion: published,
        texts: {
          agreement: row.agreement_text,
          esign: row.esign_text,
          authorization: row.authorization_text,
        },
        payerName: row.payer_name,
        methodName: row.method_name,
        recurring: row.recurring === 1,
        total: toDollars(row.total_cents),
        schedule: (JSON.parse(row.schedule) as { date: string; cents: number }[]).map((entry) => ({
          date: entry.date,
          amount: toDollars(entry.cents),
        })),
        revokedAt: row.revoked_at,
        version: history
          ? {
              version: history.version,
              comment: history.comment,
              draftedBy: refOf(names, history.drafted_by),
              approvedBy: refOf(names, history.approved_by),
              publishedAt: history.published_at,
              rollbackOf: history.rollback_of,
            }
          : null,
      };
    },
  );
}
