/**
 * The staff studio's sign-in and audit trail (issue 24, slice 1): staff accounts (email, role,
 * scrypt password hash, encrypted TOTP secret), their sessions (only a SHA-256 of the cookie's
 * random id is stored, with a hash of the session's CSRF token), the sign-in lockout per email
 * (also for emails that match no account, so a lock never tells whether an account exists) and
 * the audit log. The audit log is append-only: no route changes it, and a trigger on both
 * dialects refuses every UPDATE and DELETE (and TRUNCATE on PostgreSQL).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('staff_accounts')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('editor', 'approver', 'client_manager', 'admin')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    // The TOTP time step of the last code accepted: a code is never accepted twice.
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id'))
    .addColumn('csrf_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_sessions_staff')
    .on('staff_sessions')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('staff_lockouts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId('audit_log')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema
    .createIndex('audit_log_action')
    .on('audit_log')
    .columns(['action', 'at'])
    .execute();

  if (postgres) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('audit_log').execute();
  if (postgres) await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropTable('staff_lockouts').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_accounts').execute();
}
