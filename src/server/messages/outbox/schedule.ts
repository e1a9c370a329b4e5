/**
 * Scheduled messages (issue 43): the kinds of flows/messages/ whose trigger is a schedule are made
 * due from the account data, not from an event.
 *
 * - `planPaymentDate`: a reminder `daysBefore` days before each scheduled plan payment (status
 *   PostDate of an active, not cancelled plan of an open account). A payment paid, cancelled or
 *   moved has no such row, so no reminder; one added after its reminder day gets none (the debtor
 *   just set it up).
 * - `letterOfferExpiry`: `daysBefore` days before a settlement letter's offer ends (its options'
 *   due date), with the best option's amount and savings, for an open account with a balance and
 *   no letter plan yet; one message per letter and end day.
 *
 * `daysBefore` is the kind's, or the client's own (`clients.<code>.daysBefore` of the kind's file).
 * The day is the agency's calendar day; the hour the message goes is the debtor's contact hours
 * (hours.ts), so a reminder made before 08:00 their time is held until then.
 *
 * Only the scheduler (the holder of the one lease, scheduler.ts) writes, and each message is
 * keyed by its source (`plan-payment:<arrangement id>:<day>`, `letter-offer:<letter id>:<day>`),
 * kind and channel (a unique constraint): a second pass, or a second process, makes nothing more.
 * A pass that finds nothing new only reads. Passes run every MESSAGE_SCHEDULE_SECONDS (60 s) and
 * whenever the agency's day changes.
 */
import { addDays, calendarDay } from '../../dates';
import type { Db } from '../../db/types';
import type { MessageKindFile } from '../types';
import { messagesOfSubject, type BuildSettings, type MessageSubject } from './build';
import { takeSchedulerLease } from './scheduler';
import type { MessagesTable, SkipReason } from './tables';
import { methodWords } from './values';

type On = 'planPaymentDate' | 'letterOfferExpiry';

/** Subjects recorded per transaction. */
const SUBJECT_BATCH = 100;

interface ScheduledKind {
  kind: string;
  file: MessageKindFile;
  on: On;
  daysBefore: (client: string) => number;
  maxDays: number;
}

/** The scheduled kinds of a config (planPaymentDate and letterOfferExpiry). */
export function scheduledKinds(config: BuildSettings['config']): ScheduledKind[] {
  const kinds: ScheduledKind[] = [];
  for (const [kind, raw] of Object.entries(config.messages ?? {})) {
    const file = raw as Partial<MessageKindFile>;
    if (file.kind !== 'message' || !file.trigger || !('schedule' in file.trigger)) continue;
    const { on, daysBefore } = file.trigger.schedule;
    if (on !== 'planPaymentDate' && on !== 'letterOfferExpiry') continue;
    const clients = file.clients ?? {};
    const own = (client: string) =>
      Object.hasOwn(clients, client) ? clients[client]?.daysBefore : undefined;
    const days = Object.values(clients).map((c) => c.daysBefore ?? daysBefore);
    kinds.push({
      kind,
      file: file as MessageKindFile,
      on,
      daysBefore: (client) => own(client) ?? daysBefore,
      maxDays: Math.max(daysBefore, ...days),
    });
  }
  return kinds;
}

/** The agency's day of a stored time: a day as is, an ISO instant in the agency's zone. */
const dayOf = (value: string, timeZone: string): string =>
  value.length <= 10 ? value : calendarDay(new Date(value), timeZone);

interface Candidate {
  subject: MessageSubject;
}

