/**
 * Data in at scale, part two (issue 42, items 3 and 5):
 * - `transactions.returned_date` (YYYY-MM-DD): the day the agency said a payment came back (a bank
 *   return, a chargeback; an import's `returned` delta, db/import-returns.ts); null while it
 *   stands. Set once: the same delta again changes nothing.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('returned_date', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('returned_date').execute();
}
