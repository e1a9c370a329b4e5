/**
 * The messages an event makes (issue 43): for every kind of flows/messages/ whose trigger names the
 * event's type, one row per channel, rendered in the debtor's language from the content version
 * served now, with the checks the law asks made first. A message that may not be sent is recorded
 * all the same, as `skipped` with its reason (evidence of why nothing went out):
 *   - hold: the account has a hold from the system of record (cease communication, attorney,
 *     bankruptcy, deceased); each stops every message (fail closed);
 *   - noAddress / optedOut / bounced: no address, the debtor turned e-mail off or the address opted
 *     out (email_opt_outs), or a server refused it for good (email_bounces);
 *   - noConsent: the address was not given with the portal's statement (email_consents);
 *   - noRender: the kind cannot be filled from the event (a value it needs is missing);
 *   - capped: a reminder (a scheduled kind, schedule.ts) beyond the client's cap per debtor per 7
 *     days (flows/clients `messages.remindersPer7Days`).
 * Texts (SMS) are rows of channel `sms` to the first of the debtor's numbers with recorded text
 * consent and no stop since (../sms/consent.ts): without one, `noConsent` (`optedOut` when a reply
 * stopped it or the debtor turned texts off). The same rows serve a schedule's messages (a plan
 * payment's reminder, an offer's end: schedule.ts), whose source is the payment or offer.
 */
import type { Kysely, Transaction } from 'kysely';
import { test } from '@/engine/rules/json-logic';
import type { PortalConfig } from '../../config';
import type { Database, Db } from '../../db/types';
import type { EventsTable } from '../../events/tables';
import { randomHex } from '../../random-hex';
import { MessageRenderError, renderMessage } from '../render';
import { toE164 } from '../sms/consent';
import { textsAllowed } from '../sms/provider';
import type { MessageKindFile } from '../types';
import { overCap } from './caps';
import { dueTime, type ContactPlace } from './hours';
import type { MessagesTable, SkipReason } from './tables';
import { maskAddress, unsubscribeToken } from './tokens';
import { messageValues } from './values';

type Trx = Transaction<Database> | Kysely<Database>;

export interface BuildSettings {
  config: PortalConfig;
  /** The content version the words come from. */
  version: number;
  /** The portal's origin for links (`https://pay.example.com`). */
  portalUrl: string;
  unsubscribeKey: Buffer;
  /** false: no sender is configured, messages stay in the outbox. */
  sending: boolean;
  /** Texts: false (or absent) when no SMS provider is configured, texts stay in the outbox. */
  smsSending?: boolean;
  timeZone: string;
  now: Date;
}

/** Retries end this long after a message was made: it then fails. */
export const MESSAGE_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** The kinds whose trigger is this event type and whose `when` (if any) holds for its data. */
export function kindsFor(
  config: PortalConfig,
  type: string,
  data: unknown,
): [string, MessageKindFile][] {
  return Object.entries(config.messages ?? {}).filter(
    (entry): entry is [string, MessageKindFile] => {
      const file = entry[1] as Partial<MessageKindFile>;
      if (file.kind !== 'message' || !file.trigger || !('events' in file.trigger)) return false;
      if (!file.trigger.events.includes(type)) return false;
      return file.trigger.when === undefined || test(file.trigger.when, data);
    },
  );
}

/** An event's data column as JSON (the text the column holds; null if it is not JSON). */
function parseData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

export const newMessageId = (): string => `msg_${randomHex(12)}`;

/** The unsubscribe address of a message. */
export function unsubscribeUrl(portalUrl: string, key: Buffer, messageId: string): string {
  const url = new URL('/unsubscribe', portalUrl);
  url.search = new URLSearchParams({ token: unsubscribeToken(key, messageId) }).toString();
  return url.toString();
}

/** Why an e-mail to `address` for this debtor and account may not go out now; null when it may. */
export async function emailRefusal(
  db: Trx,
  debtor: { id: number; allow_email: number; pref_email: number },
  holds: string,
  address: string | null,
): Promise<SkipReason | null> {
  if (holds.trim() !== '') return 'hold';
  if (!address) return 'noAddress';
  if (!Number(debtor.allow_email) || !Number(debtor.pref_email)) return 'optedOut';
  const optedOut = await db
    .selectFrom('email_opt_outs')
    .select('email')
    .where('email', '=', address)
    .executeTakeFirst();
  if (optedOut) return 'optedOut';
  const bounced = await db
    .selectFrom('email_bounces')
    .select('address')
    .where('address', '=', address)
    .executeTakeFirst();
  if (bounced) return 'bounced';
  const consent = await db
    .selectFrom('email_consents')
    .select('given_at')
    .where('debtor_id', '=', debtor.id)
    .where('address', '=', address)
    .executeTakeFirst();
  return consent ? null : 'noConsent';
}

