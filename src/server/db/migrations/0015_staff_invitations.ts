/**
 * Four eyes per person (issue 39, item 4):
 * - `staff_invitations`: a new member's one-time link (only a SHA-256 of its random token is
 *   kept), valid 24 hours; the member sets their own password and enrols their own TOTP with it
 *   (both held here until the member confirms a code, then moved to the account);
 * - `staff_role_grants`: giving the approver or admin role waits for a second admin's approval;
 * - `staff_accounts.role_granted` (0: the account's role waits for that approval, and until then
 *   the member has no role: no session opens) and `totp_pending` (a re-enrolment's new secret,
 *   encrypted, until a code from it confirms it);
 * - `content_drafts`: the areas `policies` (flows/policies/, admins only) and `rollback` (a
 *   rollback is a draft, approved by a second person), and `rollback_of`.
 *
 * SQLite cannot change a column's CHECK: content_drafts is rebuilt (no table references it).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const DRAFT_COLUMNS = [
  'id',
  'author_id',
  'area',
  'base_version',
  'files',
  'title',
  'status',
  'created_at',
  'updated_at',
  'submitted_at',
  'reviewer_id',
  'review_comment',
  'published_version',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await db.schema
    .alterTable('staff_accounts')
    .addColumn('role_granted', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('staff_accounts').addColumn('totp_pending', 'text').execute();

  await withId('staff_invitations')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .execute();
  await db.schema
    .createIndex('staff_invitations_staff')
    .on('staff_invitations')
    .column('staff_id')
    .execute();

  await withId('staff_role_grants')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('approver', 'admin')`))
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'cancelled')`),
    )
    .addColumn('decided_by', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_role_grants_status')
    .on('staff_role_grants')
    .columns(['status', 'staff_id'])
    .execute();

  const areas = sql`area in ('texts', 'clients', 'policies', 'rollback')`;
  if (postgres) {
    await sql`alter table content_drafts drop constraint content_drafts_area_check`.execute(db);
    await sql`alter table content_drafts add constraint content_drafts_area_check check (${areas})`.execute(
      db,
    );
    await db.schema.alterTable('content_drafts').addColumn('rollback_of', 'integer').execute();
    return;
  }
  await db.schema
    .createTable('content_drafts_0015')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('area', 'text', (c) => c.notNull().check(areas))
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
    .addColumn('rollback_of', 'integer')
    .execute();
  const columns = sql.join(DRAFT_COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into content_drafts_0015 (${columns}) select ${columns} from content_drafts`.execute(
    db,
  );
  await db.schema.dropTable('content_drafts').execute();
  await db.schema.alterTable('content_drafts_0015').renameTo('content_drafts').execute();
  await db.schema
    .createIndex('content_drafts_status')
    .on('content_drafts')
    .columns(['status', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_drafts').dropColumn('rollback_of').execute();
  await db.schema.dropTable('staff_role_grants').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.alterTable('staff_accounts').dropColumn('totp_pending').execute();
  await db.schema.alterTable('staff_accounts').dropColumn('role_granted').execute();
}
