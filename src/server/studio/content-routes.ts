/**
 * The studio's content API (issue 24; docs/studio-design.md): the published content and its
 * history, and drafts: create, change one file at a time (each change answers the draft's
 * checks, the same as `npm run check:config` over the base version's tree with the draft's files),
 * and submit for review (refused while a check fails). Review, approval, return and rollback are
 * review-routes.ts; evidence is evidence.ts. Who may call each route is guard.ts's table; a
 * draft's files may only be changed by its author, in the author's area (drafts.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioContentFileQuery } from '@/generated/types/api/studio-content-file-query';
import type { StudioDraftCreateRequest } from '@/generated/types/api/studio-draft-create-request';
import type { StudioDraftFileQuery } from '@/generated/types/api/studio-draft-file-query';
import type { StudioDraftFileRequest } from '@/generated/types/api/studio-draft-file-request';
import type { StudioDraftParams } from '@/generated/types/api/studio-draft-params';
import type { StudioDraftSubmitRequest } from '@/generated/types/api/studio-draft-submit-request';
import { sameJson } from '@/domain/content-diff';
import { changesRules } from '@/domain/studio/leaves';
import type { Schema } from '@/domain/studio/meta-schema';
import { fileName, namesFiles, readNames } from '@/domain/studio/names';
import type { ConfigProblem, FlowsChecker } from '../content/checks';
import type { FlowsTree } from '../content/tree';
import type { PortalContext } from '../context';
import type { StaffRole } from '../db/types';
import { ApiError, languageOf } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { recordAudit } from './audit';
import { localizedChecks } from './check-messages';
import { metaSchemaName, metaSchemaReader } from './content-checks';
import {
  AREA_OF_ROLE,
  EDITABLE,
  areaOfPath,
  checkDraftPath,
  filesOf,
  findDraft,
  listDrafts,
  moveDraft,
  refOf,
  staffNames,
  summaryOf,
  type DraftRow,
} from './drafts';
import { staffOf } from './guard';
import { draftFlags, dropFileFlags, saveFileFlags } from './translations';

/** A draft's files are whole flow files: up to 512 KiB (a flow file is at most a few dozen). */
const FILE_BODY_LIMIT = 512 * 1024;

export type RecordAudit = (
  request: FastifyRequest,
  entry: Parameters<typeof recordAudit>[2],
  /** The transaction to write it in (an approval's, with its publish); default the database. */
  db?: Parameters<typeof recordAudit>[0],
) => Promise<void>;

export interface ContentRoutesOptions {
  ctx: PortalContext;
  record: RecordAudit;
  check: FlowsChecker;
}

/** What the studio shares between its content routes. */
export interface ContentHelpers {
  /** The tree of a published version (404 when there is none). */
  versionTree(version: number): Promise<FlowsTree>;
  /** The draft's whole tree: its base version's files with its own over them. */
  draftTree(row: DraftRow): Promise<FlowsTree>;
  /** The checks of a tree in the caller's language (`Accept-Language`). */
  checksFor(request: FastifyRequest, problems: readonly ConfigProblem[]): ConfigProblem[];
  /** The checks of a tree, as 422 `code` when any fails (in the caller's language). */
  refuseProblems(
    request: FastifyRequest,
    problems: ConfigProblem[],
    code: 'draftHasProblems' | 'contentRefused',
  ): void;
}

export function contentHelpers(ctx: PortalContext): ContentHelpers {
  const versionTree = async (version: number) => {
    const content = await ctx.content.get(version);
    if (!content) throw new ApiError(404, 'notFound');
    return content.tree;
  };
  // The words of the content version served (flows/texts/studio.json `checks`).
  const checksFor = (request: FastifyRequest, problems: readonly ConfigProblem[]) =>
    localizedChecks(problems, languageOf(request), ctx.content.current().config.texts);
  return {
    versionTree,
    draftTree: async (row) => ({ ...(await versionTree(row.base_version)), ...filesOf(row) }),
    checksFor,
    refuseProblems(request, problems, code) {
      if (problems.length === 0) return;
      throw new ApiError(422, code, {
        errors: checksFor(request, problems).map((problem) => ({
          path: `${problem.path}#${problem.pointer}`,
          keyword: 'check',
          message: problem.message,
        })),
      });
    },
  };
}

/**
 * The roles that may change a rule expression (JSON Logic: a form's conditions, a message's
 * `trigger.when`, the rules files) in a draft they author. Every other role's save that adds,
 * removes or changes one is refused (403 draftRulesNotAllowed): editors change words and settings.
 */
export const RULE_ROLES: ReadonlySet<StaffRole> = new Set<StaffRole>(['admin']);

