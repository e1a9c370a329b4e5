/**
 * Forms, guest calls, analytics and sessions: disputes, bankruptcies, contact messages, feedback,
 * e-mail opt-outs, phone additions, detail and preference changes, portal registrations, analytics
 * events, revoked sessions and the debtors each session has proved. Same portable types as 0001.
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
const debtorRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('debtors.id').onDelete('cascade');
const accountRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references('accounts.id').onDelete('cascade');

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('disputes'))
    .addColumn('debtor_id', 'integer', debtorRef)
    .addColumn('account_id', 'integer', accountRef)
    .addColumn('confirmation', 'text', (c) => c.notNull().unique())
    .addColumn('already_resolved', 'integer', flag)
    .addColumn('incorrect_balance', 'integer', flag)
    .addColumn('not_my_debt', 'integer', flag)
    .addColumn('other', 'integer', flag)
    .addColumn('message', 'text')
    .addColumn('name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('disputes_account').on('disputes').column('account_id').execute();

  await withId(db, db.schema.createTable('bankruptcies'))
    .addColumn('debtor_id', 'integer', debtorRef)
    // One report per account: the second is refused, even when two arrive at once.
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().unique().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('confirmation', 'text', (c) => c.notNull().unique())
    .addColumn('chapter', 'integer', (c) => c.notNull())
    .addColumn('case_number', 'text', (c) => c.notNull())
    .addColumn('file_date', 'text', (c) => c.notNull())
    .addColumn('joint_file', 'integer', flag)
    .addColumn('court_name', 'text')
    .addColumn('judge_name', 'text')
    .addColumn('city_filed', 'text')
    .addColumn('state_filed', 'text')
    .addColumn('attorney_name', 'text')
    .addColumn('attorney_phone_number', 'text')
    .addColumn('law_firm_name', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('contact_messages'))
    .addColumn('debtor_id', 'integer', (c) => c.references('debtors.id').onDelete('set null'))
    .addColumn('account_number', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('comm_email', 'integer', flag)
    .addColumn('comm_sms', 'integer', flag)
    .addColumn('email', 'text')
    .addColumn('sms_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('feedback'))
    .addColumn('debtor_id', 'integer', (c) => c.references('debtors.id').onDelete('set null'))
    .addColumn('rating', 'integer')
    .addColumn('message', 'text')
    .addColumn('page', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_opt_outs')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('debtor_phone_additions'))
    .addColumn('debtor_id', 'integer', debtorRef)
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('debtor_detail_changes'))
    .addColumn('debtor_id', 'integer', debtorRef)
    /** JSON list of the field names that changed (never their values). */
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('preference_changes'))
    .addColumn('debtor_id', 'integer', debtorRef)
    .addColumn('emails', 'integer', flag)
    .addColumn('letters', 'integer', flag)
    .addColumn('texts', 'integer', flag)
    .addColumn('email_changed', 'integer', flag)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('portal_registrations')
    .addColumn('debtor_id', 'integer', (c) =>
      c.primaryKey().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('registration_code', 'text', (c) => c.notNull().unique())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('analytics_events'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('debtor_id', 'integer', (c) => c.references('debtors.id').onDelete('set null'))
    .addColumn('session_hash', 'text')
    .addColumn('properties', 'text')
    .addColumn('occurred_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_name_time')
    .on('analytics_events')
    .columns(['name', 'created_at'])
    .execute();

  await db.schema
    .createTable('revoked_sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('session_debtors')
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('debtor_id', 'integer', debtorRef)
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_debtors_pk', ['sid', 'debtor_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'session_debtors',
    'revoked_sessions',
    'analytics_events',
    'portal_registrations',
    'preference_changes',
    'debtor_detail_changes',
    'debtor_phone_additions',
    'email_opt_outs',
    'feedback',
    'contact_messages',
    'bankruptcies',
    'disputes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
