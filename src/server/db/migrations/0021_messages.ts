/**
 * Messages to debtors (issue 43; src/server/messages/outbox/): each message is recorded before it
 * is sent, exactly as rendered, and sent once per event, kind and channel.
 *
 * - `messages`: one row per message (`msg_` and 24 hex digits). Unique per (source, kind, channel),
 *   where the source is the event's id (or a schedule's key), so a second pass over the same event
 *   makes nothing. `status`: `pending` (due at `due_at`, retried at `next_attempt_at`), `sent`,
 *   `failed` (retries ran out), `bounced` (a permanent rejection), `outbox` (no sender configured:
 *   kept, shown in the studio), `skipped` (not sent, `skip_reason` says why: no consent, a hold,
 *   opted out, bounced). `address` is what the sender needs; evidence shows `masked_address`.
 *   `lease_owner`/`lease_until` are the claim of the process sending it now (as webhook_deliveries).
 * - `message_scheduler`: the one row whose lease makes one process the scheduler (it reads events
 *   after `event_cursor` and records the messages they make due).
 * - `email_consents`: an address the debtor gave with the portal's statement that it will be used
 *   to write about the debt (`text_version` of that statement, the language it was shown in), or
 *   imported with a consent flag (`source` = import).
 * - `email_bounces`: addresses a server refused for good (SMTP 5xx); nothing more is sent to them.
 *
 * Kysely types: src/server/messages/outbox/tables.ts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The event's id (`evt_…`), or a schedule's key. */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('event_cursor', 'bigint')
    /** email | sms */
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('debtor_id', 'integer')
    .addColumn('account_number', 'text')
    .addColumn('client_id', 'text')
    .addColumn('address', 'text')
    .addColumn('masked_address', 'text')
    /** en | es */
    .addColumn('language', 'text', (c) => c.notNull())
    /** The content version the words came from. */
    .addColumn('template_version', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('sms', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('give_up_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('provider_id', 'text')
    /** The last failure: an SMTP code and a short reply, never a body. */
    .addColumn('error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('messages_source_kind_channel', ['source', 'kind', 'channel'])
    .execute();
  await db.schema
    .createIndex('messages_due')
    .on('messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('messages_account')
    .on('messages')
    .columns(['account_number', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_scheduler')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('event_cursor', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  // Messages start with the events written from now on, not the history before this version.
  await sql`insert into message_scheduler (name, event_cursor)
    select 'events', value from event_cursors where name = 'events'`.execute(db);

  await db.schema
    .createTable('email_consents')
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    /** Lower-cased. */
    .addColumn('address', 'text', (c) => c.notNull())
    /** portal | import */
    .addColumn('source', 'text', (c) => c.notNull())
    /** The statement's version (flows/forms/communication-preferences.json `consent.version`). */
    .addColumn('text_version', 'text')
    .addColumn('language', 'text')
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_consents_pk', ['debtor_id', 'address'])
    .execute();

  await db.schema
    .createTable('email_bounces')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_bounces').execute();
  await db.schema.dropTable('email_consents').execute();
  await db.schema.dropTable('message_scheduler').execute();
  await db.schema.dropTable('messages').execute();
}
