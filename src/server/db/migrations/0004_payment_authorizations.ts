/**
 * What the debtor agreed to for each accepted payment (Reg E 1005.10(b), NACHA: keep the
 * authorization, in the words and language it was given, with when and in which session): the
 * agreement, e-sign consent and payment authorization texts as shown (amounts, dates, method and
 * last 4 filled in, never a full number), the version of the compliance texts they came from,
 * the payer's name and the schedule. The debtor's copy (a PDF) is printed from this record.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('payment_authorizations');
  await (
    postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().unique().references('payment_submissions.id').onDelete('cascade'),
    )
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('confirmation', 'text', (c) => c.notNull())
    /** The session (token sid) it was given in. */
    .addColumn('session_id', 'text', (c) => c.notNull())
    /** en | es */
    .addColumn('language', 'text', (c) => c.notNull())
    /** flows/content/payment-authorization.json `version`. */
    .addColumn('content_version', 'text', (c) => c.notNull())
    .addColumn('recurring', 'integer', (c) => c.notNull())
    .addColumn('agreement_text', 'text', (c) => c.notNull())
    .addColumn('esign_text', 'text', (c) => c.notNull())
    .addColumn('authorization_text', 'text', (c) => c.notNull())
    .addColumn('payer_name', 'text', (c) => c.notNull())
    /** As shown: 'Visa ****1111'. */
    .addColumn('method_name', 'text', (c) => c.notNull())
    /** JSON: [{ date, cents }]. */
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('agreed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_authorizations_confirmation')
    .on('payment_authorizations')
    .columns(['account_id', 'confirmation'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_authorizations').execute();
}
