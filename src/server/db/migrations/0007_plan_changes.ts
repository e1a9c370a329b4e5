/**
 * Plans changed or cancelled online (issue 22): one row per change, with what the debtor was
 * shown and confirmed (the statement, in their language, under the content version of
 * flows/content/plan-change.json), what it did to the plan's payments (`details`, JSON), the
 * session it was made in and a confirmation code, the debtor's record. A cancellation also marks
 * the plan's recurring authorization revoked (Regulation E: the debtor may revoke, and gets a
 * record of it), and the plan itself cancelled.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('plan_changes');
  await (
    postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('arrangement_id', 'integer', (c) =>
      c.notNull().references('arrangements.id').onDelete('cascade'),
    )
    /** The plan that replaced it (a plan change), else null. */
    .addColumn('new_arrangement_id', 'integer')
    /** cancel | change-day | change-plan */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('confirmation', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('content_version', 'text', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    /** JSON: the payments stopped, kept, sent or moved ({ date, cents }). */
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_changes_account')
    .on('plan_changes')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.alterTable('arrangements').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('payment_authorizations').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('payment_authorizations').addColumn('revoked_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_authorizations').dropColumn('revoked_by').execute();
  await db.schema.alterTable('payment_authorizations').dropColumn('revoked_at').execute();
  await db.schema.alterTable('arrangements').dropColumn('cancelled_at').execute();
  await db.schema.dropTable('plan_changes').execute();
}
