/**
 * Initial schema. Runs on SQLite and PostgreSQL: integers for money (cents) and flags (0/1), text
 * for ISO timestamps and YYYY-MM-DD days. Only the auto-increment primary key differs by dialect.
 */
import {
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

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

const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('debtors'))
    .addColumn('external_key', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text')
    .addColumn('last_name_key', 'text', (c) => c.notNull())
    .addColumn('business_name_key', 'text')
    .addColumn('address_line1', 'text')
    .addColumn('address_line2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('email', 'text')
    .addColumn('ssn_last4_hmac', 'text')
    .addColumn('dob_hmac', 'text')
    .addColumn('require_ssn', 'integer', flag)
    .addColumn('allow_sms', 'integer', flag)
    .addColumn('allow_email', 'integer', flag)
    .addColumn('pref_email', 'integer', flag)
    .addColumn('pref_sms', 'integer', flag)
    .addColumn('pref_letter', 'integer', flag)
    .addColumn('pref_preferred', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('debtors_last_name_key')
    .on('debtors')
    .column('last_name_key')
    .execute();
  await db.schema
    .createIndex('debtors_business_name_key')
    .on('debtors')
    .column('business_name_key')
    .execute();

  await withId(db, db.schema.createTable('debtor_phones'))
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('debtor_phones_debtor_number', ['debtor_id', 'phone_number'])
    .execute();

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('account_number', 'text', (c) => c.notNull().unique())
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text')
    .addColumn('client_account', 'text')
    .addColumn('creditor_name', 'text')
    .addColumn('creditor_name_comment', 'text')
    .addColumn('original_creditor_name', 'text')
    .addColumn('merchant_name', 'text')
    .addColumn('balance_cents', 'integer', (c) => c.notNull())
    .addColumn('original_balance_cents', 'integer', (c) => c.notNull())
    .addColumn('total_paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outstanding_balance_cents', 'integer')
    .addColumn('settlement_balance_cents', 'integer')
    .addColumn('minimum_payment_due_cents', 'integer')
    .addColumn('stabilization_amount_cents', 'integer')
    .addColumn('new_balance_cents', 'integer')
    .addColumn('new_balance_date', 'text')
    .addColumn('status_code', 'text', (c) => c.notNull())
    .addColumn('is_closed', 'integer', flag)
    .addColumn('is_pco', 'integer', flag)
    .addColumn('is_eop', 'integer', flag)
    .addColumn('is_interest_bearing', 'integer', flag)
    .addColumn('is_payment_pending_post', 'integer', flag)
    .addColumn('has_settlement_offers', 'integer', flag)
    .addColumn('allow_pco_min_pay', 'integer', flag)
    .addColumn('show_bring_account_current_text', 'integer', flag)
    .addColumn('show_last_workable_disclosure', 'integer', flag)
    .addColumn('bankruptcy_reported', 'integer', flag)
    .addColumn('end_of_path_notice', 'integer', flag)
    .addColumn('external_payment_url', 'text')
    .addColumn('support_phone', 'text')
    .addColumn('date_of_referral', 'text')
    .addColumn('date_of_last_pay', 'text')
    .addColumn('last_update_date', 'text')
    .addColumn('last_viewable_date', 'text')
    .addColumn('statement_date', 'text')
    .addColumn('save_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_debtor').on('accounts').column('debtor_id').execute();
  await db.schema
    .createIndex('accounts_client_account')
    .on('accounts')
    .column('client_account')
    .execute();

  await withId(db, db.schema.createTable('arrangements'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('external_ref', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', flag)
    .addColumn('begin_balance_cents', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('allow_remaining', 'integer', flag)
    .addColumn('modifiable_online', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('arrangements_account_ref', ['account_id', 'external_ref'])
    .execute();

  await withId(db, db.schema.createTable('arrangement_payments'))
    .addColumn('arrangement_id', 'integer', (c) =>
      c.notNull().references('arrangements.id').onDelete('cascade'),
    )
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_pending_post', 'integer', flag)
    .addColumn('is_electronic', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('funding_id', 'integer')
    .addColumn('paid_with', 'text')
    .addColumn('confirmation', 'text')
    .addColumn('submitted', 'text')
    .addColumn('approved', 'text')
    .addColumn('satisfied', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addUniqueConstraint('arrangement_payments_day', ['arrangement_id', 'pay_date'])
    .execute();

  await withId(db, db.schema.createTable('transactions'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('received_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('auto_or_manual', 'text')
    .addColumn('source', 'text')
    .addColumn('confirmation_code', 'text')
    .addColumn('is_pending', 'integer', flag)
    .addColumn('total_payment_cents', 'integer')
    .execute();
  await db.schema
    .createIndex('transactions_account')
    .on('transactions')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('letters')
    .addColumn('letter_id', 'integer', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('letter_code', 'text', (c) => c.notNull().unique())
    .addColumn('request_date', 'text', (c) => c.notNull())
    .addColumn('principal_balance_cents', 'integer', (c) => c.notNull())
    .addColumn('is_letter_one', 'integer', flag)
    .execute();

  await withId(db, db.schema.createTable('letter_options'))
    .addColumn('letter_id', 'integer', (c) =>
      c.notNull().references('letters.letter_id').onDelete('cascade'),
    )
    .addColumn('option_number', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('day_of_month_settlement_requirement', 'integer')
    .addColumn('settlement_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('discount', 'real', (c) => c.notNull())
    .addColumn('number_of_payments', 'integer', (c) => c.notNull())
    .addUniqueConstraint('letter_options_number', ['letter_id', 'option_number'])
    .execute();

  await withId(db, db.schema.createTable('letter_option_payments'))
    .addColumn('letter_option_id', 'integer', (c) =>
      c.notNull().references('letter_options.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addUniqueConstraint('letter_option_payments_seq', ['letter_option_id', 'seq'])
    .execute();

  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_key_time')
    .on('login_attempts')
    .columns(['key', 'kind', 'created_at'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('claims', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family')
    .on('refresh_tokens')
    .column('family')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'refresh_tokens',
    'login_attempts',
    'letter_option_payments',
    'letter_options',
    'letters',
    'transactions',
    'arrangement_payments',
    'arrangements',
    'accounts',
    'debtor_phones',
    'debtors',
    'server_secrets',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
