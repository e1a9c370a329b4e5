/**
 * Evidence cannot change (issue 39, item 5). What a debtor accepted or told us is kept as it was
 * written: a payment's authorization (the agreement, e-sign and authorization texts as shown), a
 * plan change, cancellation or payment day change, a dispute, a bankruptcy notice and a recorded
 * form. Their tables become append-only, as `audit_log` and `content_versions` are (migrations
 * 0009 and 0010): a trigger on both dialects refuses UPDATE and DELETE (and TRUNCATE on
 * PostgreSQL), so neither a bug nor someone with the application's database login rewrites them.
 *
 * The one change the code made to such a row, a plan change revoking the plan's recurring
 * authorizations (`payment_authorizations.revoked_at`/`revoked_by`, migration 0007), is a fact of
 * its own recorded later: it moves to `payment_authorization_revocations`, one row per revoked
 * authorization (the primary key: revoked once), append-only too. The revocations recorded so far
 * are copied there and the two columns dropped, so the authorization row is written once, whole.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The evidence tables, append-only from this migration on. */
export const EVIDENCE_TABLES = [
  'payment_authorizations',
  'payment_authorization_revocations',
  'plan_changes',
  'disputes',
  'bankruptcies',
  'form_records',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('payment_authorization_revocations')
    .addColumn('authorization_id', 'integer', (c) =>
      c.primaryKey().references('payment_authorizations.id'),
    )
    .addColumn('revoked_at', 'text', (c) => c.notNull())
    /** The confirmation of the plan change that revoked it. */
    .addColumn('revoked_by', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into payment_authorization_revocations (authorization_id, revoked_at, revoked_by)
    select id, revoked_at, coalesce(revoked_by, '') from payment_authorizations
    where revoked_at is not null`.execute(db);
  await db.schema.alterTable('payment_authorizations').dropColumn('revoked_by').execute();
  await db.schema.alterTable('payment_authorizations').dropColumn('revoked_at').execute();

  if (postgres) {
    await sql`create function evidence_append_only() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', TG_TABLE_NAME;
      end
      $$`.execute(db);
  }
  for (const table of EVIDENCE_TABLES) {
    if (postgres) {
      await sql`create trigger ${sql.id(`${table}_no_change`)} before update or delete
        on ${sql.table(table)} for each row execute function evidence_append_only()`.execute(db);
      await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate
        on ${sql.table(table)} for each statement execute function evidence_append_only()`.execute(
        db,
      );
    } else {
      const refuse = sql.raw(`select raise(abort, '${table} is append-only')`);
      await sql`create trigger ${sql.id(`${table}_no_update`)} before update on ${sql.table(table)}
        begin ${refuse}; end`.execute(db);
      await sql`create trigger ${sql.id(`${table}_no_delete`)} before delete on ${sql.table(table)}
        begin ${refuse}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of EVIDENCE_TABLES) {
    const names = postgres ? ['no_change', 'no_truncate'] : ['no_update', 'no_delete'];
    for (const name of names) {
      const trigger = sql.id(`${table}_${name}`);
      if (postgres) await sql`drop trigger ${trigger} on ${sql.table(table)}`.execute(db);
      else await sql`drop trigger ${trigger}`.execute(db);
    }
  }
  if (postgres) await sql`drop function evidence_append_only()`.execute(db);
  await db.schema.alterTable('payment_authorizations').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('payment_authorizations').addColumn('revoked_by', 'text').execute();
  await sql`update payment_authorizations set revoked_at = r.revoked_at, revoked_by = r.revoked_by
    from payment_authorization_revocations r
    where r.authorization_id = payment_authorizations.id`.execute(db);
  await db.schema.dropTable('payment_authorization_revocations').execute();
}
