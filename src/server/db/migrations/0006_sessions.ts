/**
 * Sessions ended on the server (issue 20): one row per signed-in session (sid = the refresh
 * token family), with when it started, when it was last used and when it must end at the latest.
 * A refresh is refused once the session has gone `idle` minutes without a call or has reached its
 * end (`ends_at`); access tokens never outlive `ends_at`. Sessions that started before this
 * migration have no row: their refresh is refused (their users sign in again).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_ends_at').on('sessions').column('ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
