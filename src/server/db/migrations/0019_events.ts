/**
 * Events out to the agency (issue 42, item 1; src/server/events/): every change a debtor or staff
 * member makes is written as a row of `events` in the same transaction as the change (a
 * transactional outbox), and `agency_keys` holds the API keys that read them
 * (GET /api/agency/v1/events).
 *
 * The cursor is the primary key, taken from the one row of `event_cursors` by an UPDATE … + n in
 * the writing transaction (src/server/events/record.ts). The row lock that UPDATE takes is held to
 * the commit, so a transaction holding cursor c commits (or rolls back, and its numbers with it)
 * before any other transaction can take c + 1: cursors commit in order and without gaps, and a
 * reader that has seen c has seen everything below it. A sequence would not do: its values are
 * handed out at once and may commit in any order. `events` is append-only like the evidence tables
 * (migration 0017). Kysely types: src/server/events/tables.ts.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('event_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('event_cursors' as never)
    .values({ name: 'events', value: 0 } as never)
    .execute();
  await db.schema
    .createTable('events')
    .addColumn('cursor', 'bigint', (c) => c.primaryKey())
    /** `evt_` and 24 hex digits: what a receiver dedupes by. */
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('account_number', 'text')
    .addColumn('debtor_key', 'text')
    /** JSON: the data of the type (schemas/events/<type>.schema.json). */
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_type').on('events').columns(['type', 'cursor']).execute();
  await db.schema
    .createIndex('events_client')
    .on('events')
    .columns(['client_id', 'cursor'])
    .execute();

  const keys = db.schema.createTable('agency_keys');
  await (
    postgres
      ? keys.addColumn('id', 'serial', (c) => c.primaryKey())
      : keys.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('name', 'text', (c) => c.notNull())
    /** The one client whose events the key reads; null for every client. */
    .addColumn('client_id', 'text')
    /** SHA-256 (hex) of the whole key; the key itself is shown once and never stored. */
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    /** The key's first characters, to tell keys apart in a list. */
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  if (postgres) {
    await sql`create trigger events_no_change before update or delete on events
      for each row execute function evidence_append_only()`.execute(db);
    await sql`create trigger events_no_truncate before truncate on events
      for each statement execute function evidence_append_only()`.execute(db);
  } else {
    for (const [name, when] of [
      ['events_no_update', 'update'],
      ['events_no_delete', 'delete'],
    ] as const) {
      await sql`create trigger ${sql.id(name)} before ${sql.raw(when)} on events
        begin select raise(abort, 'events is append-only'); end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agency_keys').execute();
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('event_cursors').execute();
}
