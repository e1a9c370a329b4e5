/**
 * Kysely types of the tables of migration 0021 (issue 43): the messages, the scheduler's lease and
 * cursor, e-mail consents and bounces, merged into `Database` (as events/tables.ts does). Same
 * conventions as db/types.ts; bigint columns are strings on PostgreSQL.
 */

export type MessageStatus = 'pending' | 'sent' | 'failed' | 'bounced' | 'outbox' | 'skipped';

/** Why a message was recorded and not sent. */
export type SkipReason =
  | 'noConsent'
  | 'noAddress'
  | 'hold'
  | 'optedOut'
  | 'bounced'
  | 'noRender'
  /** The client's cap of reminders per debtor per 7 days was reached (migration 0026). */
  | 'capped'
  /** A scheduled message whose payment or offer was paid, cancelled or ended before it went. */
  | 'notDue';

export interface MessagesTable {
  id: string;
  kind: string;
  source: string;
  event_cursor: number | string | null;
  channel: 'email' | 'sms';
  debtor_id: number | null;
  account_number: string | null;
  client_id: string | null;
  address: string | null;
  masked_address: string | null;
  language: 'en' | 'es';
  template_version: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  sms: string | null;
  status: MessageStatus;
  skip_reason: SkipReason | null;
  due_at: string;
  attempt_count: number;
  next_attempt_at: string | null;
  give_up_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  /** When a process took it from a lapsed lease: an attempt may have got through (0027). */
  in_doubt_at?: string | null;
  provider_id: string | null;
  error: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 0026: a text's delivery receipt (delivered | failed | undelivered), null before. */
  delivery_status?: string | null;
  /** The carrier's code of a failed delivery. */
  delivery_error?: string | null;
  delivered_at?: string | null;
}

export interface MessageSchedulerTable {
  name: string;
  event_cursor: number | string;
  lease_owner: string | null;
  lease_until: string | null;
}

export interface EmailConsentsTable {
  debtor_id: number;
  address: string;
  source: 'portal' | 'import';
  text_version: string | null;
  language: string | null;
  given_at: string;
}

export interface EmailBouncesTable {
  address: string;
  reply: string;
  created_at: string;
}

declare module '../../db/types' {
  interface Database {
    messages: MessagesTable;
    message_scheduler: MessageSchedulerTable;
    email_consents: EmailConsentsTable;
    email_bounces: EmailBouncesTable;
  }
}
