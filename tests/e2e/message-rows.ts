/**
 * A sent message recorded in the e2e server's database as the outbox records one (the studio's
 * message screens and My documents need messages that a payment in another spec may not have
 * made yet): Grace Kim's first account, e-mail, status `sent`.
 */
import path from 'node:path';
import Database from 'better-sqlite3';

const dbPath = () => path.join(process.env.E2E_DATA_DIR ?? '', 'portal.db');

export interface SentMessage {
  id: string;
  kind?: string;
  language?: 'en' | 'es';
  subject: string;
  html: string;
  text: string;
  sms: string;
  /** The content version whose words it has (default 1). */
  templateVersion?: string;
  /** Taken over from a lapsed lease: recorded "in doubt" (a second attempt). */
  inDoubt?: boolean;
}

/** Grace Kim's first account, the one the recorded messages are about. */
export interface MessageOwner {
  debtorId: number;
  account: string;
  client: string | null;
}

function withDb<T>(act: (db: Database.Database) => T): T {
  const db = new Database(dbPath());
  try {
    return act(db);
  } finally {
    db.close();
  }
}

export function messageOwner(): MessageOwner {
  return withDb(
    (db) =>
      db
        .prepare(
          `select d.id as debtorId, a.account_number as account, a.client_id as client
           from debtors d join accounts a on a.debtor_id = d.id
           where d.last_name = 'Kim' order by a.account_number limit 1`,
        )
        .get() as MessageOwner,
  );
}

/** The content version in force (a message records the version whose words it has). */
export function publishedVersion(): number {
  return withDb(
    (db) => (db.prepare('select max(version) as v from content_versions').get() as { v: number }).v,
  );
}

/** Records the messages (replacing any of the same id); they are Grace Kim's. */
export function recordSentMessages(messages: readonly SentMessage[]): MessageOwner {
  const owner = messageOwner();
  const stamp = new Date().toISOString();
  withDb((db) => {
    for (const message of messages) {
      db.prepare('delete from messages where id = ?').run(message.id);
      db.prepare(
        `insert into messages (id, kind, source, event_cursor, channel, debtor_id, account_number,
           client_id, address, masked_address, language, template_version, subject, html, text,
           sms, status, skip_reason, due_at, attempt_count, next_attempt_at, give_up_at,
           lease_owner, lease_until, provider_id, error, sent_at, created_at, updated_at,
           in_doubt_at)
         values (?, ?, ?, null, 'email', ?, ?, ?, 'grace.kim@example.com', 'g•••@example.com', ?,
           ?, ?, ?, ?, ?, 'sent', null, ?, ?, null, ?, null, null, null, null, ?, ?, ?, ?)`,
      ).run(
        message.id,
        message.kind ?? 'payment-receipt',
        `e2e-${message.id}`,
        owner.debtorId,
        owner.account,
        owner.client,
        message.language ?? 'en',
        message.templateVersion ?? '1',
        message.subject,
        message.html,
        message.text,
        message.sms,
        stamp,
        message.inDoubt ? 2 : 1,
        stamp,
        stamp,
        stamp,
        stamp,
        message.inDoubt ? stamp : null,
      );
    }
  });
  return owner;
}

export function forgetMessages(ids: readonly string[]): void {
  withDb((db) => {
    for (const id of ids) db.prepare('delete from messages where id = ?').run(id);
  });
}