/** The plan payments whose reminder day has come (and not passed the payment). */
async function planPaymentSubjects(
  db: Db,
  kinds: ScheduledKind[],
  today: string,
  timeZone: string,
): Promise<Candidate[]> {
  if (kinds.length === 0) return [];
  const until = addDays(today, Math.max(...kinds.map((k) => k.maxDays)));
  const rows = await db
    .selectFrom('arrangement_payments as p')
    .innerJoin('arrangements as a', 'a.id', 'p.arrangement_id')
    .innerJoin('accounts as c', 'c.id', 'a.account_id')
    .leftJoin('funding_methods as f', 'f.id', 'p.funding_id')
    .select([
      'p.arrangement_id',
      'p.pay_date',
      'p.amount_cents',
      'p.paid_with',
      'p.created',
      'c.account_number',
      'c.client_id',
      'f.brand',
      'f.last4',
    ])
    .where('p.pay_date', '>=', today)
    .where('p.pay_date', '<=', until)
    .where('p.status', '=', 'PostDate')
    .where('a.active', '=', 1)
    .where('a.cancelled_at', 'is', null)
    .where('c.is_closed', '=', 0)
    .execute();
  const out: Candidate[] = [];
  for (const row of rows) {
    const client = row.client_id ?? 'default';
    const due = kinds.filter((k) => {
      const n = k.daysBefore(client);
      const remindOn = addDays(row.pay_date, -n);
      if (row.pay_date === today && n > 0) return false;
      return remindOn <= today && dayOf(row.created, timeZone) <= remindOn;
    });
    if (due.length === 0) continue;
    const method = row.last4 ? methodWords({ brand: row.brand, last4: row.last4 }) : undefined;
    out.push({
      subject: {
        source: `plan-payment:${row.arrangement_id}:${row.pay_date}`,
        eventCursor: null,
        type: 'schedule.planPaymentDate',
        at: `${today}T12:00:00.000Z`,
        accountNumber: row.account_number,
        data: {
          amountCents: Number(row.amount_cents),
          payDate: row.pay_date,
          methodText: row.paid_with ?? method ?? null,
        },
        kinds: due.map((k) => [k.kind, k.file]),
        reminder: true,
      },
    });
  }
  return out;
}

