/**
 * Payments: saved funding methods (processor token, brand, last 4 and expiry only — never a full
 * card or bank number, never a CVV), payment submissions with their confirmation code, and
 * idempotency keys. Runs on SQLite and PostgreSQL; money in integer cents.
 *
 * Exactly-once: `payment_submissions.dedupe_key` (account id | first payment day | amount in
 * cents) is unique while a submission is in flight or accepted, so two identical same-day charges
 * for one account cannot both exist; a declined submission sets it back to NULL (NULLs are
 * distinct on both databases) so the debtor may try again with another method.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('funding_methods'))
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    /** Natural key of an imported method within its debtor; null for methods added online. */
    .addColumn('external_ref', 'text')
    /** card | bank */
    .addColumn('type', 'text', (c) => c.notNull())
    /** visa | amex | disc | mc | null (cards of another brand, banks) */
    .addColumn('brand', 'text')
    /** credit | debit (cards), null for banks */
    .addColumn('card_kind', 'text')
    .addColumn('last4', 'text', (c) => c.notNull())
    /** Cards: the last day of the expiry month (YYYY-MM-DD). */
    .addColumn('expiration', 'text')
    .addColumn('holder_first_name', 'text')
    .addColumn('holder_last_name', 'text')
    /** checking | savings (banks) */
    .addColumn('bank_account_type', 'text')
    .addColumn('processor_token', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text')
    .addColumn('address_line2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    /** Session (token sid) that added it online: a letter session sees only its own methods. */
    .addColumn('created_by_sid', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addUniqueConstraint('funding_methods_debtor_ref', ['debtor_id', 'external_ref'])
    .execute();
  await db.schema
    .createIndex('funding_methods_debtor')
    .on('funding_methods')
    .column('debtor_id')
    .execute();

  await withId(db, db.schema.createTable('payment_submissions'))
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('arrangement_id', 'integer')
    .addColumn('funding_id', 'integer')
    /** Payment variant (one-time, pif, bif, sif, letter, ...) and arrangement type (PIF, ...). */
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    /** Day and amount of the first payment of the schedule (charged now when it is today). */
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_count', 'integer', (c) => c.notNull())
    /** in_flight | approved | scheduled | declined */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('confirmation', 'text', (c) => c.notNull().unique())
    .addColumn('processor_reference', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('idempotency_key', 'text')
    .addColumn('letter_id', 'integer')
    .addColumn('letter_option_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_submissions_account_day')
    .on('payment_submissions')
    .columns(['account_id', 'pay_date'])
    .execute();

  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    /** The operation the key was used for (e.g. SubmitPayment). */
    .addColumn('scope', 'text', (c) => c.notNull())
    /** SHA-256 (hex) of the canonical request body. */
    .addColumn('request_hash', 'text', (c) => c.notNull())
    /** in_flight | done */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addUniqueConstraint('idempotency_keys_debtor_key', ['debtor_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'payment_submissions', 'funding_methods']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
