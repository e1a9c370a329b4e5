/**
 * The writes and reads of content_versions that publishing shares (content/store.ts): the newest
 * row, and a new version inserted as the newest + 1 with the primary key deciding between
 * concurrent publishes.
 */
import type { ContentSource, Db } from '../db/types';
import { changedPaths, type FlowsTree } from './tree';
import { ContentConflict, type PublishInput } from './versions';

/** How many version numbers a publish tries before it gives up (each taken by another). */
export const PUBLISH_ATTEMPTS = 20;

/** The newest version's number and files, if any. */
export function newestRow(db: Db) {
  return db
    .selectFrom('content_versions')
    .select(['version', 'files'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Inserts a tree as the newest version + 1. A concurrent publish that took the number makes it
 * try the next one, against what that one published, unless `after` says which version it must
 * follow (then ContentConflict).
 */
export async function insertVersion(
  db: Db,
  now: () => Date,
  files: string,
  tree: FlowsTree,
  input: Omit<PublishInput, 'tree'>,
  source: ContentSource,
  deployedFiles: string | null = null,
): Promise<number> {
  for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt += 1) {
    const before = await newestRow(db);
    if (input.after !== undefined && (before?.version ?? 0) !== input.after) {
      throw new ContentConflict(before?.version ?? 0);
    }
    const version = (before?.version ?? 0) + 1;
    const previous = before ? (JSON.parse(before.files) as FlowsTree) : {};
    const inserted = await db
      .insertInto('content_versions')
      .values({
        version,
        files,
        comment: input.comment.trim(),
        drafted_by: input.draftedBy,
        approved_by: input.approvedBy,
        draft_id: input.draftId ?? null,
        rollback_of: input.rollbackOf ?? null,
        changed: JSON.stringify(changedPaths(previous, tree)),
        published_at: now().toISOString(),
        source,
        deployed_files: deployedFiles,
      })
      .onConflict((oc) => oc.column('version').doNothing())
      .returning('version')
      .executeTakeFirst();
    if (inserted) return version;
    if (input.after !== undefined) throw new ContentConflict(version);
  }
  throw new Error('content was not published: too many concurrent publishes');
}