/** The letters whose offer ends within the reminder's days (one subject per letter and day). */
async function letterOfferSubjects(
  db: Db,
  kinds: ScheduledKind[],
  today: string,
): Promise<Candidate[]> {
  if (kinds.length === 0) return [];
  const until = addDays(today, Math.max(...kinds.map((k) => k.maxDays)));
  const rows = await db
    .selectFrom('letter_options as o')
    .innerJoin('letters as l', 'l.letter_id', 'o.letter_id')
    .innerJoin('accounts as c', 'c.id', 'l.account_id')
    .select([
      'l.letter_id',
      'l.request_date',
      'l.principal_balance_cents',
      'o.due_date',
      'o.settlement_amount_cents',
      'c.account_number',
      'c.client_id',
    ])
    .where('o.due_date', '>=', today)
    .where('o.due_date', '<=', until)
    .where('c.is_closed', '=', 0)
    .where('c.balance_cents', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('arrangements as a')
            .select('a.id')
            .whereRef('a.account_id', '=', 'c.id')
            .where('a.type', '=', 'LET')
            .where('a.active', '=', 1),
        ),
      ),
    )
    .execute();
  const best = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.letter_id}:${row.due_date}`;
    const seen = best.get(key);
    if (!seen || Number(row.settlement_amount_cents) < Number(seen.settlement_amount_cents))
      best.set(key, row);
  }
  const out: Candidate[] = [];
  for (const [key, row] of best) {
    const client = row.client_id ?? 'default';
    const due = kinds.filter((k) => {
      const remindOn = addDays(row.due_date, -k.daysBefore(client));
      return remindOn <= today && row.request_date <= remindOn;
    });
    if (due.length === 0) continue;
    const amount = Number(row.settlement_amount_cents);
    out.push({
      subject: {
        source: `letter-offer:${key}`,
        eventCursor: null,
        type: 'schedule.letterOfferExpiry',
        at: `${today}T12:00:00.000Z`,
        accountNumber: row.account_number,
        data: {
          amountCents: amount,
          savingsCents: Math.max(0, Number(row.principal_balance_cents) - amount),
          expiresOn: row.due_date,
        },
        kinds: due.map((k) => [k.kind, k.file]),
        reminder: true,
      },
    });
  }
  return out;
}

/** The subjects' kinds that have no message yet (a read: an idle pass writes nothing). */
async function withoutMessages(db: Db, candidates: Candidate[]): Promise<MessageSubject[]> {
  const out: MessageSubject[] = [];
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const made = await db
      .selectFrom('messages')
      .select(['source', 'kind'])
      .where(
        'source',
        'in',
        chunk.map((c) => c.subject.source),
      )
      .execute();
    const have = new Set(made.map((m) => `${m.source}\u0000${m.kind}`));
    for (const { subject } of chunk) {
      const kinds = subject.kinds.filter(([kind]) => !have.has(`${subject.source}\u0000${kind}`));
      if (kinds.length > 0) out.push({ ...subject, kinds });
    }
  }
  return out;
}

/** The scheduled subjects due now without their messages. */
export async function dueReminders(db: Db, settings: BuildSettings): Promise<MessageSubject[]> {
  const kinds = scheduledKinds(settings.config);
  if (kinds.length === 0) return [];
  const today = calendarDay(settings.now, settings.timeZone);
  const candidates = [
    ...(await planPaymentSubjects(
      db,
      kinds.filter((k) => k.on === 'planPaymentDate'),
      today,
      settings.timeZone,
    )),
    ...(await letterOfferSubjects(
      db,
      kinds.filter((k) => k.on === 'letterOfferExpiry'),
      today,
    )),
  ];
  return candidates.length === 0 ? [] : withoutMessages(db, candidates);
}

/**
 * Records the messages of the scheduled subjects due now, if `owner` holds (or takes) the
 * scheduler's lease; answers how many messages were recorded.
 */
export async function scheduleReminders(
  db: Db,
  owner: string,
  settings: BuildSettings,
  leaseMs: number,
): Promise<number> {
  const subjects = await dueReminders(db, settings);
  if (subjects.length === 0) return 0;
  if (!(await takeSchedulerLease(db, owner, settings.now, leaseMs))) return 0;
  let made = 0;
  for (let i = 0; i < subjects.length; i += SUBJECT_BATCH) {
    const batch = subjects.slice(i, i + SUBJECT_BATCH);
    const count = await db.transaction().execute(async (trx) => {
      // Still the scheduler (the lease is ours and has not run out): else write nothing.
      const fence = await trx
        .updateTable('message_scheduler')
        .set({ lease_owner: owner })
        .where('name', '=', 'events')
        .where('lease_owner', '=', owner)
        .where('lease_until', '>', settings.now.toISOString())
        .executeTakeFirst();
      if (Number(fence.numUpdatedRows) !== 1) return -1;
      let rows = 0;
      for (const subject of batch) {
        const messages = await messagesOfSubject(trx, subject, settings);
        if (messages.length === 0) continue;
        const result = await trx
          .insertInto('messages')
          .values(messages)
          .onConflict((oc) => oc.columns(['source', 'kind', 'channel']).doNothing())
          .executeTakeFirst();
        rows += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return rows;
    });
    if (count < 0) break;
    made += count;
  }
  return made;
}

/** Runs scheduleReminders at most every `everyMs` (of the server's clock) and on a new day. */
export class ReminderSchedule {
  private last = Number.NEGATIVE_INFINITY;
  private day = '';

  constructor(private readonly everyMs: number) {}

  async run(db: Db, owner: string, settings: BuildSettings, leaseMs: number): Promise<number> {
    const now = settings.now.getTime();
    const day = calendarDay(settings.now, settings.timeZone);
    if (day === this.day && now >= this.last && now - this.last < this.everyMs) return 0;
    this.last = now;
    this.day = day;
    return scheduleReminders(db, owner, settings, leaseMs);
  }
}

/**
 * Why a scheduled message made earlier may no longer go (checked again before it is sent): its
 * plan payment is no longer a scheduled one (paid, cancelled, moved) or its offer is gone; null
 * for one still due and for every message an event made.
 */
export async function scheduleRefusal(db: Db, row: MessagesTable): Promise<SkipReason | null> {
  const [what, id, day] = row.source.split(':');
  if (what === 'plan-payment' && id && day) {
    const payment = await db
      .selectFrom('arrangement_payments as p')
      .innerJoin('arrangements as a', 'a.id', 'p.arrangement_id')
      .select('p.id')
      .where('p.arrangement_id', '=', Number(id))
      .where('p.pay_date', '=', day)
      .where('p.status', '=', 'PostDate')
      .where('a.active', '=', 1)
      .where('a.cancelled_at', 'is', null)
      .executeTakeFirst();
    return payment ? null : 'notDue';
  }
  if (what === 'letter-offer' && id && day) {
    const option = await db
      .selectFrom('letter_options')
      .select('id')
      .where('letter_id', '=', Number(id))
      .where('due_date', '=', day)
      .executeTakeFirst();
    return option ? null : 'notDue';
  }
  return null;
}
