/**
 * Messages in doubt (issue 43): `messages.in_doubt_at` is set when a process takes a message
 * whose lease lapsed (the process sending it was killed or stuck), at the time it took it. The
 * attempt before may have been accepted by the SMTP server before its outcome was written, so
 * the send that follows may be the second with the same Message-ID. Null for every other
 * message. Kysely types: src/server/messages/outbox/tables.ts.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('in_doubt_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('in_doubt_at').execute();
}
