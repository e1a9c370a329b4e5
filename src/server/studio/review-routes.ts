/**
 * Review and publish (issue 24; docs/studio-design.md): the word diff of a draft against its base
 * version, approval (publishes the base version with the draft's files as a new content version),
 * return to the author with a comment, and rollback (a submitted draft restoring an earlier
 * version's files, approved by another approver like any draft).
 * Only an approver, and never the draft's author, approves or returns; only a submitted draft.
 *
 * A draft whose base version is no longer the newest is published over the newest, unless a file
 * it changes changed in between (409 `draftStale`: the author would overwrite what they never
 * saw). The published tree is checked again (the same checks as a draft's), and the content store
 * refuses a tree the server could not load (422 either way).
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioDraftParams } from '@/generated/types/api/studio-draft-params';
import type { StudioReviewRequest } from '@/generated/types/api/studio-review-request';
import type { StudioVersionParams } from '@/generated/types/api/studio-version-params';
import { diffTrees, sameJson, type FileChange } from '@/domain/content-diff';
import { choiceName } from '@/domain/studio/names';
import { nameAtPointer, namesOfTree } from '@/domain/studio/text-search';
import { ContentConflict, ContentRefused, type PublishSteps } from '../content/store';
import type { FlowsTree } from '../content/tree';
import { ApiError, languageOf } from '../http/errors';
import { schemaRef } from '../http/validation';
import { contentHelpers, type ContentRoutesOptions } from './content-routes';
import { filesOf, findDraft, moveDraft, staffNames, summaryOf, type DraftRow } from './drafts';
import { staffOf } from './guard';
import { draftFlags, publishFlags } from './translations';

/**
 * A review's changes named for people in `language` (issue 44): each text and setting by its name
 * (a removed one by the base's), a named choice's before and after by their names.
 */
function namedChanges(
  files: FileChange[],
  base: FlowsTree,
  after: FlowsTree,
  language: 'en' | 'es',
) {
  const names = namesOfTree(after);
  const nameOf = (path: string, pointer: string) =>
    nameAtPointer(names, after, path, pointer, language) ||
    nameAtPointer(names, base, path, pointer, language);
  const choice = (value: unknown) =>
    typeof value === 'string' ? choiceName(names, value, language) : undefined;
  return files.map((file) => ({
    ...file,
    texts: file.texts.map((text) => ({ ...text, name: nameOf(file.path, text.pointer) })),
    values: file.values.map((value) => {
      const beforeName = choice(value.before);
      const afterName = choice(value.after);
      return {
        ...value,
        name: nameOf(file.path, value.pointer),
        ...(beforeName !== undefined && { beforeName }),
        ...(afterName !== undefined && { afterName }),
      };
    }),
  }));
}