/** The debtor's language: the one a payment was agreed in, else the one consent was given in. */
async function languageOf(
  db: Trx,
  debtorId: number,
  accountId: number,
  confirmation: unknown,
): Promise<'en' | 'es'> {
  const pick = (value: string | null | undefined) => (value === 'es' ? 'es' : 'en');
  if (typeof confirmation === 'string') {
    const agreed = await db
      .selectFrom('payment_authorizations')
      .select('language')
      .where('account_id', '=', accountId)
      .where('confirmation', '=', confirmation)
      .executeTakeFirst();
    if (agreed) return pick(agreed.language);
  }
  const consent = await db
    .selectFrom('email_consents')
    .select('language')
    .where('debtor_id', '=', debtorId)
    .orderBy('given_at', 'desc')
    .executeTakeFirst();
  if (consent?.language) return pick(consent.language);
  const text = await db
    .selectFrom('sms_consents')
    .select('statement_language')
    .where('debtor_id', '=', debtorId)
    .where('withdrawn_at', 'is', null)
    .orderBy('consented_at', 'desc')
    .executeTakeFirst();
  return pick(text?.statement_language);
}

/** What a message is about: an event of the log, or a schedule's payment or offer (schedule.ts). */
export interface MessageSubject {
  /** The event's id, or the schedule's key (`plan-payment:<arrangement>:<day>`). */
  source: string;
  eventCursor: number | string | null;
  /** The event's type (a schedule's: `schedule.<on>`): some values depend on it. */
  type: string;
  /** When it happened (ISO): the `date` of a message whose data names no day. */
  at: string;
  accountNumber: string;
  data: Record<string, unknown>;
  kinds: [string, MessageKindFile][];
  /** A reminder (a scheduled kind): counted against the client's cap. */
  reminder: boolean;
}

/** Why a text to this debtor may not go, or the E.164 number it goes to. */
export async function smsTarget(
  db: Trx,
  debtor: { id: number; allow_sms: number; pref_sms: number },
  holds: string,
): Promise<{ refusal: SkipReason } | { phone: string }> {
  if (holds.trim() !== '') return { refusal: 'hold' };
  if (!Number(debtor.allow_sms) || !Number(debtor.pref_sms)) return { refusal: 'optedOut' };
  const phones = await db
    .selectFrom('debtor_phones')
    .select('phone_number')
    .where('debtor_id', '=', debtor.id)
    .orderBy('id')
    .execute();
  let stopped = false;
  for (const { phone_number: number } of phones) {
    const phone = toE164(number);
    if (!phone) continue;
    if (await textsAllowed(db as Db, debtor.id, phone)) return { phone };
    const stop = await db
      .selectFrom('sms_stops')
      .select('phone_e164')
      .where('phone_e164', '=', phone)
      .executeTakeFirst();
    if (stop) stopped = true;
  }
  return { refusal: stopped ? 'optedOut' : 'noConsent' };
}

/** The message rows of one event (none when no kind is triggered by it or it has no account). */
export async function messagesOfEvent(
  db: Trx,
  event: EventsTable,
  settings: BuildSettings,
): Promise<MessagesTable[]> {
  const kinds = kindsFor(settings.config, event.type, parseData(event.data));
  if (kinds.length === 0 || !event.account_number) return [];
  return messagesOfSubject(
    db,
    {
      source: event.id,
      eventCursor: event.cursor,
      type: event.type,
      at: event.created_at,
      accountNumber: event.account_number,
      data: JSON.parse(event.data) as Record<string, unknown>,
      kinds,
      reminder: false,
    },
    settings,
  );
}

