/**
 * Data in at scale (issue 42, item 3): what the agency's delta files set on an account, and what
 * makes a second run of the same file change nothing.
 * - `accounts.holds`: the holds in force, comma-separated in alphabetical order (`attorney`,
 *   `bankruptcy`, `cease-communication`, `deceased`), '' for none; flows/rules decide what a hold
 *   changes (flows/rules/payment-options.json offers no payment under one);
 * - `accounts.dispute_status` (`received`, `under-review`, `verified`, `closed`) and
 *   `dispute_status_date` (YYYY-MM-DD): the agency's latest word on the account's dispute, shown
 *   on the account page;
 * - `transactions.external_ref`: the agency's key of a payment made outside the portal (phone,
 *   mail), unique within the account, so posting it again adds nothing;
 * - `import_records`: a digest of each streamed debtor record last imported, by debtor key; the
 *   same line again is skipped (counted unchanged).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('holds', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('accounts').addColumn('dispute_status', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('dispute_status_date', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('external_ref', 'text').execute();
  // Unique per account where set (rows from the portal and full files have none).
  await sql`create unique index transactions_external_ref on transactions (account_id, external_ref)
    where external_ref is not null`.execute(db);
  await db.schema
    .createTable('import_records')
    .addColumn('record_key', 'text', (c) => c.primaryKey())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
}