export function registerContentRoutes(
  studio: FastifyInstance,
  options: ContentRoutesOptions,
): void {
  const { ctx, record, check } = options;
  const helpers = contentHelpers(ctx);
  const metaSchema = metaSchemaReader(ctx.schemasDir);

  /** A draft with its files and the checks of its whole tree, in the caller's language. */
  const draftView = async (request: FastifyRequest, row: DraftRow) => {
    const names = await staffNames(ctx.db, [row.author_id, row.reviewer_id]);
    const checks = helpers.checksFor(request, await check({ tree: await helpers.draftTree(row) }));
    const summary = summaryOf(row, names);
    const translations = await draftFlags(ctx.db, summary);
    return { ...summary, files: filesOf(row), checks, translations };
  };

  /** The draft, if the signed-in staff member wrote it and may still change it. */
  const ownEditable = async (request: FastifyRequest, id: number) => {
    const staff = staffOf(request);
    const row = await findDraft(ctx.db, id);
    if (row.author_id !== staff.staffId) throw new ApiError(403, 'draftNotAuthor');
    if (!EDITABLE.has(row.status)) throw new ApiError(409, 'draftNotEditable');
    return { staff, row };
  };

  /** Writes the draft's files, if it is still editable (else 409). */
  const saveFiles = async (row: DraftRow, files: FlowsTree) => {
    const saved = await moveDraft(ctx.db, row.id, [...EDITABLE], {
      files: JSON.stringify(files),
      updated_at: ctx.now().toISOString(),
    });
    if (!saved) throw new ApiError(409, 'draftNotEditable');
    return findDraft(ctx.db, row.id);
  };

  // Every file with its name for people in the caller's language (flows/studio/, issue 44).
  studio.get('/content', async (request) => {
    const { version, tree } = ctx.content.current();
    const language = languageOf(request);
    const names = readNames(namesFiles(tree));
    return {
      version,
      groups: names.groups.map((group) => ({
        id: group.id,
        name: group.name[language] ?? '',
        description: group.description[language] ?? '',
      })),
      files: Object.keys(tree)
        .sort()
        .map((path) => {
          const named = fileName(names, path, tree[path], language);
          return {
            path,
            area: areaOfPath(path),
            metaSchema: metaSchemaName(tree[path]),
            name: named?.name ?? '',
            description: named?.description ?? '',
            group: named?.group?.id ?? '',
          };
        }),
    };
  });

  studio.get<{ Querystring: StudioContentFileQuery }>(
    '/content/file',
    { schema: { querystring: schemaRef(ctx.schemas, 'studio-content-file-query') } },
    async (request) => {
      const version = request.query.version ?? ctx.content.current().version;
      const tree = await helpers.versionTree(version);
      const { path } = request.query;
      if (!Object.hasOwn(tree, path)) throw new ApiError(404, 'notFound');
      const name = metaSchemaName(tree[path]);
      return { path, version, json: tree[path], metaSchema: name ? await metaSchema(name) : null };
    },
  );

  studio.get('/versions', async () => {
    const rows = await ctx.content.history();
    const names = await staffNames(
      ctx.db,
      rows.flatMap((row) => [row.drafted_by, row.approved_by]),
    );
    return rows.map((row) => ({
      version: row.version,
      comment: row.comment,
      draftedBy: refOf(names, row.drafted_by),
      approvedBy: refOf(names, row.approved_by),
      publishedAt: row.published_at,
      changed: row.changed,
      rollbackOf: row.rollback_of,
      draftId: row.draft_id,
    }));
  });

  studio.get('/drafts', async () => listDrafts(ctx.db));

  studio.post<{ Body: StudioDraftCreateRequest }>(
    '/drafts',
    { schema: { body: schemaRef(ctx.schemas, 'studio-draft-create-request') } },
    async (request, reply) => {
      const staff = staffOf(request);
      const area = AREA_OF_ROLE[staff.role];
      if (!area) throw new ApiError(403, 'forbidden');
      const now = ctx.now().toISOString();
      const title = request.body.title.trim();
      const baseVersion = ctx.content.current().version;
      const created = await ctx.db
        .insertInto('content_drafts')
        .values({
          author_id: staff.staffId,
          area,
          base_version: baseVersion,
          files: '{}',
          title,
          status: 'editing',
          created_at: now,
          updated_at: now,
          submitted_at: null,
          reviewer_id: null,
          review_comment: null,
          published_version: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await record(request, {
        staffId: staff.staffId,
        action: 'draft.create',
        subject: `draft:${created.id}`,
        detail: { id: created.id, title, area, baseVersion },
      });
      return reply.code(201).send(await draftView(request, await findDraft(ctx.db, created.id)));
    },
  );

  studio.get<{ Params: StudioDraftParams }>(
    '/drafts/:id',
    { schema: { params: schemaRef(ctx.schemas, 'studio-draft-params') } },
    async (request) => draftView(request, await findDraft(ctx.db, request.params.id)),
  );

  studio.put<{ Params: StudioDraftParams; Body: StudioDraftFileRequest }>(
    '/drafts/:id/file',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        params: schemaRef(ctx.schemas, 'studio-draft-params'),
        body: schemaRef(ctx.schemas, 'studio-draft-file-request'),
      },
    },
    async (request) => {
      const { staff, row } = await ownEditable(request, request.params.id);
      const { path, json } = request.body;
      const base = await helpers.versionTree(row.base_version);
      checkDraftPath(path, base, row.area);
      const files = filesOf(row);
      const changedBefore = Object.hasOwn(files, path);
      const before = changedBefore ? files[path] : base[path];
      // Rule expressions are not an editor's to change (issue 44, item 6): fail closed. The rules
      // are those of the file's meta-schema; one that cannot be read counts every value a rule.
      if (!RULE_ROLES.has(staff.role)) {
        const schemaOf = async (file: unknown): Promise<Schema> => {
          const name = metaSchemaName(file);
          return name ? (((await metaSchema(name)) as Schema | undefined) ?? {}) : true;
        };
        if (changesRules(before, await schemaOf(before), json, await schemaOf(json)))
          throw new ApiError(403, 'draftRulesNotAllowed');
      }
      // The base version's own file is no change: the draft forgets it.
      const same = Object.hasOwn(base, path) && sameJson(base[path], json);
      if (same) delete files[path];
      else files[path] = json;
      const saved = await saveFiles(row, files);
      await saveFileFlags(
        ctx.db,
        { id: row.id, baseVersion: row.base_version, changedBefore },
        { path, before, after: json, kept: !same },
        ctx.now().toISOString(),
      );
      await record(request, {
        staffId: staff.staffId,
        action: 'draft.update',
        subject: `draft:${row.id}`,
        detail: { id: row.id, path, change: same ? 'drop' : 'set' },
      });
      return draftView(request, saved);
    },
  );

  studio.delete<{ Params: StudioDraftParams; Querystring: StudioDraftFileQuery }>(
    '/drafts/:id/file',
    {
      schema: {
        params: schemaRef(ctx.schemas, 'studio-draft-params'),
        querystring: schemaRef(ctx.schemas, 'studio-draft-file-query'),
      },
    },
    async (request) => {
      const { staff, row } = await ownEditable(request, request.params.id);
      const { path } = request.query;
      const files = filesOf(row);
      if (!Object.hasOwn(files, path)) throw new ApiError(404, 'notFound');
      delete files[path];
      const saved = await saveFiles(row, files);
      await dropFileFlags(ctx.db, row.id, path);
      await record(request, {
        staffId: staff.staffId,
        action: 'draft.update',
        subject: `draft:${row.id}`,
        detail: { id: row.id, path, change: 'drop' },
      });
      return draftView(request, saved);
    },
  );

  studio.post<{ Params: StudioDraftParams; Body: StudioDraftSubmitRequest | undefined }>(
    '/drafts/:id/submit',
    {
      schema: {
        params: schemaRef(ctx.schemas, 'studio-draft-params'),
        body: schemaRef(ctx.schemas, 'studio-draft-submit-request'),
      },
      // No body is the same as {} (a submit without texts to confirm).
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { staff, row } = await ownEditable(request, request.params.id);
      if (Object.keys(filesOf(row)).length === 0) throw new ApiError(422, 'draftEmpty');
      helpers.refuseProblems(
        request,
        await check({ tree: await helpers.draftTree(row) }),
        'draftHasProblems',
      );
      // Texts whose Spanish needs review (issue 44, item 5): submitted only when the author
      // confirms, and the confirmation is in the audit log with the texts it covers.
      const flagged = await draftFlags(ctx.db, summaryOf(row, new Map()));
      if (flagged.length > 0) {
        if (request.body?.confirmSpanishReview !== true) {
          throw new ApiError(409, 'draftSpanishNeedsReview', {
            errors: flagged.map((flag) => ({
              path: `${flag.path}#${flag.pointer}`,
              keyword: 'spanishNeedsReview',
              message: flag.englishThen,
            })),
          });
        }
        await record(request, {
          staffId: staff.staffId,
          action: 'draft.spanish-confirm',
          subject: `draft:${row.id}`,
          detail: {
            id: row.id,
            texts: flagged.map(({ path, pointer }) => ({ path, pointer })),
          },
        });
      }
      const now = ctx.now().toISOString();
      const moved = await moveDraft(ctx.db, row.id, [...EDITABLE], {
        status: 'submitted',
        submitted_at: now,
        updated_at: now,
      });
      if (!moved) throw new ApiError(409, 'draftNotEditable');
      await record(request, {
        staffId: staff.staffId,
        action: 'draft.submit',
        subject: `draft:${row.id}`,
        detail: { id: row.id, changed: Object.keys(filesOf(row)).sort() },
      });
      return draftView(request, await findDraft(ctx.db, row.id));
    },
  );
}
