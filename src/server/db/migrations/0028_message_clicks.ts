/**
 * Messages' evidence and counts (issue 43, item 4; src/server/messages/clicks.ts and
 * src/server/studio/messages-*.ts).
 *
 * - `message_clicks`: one row per time a debtor opened a message's sign-in link
 *   (`/login?accountNumber=…&m=<message id>`; the link signs no one in, the debtor still proves
 *   who they are). `until_at` is the click's time plus 7 days: a payment by the message's debtor
 *   from `clicked_at` to `until_at` counts the message as "clicked through to a payment". At most
 *   a few rows per message are kept (clicks.ts).
 * - an index of `messages` by address and time sent, for the counts' "opted out after this
 *   message" (email_opt_outs is by address). A debtor's messages (My documents) use 0026's
 *   `messages_debtor` (debtor_id, created_at).
 *
 * Kysely types: src/server/messages/clicks-tables.ts.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_clicks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('clicked_at', 'text', (c) => c.notNull())
    .addColumn('until_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_clicks_message')
    .on('message_clicks')
    .columns(['message_id', 'clicked_at'])
    .execute();
  await db.schema
    .createIndex('messages_address_sent')
    .on('messages')
    .columns(['address', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_address_sent').execute();
  await db.schema.dropTable('message_clicks').execute();
}
