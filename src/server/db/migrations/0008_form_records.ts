/**
 * Forms that are only recorded (issue 23, src/server/forms/recorded.ts): one table for every
 * recorded form's submissions, so a new recorded one-form page needs no table of its own. The data
 * is the validated form data as JSON (hidden fields pruned); `form_version` tells which wording and
 * rules the debtor answered.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('form_records');
  await (
    postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('form_version', 'text', (c) => c.notNull())
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('confirmation', 'text', (c) => c.notNull().unique())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_records_debtor')
    .on('form_records')
    .columns(['debtor_id', 'form', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_records').execute();
}
