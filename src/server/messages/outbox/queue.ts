/**
 * The messages due to be sent (issue 43), claimed and settled by the lease queue the webhooks
 * use too (jobs/lease-queue.ts): a claim is one statement setting a lease (`lease_owner`,
 * `lease_until`) on due `pending` rows, picked FOR UPDATE SKIP LOCKED on PostgreSQL, so two
 * processes never claim one message; an outcome is written only by the lease's owner. Retries
 * back off as webhooks do (retryDelayMs), until `give_up_at`. A permanent refusal (5xx) marks the
 * message and its address bounced.
 */
import type { Db } from '../../db/types';
import { claimLeased, releaseLeased, settleLeased } from '../../jobs/lease-queue';
import { retryDelayMs } from '../../webhooks/queue';
import type { EmailOutcome } from './smtp';
import type { MessagesTable, SkipReason } from './tables';

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a message is due now: a read, so an idle pass writes nothing (see eventsWaiting). */
export async function messagesDue(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Leases at most `limit` due messages to `owner` (jobs/lease-queue.ts). A message taken from a
 * lapsed lease (its process killed or stuck mid-send) gets `in_doubt_at`: the attempt before may
 * have been accepted by the SMTP server, so this send may be its second (same Message-ID).
 */
export async function claimMessages(
  db: Db,
  options: {
    postgres: boolean;
    owner: string;
    now: Date;
    limit: number;
    leaseMs: number;
    /** The channels this process can send (a row of another waits for a process that can). */
    channels: readonly MessagesTable['channel'][];
  },
): Promise<MessagesTable[]> {
  if (options.channels.length === 0) return [];
  const stamp = options.now.toISOString();
  const due = db
    .selectFrom('messages')
    .select('id')
    .where('status', '=', 'pending')
    .where('channel', 'in', options.channels)
    .where('next_attempt_at', '<=', stamp)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', stamp)]))
    .orderBy('next_attempt_at')
    .limit(options.limit);
  return claimLeased(db, 'messages', due, { ...options, markLapsed: 'in_doubt_at' });
}

/**
 * Writes the outcome of an attempt, if `owner` still holds the lease; answers the new status.
 * Called in the same turn as the SMTP reply, and a `sent` (or retry) outcome is one statement
 * (no transaction's BEGIN/COMMIT round trips): the window in which a process killed after the
 * server's 250 leaves the message in doubt is this one statement's round trip. Only a bounce
 * takes a transaction (the message and its address's bounce together).
 */
export async function settleMessage(
  db: Db,
  message: MessagesTable,
  owner: string,
  outcome: EmailOutcome,
  now: Date,
  random: number = Math.random(),
): Promise<MessagesTable['status'] | null> {
  const attempts = Number(message.attempt_count) + 1;
  const next = now.getTime() + retryDelayMs(attempts, random);
  const status =
    outcome.result === 'sent'
      ? 'sent'
      : outcome.result === 'bounced'
        ? 'bounced'
        : next > Date.parse(message.give_up_at)
          ? 'failed'
          : 'pending';
  const stamp = now.toISOString();
  const update = (executor: Db) =>
    settleLeased(executor, 'messages', message.id, owner, {
      status,
      attempt_count: attempts,
      next_attempt_at: status === 'pending' ? iso(next) : null,
      lease_owner: null,
      lease_until: null,
      provider_id: outcome.result === 'sent' ? outcome.providerId : null,
      error: outcome.result === 'sent' ? null : outcome.error,
      sent_at: outcome.result === 'sent' ? stamp : null,
      updated_at: stamp,
    });
  if (outcome.result !== 'bounced') {
    return (await update(db)) ? status : null;
  }
  return db.transaction().execute(async (trx) => {
    if (!(await update(trx))) return null;
    if (message.address) {
      await trx
        .insertInto('email_bounces')
        .values({ address: message.address, reply: outcome.error, created_at: stamp })
        .onConflict((oc) => oc.column('address').doNothing())
        .execute();
    }
    return status;
  });
}

/** Marks a claimed message skipped (a hold, opt-out or bounce that came after it was made). */
export async function skipMessage(
  db: Db,
  id: string,
  owner: string,
  reason: SkipReason,
  now: Date,
): Promise<void> {
  await settleLeased(db, 'messages', id, owner, {
    status: 'skipped',
    skip_reason: reason,
    next_attempt_at: null,
    lease_owner: null,
    lease_until: null,
    updated_at: now.toISOString(),
  });
}

/** Hands back the leases of `owner` (a process stopping before it sent them). */
export async function releaseMessages(db: Db, owner: string, ids: readonly string[]) {
  await releaseLeased(db, 'messages', owner, ids);
}
