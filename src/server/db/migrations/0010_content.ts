/**
 * Content as versions (issue 24): every published flows/ tree is a row of `content_versions`,
 * numbered 1, 2, 3, … (the number is the primary key: two publishes never get the same one),
 * with the whole tree (`files`, JSON), why it was published (`comment`), who drafted and who
 * approved it (staff ids; null for the seed imported from flows/), the draft it came from, the
 * version a rollback restored, and the paths that changed from the version before. Rows are
 * never updated or deleted: a trigger on both dialects refuses it (and TRUNCATE on PostgreSQL),
 * as for the audit log.
 *
 * A payment's authorization and a plan change record the content version whose texts the debtor
 * was shown (`published_version`; null for those recorded before versions existed).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('content_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('drafted_by', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('approved_by', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('draft_id', 'integer')
    .addColumn('rollback_of', 'integer', (c) => c.references('content_versions.version'))
    .addColumn('changed', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();

  if (postgres) {
    await sql`create function content_versions_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'content_versions is append-only';
      end
      $$`.execute(db);
    await sql`create trigger content_versions_no_change before update or delete on content_versions
      for each row execute function content_versions_append_only()`.execute(db);
    await sql`create trigger content_versions_no_truncate before truncate on content_versions
      for each statement execute function content_versions_append_only()`.execute(db);
  } else {
    await sql`create trigger content_versions_no_update before update on content_versions
      begin select raise(abort, 'content_versions is append-only'); end`.execute(db);
    await sql`create trigger content_versions_no_delete before delete on content_versions
      begin select raise(abort, 'content_versions is append-only'); end`.execute(db);
  }

  await db.schema
    .alterTable('payment_authorizations')
    .addColumn('published_version', 'integer')
    .execute();
  await db.schema.alterTable('plan_changes').addColumn('published_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('plan_changes').dropColumn('published_version').execute();
  await db.schema.alterTable('payment_authorizations').dropColumn('published_version').execute();
  await db.schema.dropTable('content_versions').execute();
  if (postgres) await sql`drop function content_versions_append_only()`.execute(db);
}