export function registerReviewRoutes(studio: FastifyInstance, options: ContentRoutesOptions): void {
  const { ctx, record, check } = options;
  const helpers = contentHelpers(ctx);
  const draftParams = { params: schemaRef(ctx.schemas, 'studio-draft-params') };
  const reviewBody = { body: schemaRef(ctx.schemas, 'studio-review-request') };

  /** The newest version in the database (another process may have published since this one loaded it). */
  const newestVersion = async (): Promise<number> => {
    const row = await ctx.db
      .selectFrom('content_versions')
      .select(sql<number>`max(version)`.as('newest'))
      .executeTakeFirst();
    return Number(row?.newest ?? ctx.content.current().version);
  };

  /** A submitted draft someone other than its author may review. */
  const reviewable = async (request: FastifyRequest, id: number) => {
    const staff = staffOf(request);
    const row = await findDraft(ctx.db, id);
    if (row.author_id === staff.staffId) throw new ApiError(403, 'draftOwnReview');
    if (row.status !== 'submitted') throw new ApiError(409, 'draftNotSubmitted');
    return { staff, row };
  };

  /** Publishes a tree; a tree the server would not load is 422 `contentRefused`. */
  const publish = async (
    input: Parameters<typeof ctx.content.publish>[0],
    steps?: PublishSteps,
  ): Promise<number> => {
    try {
      return await ctx.content.publish(input, steps);
    } catch (error) {
      // Published meanwhile by someone else: the draft was checked against a version now gone.
      if (error instanceof ContentConflict) throw new ApiError(409, 'draftStale');
      if (!(error instanceof ContentRefused)) throw error;
      throw new ApiError(422, 'contentRefused', {
        errors: error.problems.map((message) => ({ path: '', keyword: 'content', message })),
      });
    }
  };

  /** What approving the draft publishes: its files over the newest version, unless stale. */
  const publishedTree = async (row: DraftRow): Promise<{ tree: FlowsTree; after: number }> => {
    const files = filesOf(row);
    const base = await helpers.versionTree(row.base_version);
    const newest = await newestVersion();
    const over = newest === row.base_version ? base : await helpers.versionTree(newest);
    const stale = Object.keys(files).filter((path) => !sameJson(base[path], over[path]));
    if (stale.length > 0) {
      throw new ApiError(409, 'draftStale', {
        errors: stale.sort().map((path) => ({ path, keyword: 'stale', message: path })),
      });
    }
    return { tree: { ...over, ...files }, after: newest };
  };

  studio.get<{ Params: StudioDraftParams }>(
    '/drafts/:id/review',
    { schema: draftParams },
    async (request) => {
      const row = await findDraft(ctx.db, request.params.id);
      const base = await helpers.versionTree(row.base_version);
      const names = await staffNames(ctx.db, [row.author_id, row.reviewer_id]);
      const draft = summaryOf(row, names);
      const after = { ...base, ...filesOf(row) };
      return {
        draft,
        files: namedChanges(diffTrees(base, after), base, after, languageOf(request)),
        translations: await draftFlags(ctx.db, draft),
      };
    },
  );

  studio.post<{ Params: StudioDraftParams; Body: StudioReviewRequest }>(
    '/drafts/:id/approve',
    { schema: { ...draftParams, ...reviewBody } },
    async (request) => {
      const { staff, row } = await reviewable(request, request.params.id);
      const comment = request.body.comment.trim();
      const { tree, after } = await publishedTree(row);
      helpers.refuseProblems(request, await check({ tree }), 'draftHasProblems');
      const changed = Object.keys(filesOf(row)).sort();
      // One transaction (issue 39, item 5): the claim, the version and its audit rows are committed
      // together or not at all, so no content goes live without its audit row, and a failure
      // leaves the draft submitted. The store serves the version only after the COMMIT.
      const version = await publish(
        {
          tree,
          comment,
          draftedBy: row.author_id,
          approvedBy: staff.staffId,
          draftId: row.id,
          after,
        },
        {
          // Claim the draft first: of two approvers at once, one publishes.
          before: async (trx) => {
            const claimed = await moveDraft(trx, row.id, ['submitted'], {
              status: 'published',
              reviewer_id: staff.staffId,
              review_comment: comment,
              updated_at: ctx.now().toISOString(),
            });
            if (!claimed) throw new ApiError(409, 'draftNotSubmitted');
          },
          after: async (trx, published) => {
            await trx
              .updateTable('content_drafts')
              .set({ published_version: published })
              .where('id', '=', row.id)
              .execute();
            // The new version's translation state (issue 44, item 5), in the same transaction.
            await publishFlags(
              trx,
              { id: row.id, changed },
              published,
              after,
              ctx.now().toISOString(),
            );
            await record(
              request,
              {
                staffId: staff.staffId,
                action: 'draft.approve',
                subject: `draft:${row.id}`,
                detail: { id: row.id, version: published, comment },
              },
              trx,
            );
            await record(
              request,
              {
                staffId: staff.staffId,
                action: 'content.publish',
                subject: `version:${published}`,
                detail: {
                  version: published,
                  draftId: row.id,
                  draftedBy: row.author_id,
                  changed,
                  comment,
                },
              },
              trx,
            );
          },
        },
      );
      const saved = await findDraft(ctx.db, row.id);
      const names = await staffNames(ctx.db, [saved.author_id, saved.reviewer_id]);
      return { version, draft: summaryOf(saved, names) };
    },
  );

  studio.post<{ Params: StudioDraftParams; Body: StudioReviewRequest }>(
    '/drafts/:id/return',
    { schema: { ...draftParams, ...reviewBody } },
    async (request) => {
      const { staff, row } = await reviewable(request, request.params.id);
      const comment = request.body.comment.trim();
      const moved = await moveDraft(ctx.db, row.id, ['submitted'], {
        status: 'returned',
        reviewer_id: staff.staffId,
        review_comment: comment,
        updated_at: ctx.now().toISOString(),
      });
      if (!moved) throw new ApiError(409, 'draftNotSubmitted');
      await record(request, {
        staffId: staff.staffId,
        action: 'draft.return',
        subject: `draft:${row.id}`,
        detail: { id: row.id, comment },
      });
      const saved = await findDraft(ctx.db, row.id);
      const names = await staffNames(ctx.db, [saved.author_id, saved.reviewer_id]);
      return summaryOf(saved, names);
    },
  );

  /**
   * A rollback is a draft (issue 39, four eyes): the files of the old version that differ from
   * the newest, over the newest, made submitted in the `rollback` area; another approver
   * approves it through the approve route above, with its stale guard (a version published in
   * between that changed the same files: 409 `draftStale`). Files added since stay.
   */
  studio.post<{ Params: StudioVersionParams; Body: StudioReviewRequest }>(
    '/versions/:version/rollback',
    { schema: { params: schemaRef(ctx.schemas, 'studio-version-params'), ...reviewBody } },
    async (request, reply) => {
      const staff = staffOf(request);
      const rollbackOf = request.params.version;
      const comment = request.body.comment.trim();
      const old = await helpers.versionTree(rollbackOf);
      const newest = await newestVersion();
      const over = await helpers.versionTree(newest);
      const files: FlowsTree = {};
      for (const path of Object.keys(old).sort()) {
        if (!sameJson(old[path], over[path])) files[path] = old[path];
      }
      if (Object.keys(files).length === 0) throw new ApiError(422, 'rollbackNothing');
      helpers.refuseProblems(
        request,
        await check({ tree: { ...over, ...files } }),
        'contentRefused',
      );
      const now = ctx.now().toISOString();
      const created = await ctx.db
        .insertInto('content_drafts')
        .values({
          author_id: staff.staffId,
          area: 'rollback',
          base_version: newest,
          files: JSON.stringify(files),
          // The requester's own words name it (a title is at most 200 characters).
          title: [...comment].slice(0, 200).join(''),
          status: 'submitted',
          created_at: now,
          updated_at: now,
          submitted_at: now,
          reviewer_id: null,
          review_comment: null,
          published_version: null,
          rollback_of: rollbackOf,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const changed = Object.keys(files);
      await record(request, {
        staffId: staff.staffId,
        action: 'content.rollback',
        subject: `draft:${created.id}`,
        detail: { draftId: created.id, rollbackOf, baseVersion: newest, changed, comment },
      });
      const row = await findDraft(ctx.db, created.id);
      const names = await staffNames(ctx.db, [row.author_id]);
      return reply.code(201).send({ draft: summaryOf(row, names), rollbackOf });
    },
  );
}
