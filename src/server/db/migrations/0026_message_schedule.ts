/**
 * Scheduled messages and text receipts (issue 43; src/server/messages/outbox/schedule.ts):
 *
 * - `messages.delivery_status`, `delivery_error`, `delivered_at`: what the SMS provider's signed
 *   delivery receipt said of a text (`delivered`, `failed`, `undelivered` and the carrier's code),
 *   POST /api/messages/sms/status; null until a receipt comes (and for e-mail).
 * - `messages_debtor`: the reminders a debtor got in the last 7 days are counted per debtor (the
 *   client's cap, flows/clients `messages.remindersPer7Days`).
 * - `arrangement_payments_due`, `letter_options_due`: the scheduler finds the plan payments and
 *   letter offers whose reminder day has come by their day, not by reading every row.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('delivery_status', 'text').execute();
  await db.schema.alterTable('messages').addColumn('delivery_error', 'text').execute();
  await db.schema.alterTable('messages').addColumn('delivered_at', 'text').execute();
  await db.schema
    .createIndex('messages_debtor')
    .on('messages')
    .columns(['debtor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('arrangement_payments_due')
    .on('arrangement_payments')
    .columns(['pay_date', 'status'])
    .execute();
  await db.schema
    .createIndex('letter_options_due')
    .on('letter_options')
    .column('due_date')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('letter_options_due').execute();
  await db.schema.dropIndex('arrangement_payments_due').execute();
  await db.schema.dropIndex('messages_debtor').execute();
  await db.schema.alterTable('messages').dropColumn('delivered_at').execute();
  await db.schema.alterTable('messages').dropColumn('delivery_error').execute();
  await db.schema.alterTable('messages').dropColumn('delivery_status').execute();
}
