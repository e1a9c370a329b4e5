/**
 * Where a content version came from (issue 24): `flows` for a tree imported from the flows/ folder
 * the server was deployed with (the first start, and every start whose folder changed since the
 * last import), `studio` for a publish or rollback in the studio. The server compares the folder
 * with the last `flows` version to know what a deployment changed (src/server/content/deploy.ts).
 * Rows from before this column are read by their number: version 1 was the import.
 * `deployed_files` keeps the folder as it was deployed (JSON, like `files`) on a `flows` row whose
 * published tree also holds the studio's changes, so the next start compares folder with folder.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_versions').addColumn('source', 'text').execute();
  await db.schema.alterTable('content_versions').addColumn('deployed_files', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_versions').dropColumn('deployed_files').execute();
  await db.schema.alterTable('content_versions').dropColumn('source').execute();
}