/** The message rows of a subject: one per kind and channel the client's kind has. */
export async function messagesOfSubject(
  db: Trx,
  subject: MessageSubject,
  settings: BuildSettings,
): Promise<MessagesTable[]> {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
    .select([
      'accounts.id as accountId',
      'accounts.client_id',
      'accounts.holds',
      'accounts.creditor_name',
      'accounts.balance_cents',
      'debtors.id as debtorId',
      'debtors.first_name',
      'debtors.last_name',
      'debtors.email',
      'debtors.allow_email',
      'debtors.pref_email',
      'debtors.allow_sms',
      'debtors.pref_sms',
      'debtors.state',
      'debtors.zip',
    ])
    .where('accounts.account_number', '=', subject.accountNumber)
    .executeTakeFirst();
  if (!row) return [];
  const { data } = subject;
  const language = await languageOf(db, row.debtorId, row.accountId, data.confirmation);
  const address = row.email?.trim().toLowerCase() || null;
  const debtor = {
    id: row.debtorId,
    allow_email: row.allow_email,
    pref_email: row.pref_email,
    allow_sms: row.allow_sms,
    pref_sms: row.pref_sms,
  };
  const client = row.client_id ?? 'default';
  const capped =
    subject.reminder && (await overCap(db, settings, row.debtorId, client, subject.source));
  const emailRefused = capped ? 'capped' : await emailRefusal(db, debtor, row.holds, address);
  const sms = capped ? { refusal: 'capped' as const } : await smsTarget(db, debtor, row.holds);
  const phones = await db
    .selectFrom('debtor_phones')
    .select('phone_number')
    .where('debtor_id', '=', row.debtorId)
    .execute();
  const place: ContactPlace = {
    zip: row.zip,
    state: row.state,
    phones: phones.map((p) => p.phone_number),
  };
  const stamp = settings.now.toISOString();
  const values = messageValues({
    eventType: subject.type,
    eventAt: subject.at,
    data,
    accountNumber: subject.accountNumber,
    firstName: row.first_name,
    lastName: row.last_name,
    creditor: row.creditor_name,
    balanceCents: Number(row.balance_cents),
    language,
    timeZone: settings.timeZone,
  });
  const rows: MessagesTable[] = [];
  for (const [kind, file] of subject.kinds) {
    const own = file.clients && Object.hasOwn(file.clients, client) ? file.clients[client] : {};
    const channels = own?.channels ?? file.channels;
    const emailId = newMessageId();
    const base = (channel: 'email' | 'sms'): MessagesTable => {
      const to = channel === 'email' ? address : 'phone' in sms ? sms.phone : null;
      return {
        id: channel === 'email' ? emailId : newMessageId(),
        kind,
        source: subject.source,
        event_cursor: subject.eventCursor,
        channel,
        debtor_id: row.debtorId,
        account_number: subject.accountNumber,
        client_id: row.client_id,
        address: to,
        masked_address: to ? maskAddress(to) : null,
        language,
        template_version: String(settings.version),
        subject: null,
        html: null,
        text: null,
        sms: null,
        status: 'skipped',
        skip_reason: channel === 'email' ? emailRefused : 'refusal' in sms ? sms.refusal : null,
        due_at: stamp,
        attempt_count: 0,
        next_attempt_at: null,
        give_up_at: new Date(settings.now.getTime() + MESSAGE_RETRY_WINDOW_MS).toISOString(),
        lease_owner: null,
        lease_until: null,
        provider_id: null,
        error: null,
        sent_at: null,
        created_at: stamp,
        updated_at: stamp,
      };
    };
    const wanted = (['email', 'sms'] as const).filter((c) => channels.includes(c));
    const made = wanted.map(base);
    const open = made.filter((r) => r.skip_reason === null);
    rows.push(...made.filter((r) => r.skip_reason !== null));
    if (open.length === 0) continue;
    try {
      const rendered = await renderMessage(settings.config, {
        kind,
        language,
        client,
        values,
        links: {
          portal: settings.portalUrl,
          unsubscribe: unsubscribeUrl(settings.portalUrl, settings.unsubscribeKey, emailId),
          // The sign-in link's reference (click-through counts): the e-mail's id, also in its text.
          reference: emailId,
        },
      });
      // A receipt for a payment the debtor just made goes now; the rest within contact hours.
      const due = dueTime(settings.now, place, kind === 'payment-receipt').toISOString();
      for (const message of open) {
        const sending = message.channel === 'email' ? settings.sending : !!settings.smsSending;
        rows.push({
          ...message,
          ...(message.channel === 'email'
            ? { subject: rendered.subject, html: rendered.html, text: rendered.text }
            : {}),
          sms: rendered.sms,
          status: sending ? 'pending' : 'outbox',
          skip_reason: null,
          due_at: due,
          next_attempt_at: sending ? due : null,
        });
      }
    } catch (error) {
      if (!(error instanceof MessageRenderError)) throw error;
      for (const message of open)
        rows.push({ ...message, skip_reason: 'noRender', error: error.message.slice(0, 200) });
    }
  }
  return rows;
}
