/**
 * Studio drafts (issue 24, migration 0011): reading and writing `content_drafts`, who may change
 * which file, and what a draft's tree is (its base version's files with the draft's over them).
 *
 * Areas: an editor's drafts change texts (every folder of flows/ but clients/ and policies/), a
 * client manager's change clients/, an admin's policies/ (the sign-in policy: issue 39, admins
 * only). A rollback is a draft of its own area (`rollback`, review-routes.ts), made submitted. A path must be a file a flows tree may hold (content/tree.ts
 * `isTreePath`), in a folder the published content has.
 */
import type { ContentDraftsTable, Db, DraftArea, DraftStatus, StaffRole } from '../db/types';
import { folderOf, isTreePath, type FlowsTree } from '../content/tree';
import { ApiError } from '../http/errors';

/** The area each drafting role writes; other roles draft nothing. */
export const AREA_OF_ROLE: Readonly<Partial<Record<StaffRole, DraftArea>>> = {
  editor: 'texts',
  client_manager: 'clients',
  admin: 'policies',
};

export function areaOfPath(file: string): DraftArea {
  const folder = folderOf(file);
  return folder === 'clients' || folder === 'policies' ? folder : 'texts';
}

/** Statuses in which the author may still change the files. */
export const EDITABLE: ReadonlySet<DraftStatus> = new Set(['editing', 'returned']);

export interface StaffRef {
  id: number;
  name: string;
}

export interface DraftSummary {
  id: number;
  title: string;
  area: DraftArea;
  status: DraftStatus;
  author: StaffRef | null;
  baseVersion: number;
  /** The paths the draft changes. */
  changed: string[];
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  reviewer: StaffRef | null;
  reviewComment: string | null;
  publishedVersion: number | null;
  /** A rollback's draft: the version whose files it restores. */
  rollbackOf: number | null;
}

export type DraftRow = Omit<ContentDraftsTable, 'id'> & { id: number };

export const filesOf = (row: DraftRow): FlowsTree => JSON.parse(row.files) as FlowsTree;

/** 400 unless the path is a file of a folder the tree has; 403 outside the role's area. */
export function checkDraftPath(file: string, tree: FlowsTree, area: DraftArea): void {
  const folders = new Set(Object.keys(tree).map(folderOf));
  if (!isTreePath(file) || !folders.has(folderOf(file)))
    throw new ApiError(400, 'draftPathUnknown');
  if (areaOfPath(file) !== area) throw new ApiError(403, 'draftPathOutsideArea');
}

/** Display names of staff members by id. */
export async function staffNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_accounts')
    .select(['id', 'display_name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.display_name]));
}

export const refOf = (names: Map<number, string>, id: number | null): StaffRef | null =>
  id === null ? null : { id, name: names.get(id) ?? '' };

export function summaryOf(row: DraftRow, names: Map<number, string>): DraftSummary {
  return {
    id: row.id,
    title: row.title,
    area: row.area,
    status: row.status,
    author: refOf(names, row.author_id),
    baseVersion: row.base_version,
    changed: Object.keys(filesOf(row)).sort(),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    reviewer: refOf(names, row.reviewer_id),
    reviewComment: row.review_comment,
    publishedVersion: row.published_version,
    rollbackOf: row.rollback_of,
  };
}

export async function findDraft(db: Db, id: number): Promise<DraftRow> {
  const row = await db
    .selectFrom('content_drafts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'notFound');
  return row;
}

export async function listDrafts(db: Db): Promise<DraftSummary[]> {
  const rows = await db.selectFrom('content_drafts').selectAll().orderBy('id', 'desc').execute();
  const names = await staffNames(
    db,
    rows.flatMap((row) => [row.author_id, row.reviewer_id]),
  );
  return rows.map((row) => summaryOf(row, names));
}

/**
 * Moves a draft from one of `from` to `to` with `set`, only if it still is in one of `from` (two
 * reviewers at once: one wins); false when it no longer was.
 */
export async function moveDraft(
  db: Db,
  id: number,
  from: readonly DraftStatus[],
  set: Partial<Omit<ContentDraftsTable, 'id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('content_drafts')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
