/**
 * Studio drafts (issue 24): a change to the published content, made by one staff member, checked,
 * reviewed by another and published as a new content version. A draft keeps only the files it
 * changes (`files`, JSON: path under flows/ -> the whole new file), over the version it started
 * from (`base_version`). Its `area` is what its author may change: `texts` (every folder but
 * clients/, editors) or `clients` (clients/, client managers). Drafts are never deleted: a
 * published one names the version it became, and the audit log tells every step.
 *
 * `base_version` and `published_version` name content versions without a foreign key: on
 * PostgreSQL a key referencing content_versions would answer a TRUNCATE of it before its
 * append-only trigger does (the table stays refused either way, but with the trigger's words).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('content_drafts');
  await (
    postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('author_id', 'integer', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('area', 'text', (c) => c.notNull().check(sql`area in ('texts', 'clients')`))
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('editing', 'submitted', 'returned', 'published', 'withdrawn')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('reviewer_id', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('review_comment', 'text')
    .addColumn('published_version', 'integer')
    .execute();
  await db.schema
    .createIndex('content_drafts_status')
    .on('content_drafts')
    .columns(['status', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_drafts').execute();
}
