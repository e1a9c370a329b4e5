/**
 * The studio's reads of the messages to debtors (issue 43, item 4): the outbox (a page of messages
 * by status, account and kind), one message's evidence as it was recorded before it was sent, and
 * the counts per kind and client. Read-only: the outbox's writes are messages/outbox/'s.
 */
import { sql } from 'kysely';
import type { StudioMessageCounts } from '@/generated/types/api/studio-message-counts';
import type { KindTitle, MessageSummary } from '@/generated/types/api/studio-message-list';
import type { StudioMessagesQuery } from '@/generated/types/api/studio-messages-query';
import type { PortalConfig } from '../config';
import type { Db } from '../db/types';
import '../messages/clicks-tables';
import type { MessagesTable } from '../messages/outbox/tables';

/** The kind's title in a config (the content served now); null for a kind not in it. */
export function kindTitle(config: PortalConfig, kind: string): KindTitle {
  const messages = config.messages ?? {};
  const file = Object.hasOwn(messages, kind)
    ? (messages[kind] as { kind?: unknown; title?: { en?: unknown; es?: unknown } })
    : undefined;
  const title = file?.kind === 'message' ? file.title : undefined;
  return typeof title?.en === 'string' && typeof title.es === 'string'
    ? { en: title.en, es: title.es }
    : null;
}

type SummaryRow = Pick<
  MessagesTable,
  | 'id'
  | 'kind'
  | 'channel'
  | 'status'
  | 'skip_reason'
  | 'account_number'
  | 'client_id'
  | 'masked_address'
  | 'language'
  | 'template_version'
  | 'subject'
  | 'created_at'
  | 'sent_at'
  | 'in_doubt_at'
>;

const SUMMARY = [
  'id',
  'kind',
  'channel',
  'status',
  'skip_reason',
  'account_number',
  'client_id',
  'masked_address',
  'language',
  'template_version',
  'subject',
  'created_at',
  'sent_at',
  'in_doubt_at',
] as const;

export function summaryOfMessage(config: PortalConfig, row: SummaryRow): MessageSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: kindTitle(config, row.kind),
    channel: row.channel,
    status: row.status,
    skipReason: row.skip_reason,
    accountNumber: row.account_number,
    clientCode: row.client_id,
    maskedAddress: row.masked_address,
    language: row.language,
    templateVersion: row.template_version,
    subject: row.subject,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    inDoubtAt: row.in_doubt_at ?? null,
  };
}

/** A page of messages, newest first, and the id that starts the next (older) page. */
export async function listMessages(
  db: Db,
  config: PortalConfig,
  filter: StudioMessagesQuery & { limit: number },
): Promise<{ messages: MessageSummary[]; next: string | null }> {
  let query = db.selectFrom('messages').select(SUMMARY);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.account !== undefined) query = query.where('account_number', '=', filter.account);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.before !== undefined) {
    const from = await db
      .selectFrom('messages')
      .select(['created_at', 'id'])
      .where('id', '=', filter.before)
      .executeTakeFirst();
    // An id that names no message starts no page.
    if (!from) return { messages: [], next: null };
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', from.created_at),
        eb.and([eb('created_at', '=', from.created_at), eb('id', '<', from.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const messages = rows.slice(0, filter.limit).map((row) => summaryOfMessage(config, row));
  return { messages, next: rows.length > filter.limit ? (messages.at(-1)?.id ?? null) : null };
}

/** One message as recorded, with the times its link was opened; undefined when there is none. */
export async function messageRecord(db: Db, id: string) {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const clicks = await db
    .selectFrom('message_clicks')
    .select('clicked_at')
    .where('message_id', '=', id)
    .orderBy('clicked_at')
    .execute();
  return { row, clicks: clicks.map((c) => c.clicked_at) };
}

type CountRow = StudioMessageCounts['rows'][number];
const key = (kind: string, client: string | null) => `${kind}\u0000${client ?? ''}`;

/**
 * Counts per kind and client of the messages made from `start` (inclusive) to `end` (exclusive),
 * instants as the messages' stamps are written.
 */
export async function countMessages(
  db: Db,
  config: PortalConfig,
  start: string,
  end: string,
): Promise<CountRow[]> {
  const made = db
    .selectFrom('messages as m')
    .where('m.created_at', '>=', start)
    .where('m.created_at', '<', end);
  const byStatus = await made
    .select(['m.kind', 'm.client_id', 'm.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['m.kind', 'm.client_id', 'm.status'])
    .execute();
  // Opted out after this message: the address's opt-out came after it was sent, and no other
  // message was sent to the address between the two (the last message before the opt-out).
  const optedOut = await made
    .innerJoin('email_opt_outs as o', 'o.email', 'm.address')
    .where('m.sent_at', 'is not', null)
    .whereRef('o.created_at', '>=', 'm.sent_at')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as n')
            .select('n.id')
            .whereRef('n.address', '=', 'm.address')
            .whereRef('n.sent_at', '>', 'm.sent_at')
            .whereRef('n.sent_at', '<=', 'o.created_at'),
        ),
      ),
    )
    .select(['m.kind', 'm.client_id', sql<string>`count(distinct m.id)`.as('n')])
    .groupBy(['m.kind', 'm.client_id'])
    .execute();
  // Clicked through to a payment: the message's link was opened, and a payment of the message's
  // debtor (on any of their accounts) succeeded within 7 days after that click.
  const clicked = await made
    .innerJoin('message_clicks as c', 'c.message_id', 'm.id')
    .innerJoin('accounts as a', 'a.debtor_id', 'm.debtor_id')
    .innerJoin('events as e', 'e.account_number', 'a.account_number')
    .where('e.type', '=', 'payment.succeeded')
    .whereRef('e.created_at', '>=', 'c.clicked_at')
    .whereRef('e.created_at', '<=', 'c.until_at')
    .select(['m.kind', 'm.client_id', sql<string>`count(distinct m.id)`.as('n')])
    .groupBy(['m.kind', 'm.client_id'])
    .execute();

  const rows = new Map<string, CountRow>();
  const rowOf = (kind: string, client: string | null): CountRow => {
    const found = rows.get(key(kind, client));
    if (found) return found;
    const row: CountRow = {
      kind,
      title: kindTitle(config, kind),
      clientCode: client,
      made: 0,
      sent: 0,
      delivered: 0,
      bounced: 0,
      skipped: 0,
      optedOut: 0,
      clickedToPayment: 0,
    };
    rows.set(key(kind, client), row);
    return row;
  };
  for (const r of byStatus) {
    const row = rowOf(r.kind, r.client_id);
    const n = Number(r.n);
    row.made += n;
    if (r.status === 'sent') row.delivered += n;
    if (r.status === 'sent' || r.status === 'bounced') row.sent += n;
    if (r.status === 'bounced') row.bounced += n;
    if (r.status === 'skipped') row.skipped += n;
  }
  for (const r of optedOut) rowOf(r.kind, r.client_id).optedOut += Number(r.n);
  for (const r of clicked) rowOf(r.kind, r.client_id).clickedToPayment += Number(r.n);
  return [...rows.values()].sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) || (a.clientCode ?? '').localeCompare(b.clientCode ?? ''),
  );
}
