/**
 * The message scheduler (issue 43): one process at a time, by the lease on the one row of
 * `message_scheduler`, reads the events after its cursor (up to the feed's committed cursor:
 * cursors commit in order without gaps, events/record.ts) and records the messages they make due
 * (build.ts). The rows and the cursor's move are one transaction whose cursor update names the
 * cursor it read and the lease it holds: a process whose lease ran out, or that raced another,
 * writes nothing. The unique (source, kind, channel) makes a second recording of an event a no-op
 * besides (a message per event, kind and channel, whatever happens).
 */
import type { Db } from '../../db/types';
import { messagesOfEvent, type BuildSettings } from './build';

/** Events read per pass (a long backlog takes several passes). */
export const SCHEDULE_BATCH = 200;

/**
 * Whether events wait after the scheduler's cursor: two reads, so an idle pass writes nothing (on
 * SQLite a write per pass would be an fsync a second, and would wait out another process's write
 * lock on the event loop).
 */
export async function eventsWaiting(db: Db): Promise<boolean> {
  const [state, counter] = await Promise.all([
    db
      .selectFrom('message_scheduler')
      .select('event_cursor')
      .where('name', '=', 'events')
      .executeTakeFirst(),
    db.selectFrom('event_cursors').select('value').where('name', '=', 'events').executeTakeFirst(),
  ]);
  return Number(counter?.value ?? 0) > Number(state?.event_cursor ?? 0);
}

/** Takes (or keeps) the scheduler's lease for `owner`; true while it holds it. */
export async function takeSchedulerLease(
  db: Db,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('message_scheduler')
    .set({ lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('name', '=', 'events')
    .where((eb) =>
      eb.or([
        eb('lease_owner', '=', owner),
        eb('lease_until', 'is', null),
        eb('lease_until', '<=', stamp),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands the lease back (a process stopping). */
export async function releaseSchedulerLease(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('message_scheduler')
    .set({ lease_owner: null, lease_until: null })
    .where('name', '=', 'events')
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Records the messages of the next batch of events, if `owner` holds the lease; answers how many
 * events were read (0: nothing new, or not the scheduler).
 */
export async function scheduleBatch(
  db: Db,
  owner: string,
  settings: () => BuildSettings,
): Promise<number> {
  const state = await db
    .selectFrom('message_scheduler')
    .selectAll()
    .where('name', '=', 'events')
    .executeTakeFirst();
  if (!state || state.lease_owner !== owner) return 0;
  const counter = await db
    .selectFrom('event_cursors')
    .select('value')
    .where('name', '=', 'events')
    .executeTakeFirst();
  const top = Number(counter?.value ?? 0);
  const from = Number(state.event_cursor);
  if (from >= top) return 0;
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('cursor', '>', from)
    .where('cursor', '<=', top)
    .orderBy('cursor')
    .limit(SCHEDULE_BATCH)
    .execute();
  const last = events.at(-1);
  const to = events.length === SCHEDULE_BATCH && last ? Number(last.cursor) : top;
  const build = settings();
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('message_scheduler')
      .set({ event_cursor: to })
      .where('name', '=', 'events')
      .where('event_cursor', '=', state.event_cursor)
      .where('lease_owner', '=', owner)
      .where('lease_until', '>', build.now.toISOString())
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 0;
    for (const event of events) {
      const rows = await messagesOfEvent(trx, event, build);
      if (rows.length === 0) continue;
      await trx
        .insertInto('messages')
        .values(rows)
        .onConflict((oc) => oc.columns(['source', 'kind', 'channel']).doNothing())
        .execute();
    }
    return Math.max(events.length, 1);
  });
}
