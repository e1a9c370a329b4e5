/**
 * Crash-safe payments. A submission in flight, and the Idempotency-Key of its request, hold a
 * lease (`lease_until`): a server process that dies mid-payment leaves them behind, and once the
 * lease has passed any process settles them from the processor's own record of the charge (see
 * src/server/payments/recovery.ts). The submission keeps what it would write (`plan`, JSON) so a
 * charge that went through can be recorded by whoever settles it.
 *
 * `sandbox_charges` is the sandbox processor's own ledger (a real processor keeps its own): one
 * row per charge, keyed by our attempt reference, so a repeated charge with the same reference
 * returns the first result and "what happened to attempt X" has a truthful answer.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('payment_submissions').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('payment_submissions').addColumn('plan', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'text').execute();
  await db.schema
    .createIndex('payment_submissions_status')
    .on('payment_submissions')
    .columns(['status', 'lease_until'])
    .execute();

  const table = db.schema.createTable('sandbox_charges');
  await (
    postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('processor_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_charges').execute();
  await db.schema.dropIndex('payment_submissions_status').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
  await db.schema.alterTable('payment_submissions').dropColumn('plan').execute();
  await db.schema.alterTable('payment_submissions').dropColumn('lease_until').execute();
}
