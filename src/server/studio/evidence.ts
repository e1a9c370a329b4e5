/**
 * Evidence (issue 24, item 6): for any confirmation code a debtor was given (a payment, a plan
 * change, cancellation or day change, a dispute, a bankruptcy notice, a recorded form), the exact
 * texts the debtor was shown and accepted, in the language they were shown in, when, and which
 * content they came from: the file's own version and the published content version, with that
 * version's history (why, drafted by, approved by, when). The records are found by
 * evidence-records.ts. Unknown codes are 404. Every look-up is audited.
 */
import type { FastifyInstance } from 'fastify';
import type { StudioEvidenceParams } from '@/generated/types/api/studio-evidence-params';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { ContentRoutesOptions } from './content-routes';
import { refOf, staffNames } from './drafts';
import { findEvidence } from './evidence-records';
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
      const row = await findEvidence(ctx, confirmation);
      await record(request, {
        staffId: staff.staffId,
        action: 'evidence.view',
        subject: confirmation,
        detail: { found: row !== undefined, ...(row ? { kind: row.kind } : {}) },
      });
      if (!row) throw new ApiError(404, 'notFound');
      const published = row.publishedVersion;
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
        ...row,
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
