/**
 * The message dispatcher (issue 43), one per server process, a leased worker like the webhook
 * dispatcher (jobs/worker.ts): every `pollMs` the process holding the scheduler's lease records the
 * messages that new events make due (scheduler.ts), then every process sends its share of the due
 * ones (leases of jobs/lease-queue.ts), at most `concurrency` at once. Before a send the message's
 * checks are made again (a hold, an opt-out or a bounce that came after it was made stops it).
 *
 * Without a sender (no SMTP_URL) messages are still made, as `outbox` rows the studio shows.
 * A process killed mid-send leaves its lease to lapse and another sends the message: one the
 * SMTP server had not accepted is sent once. The one case that sends twice is a kill after the
 * server accepted (its 250 reply) and before the outcome was written (one UPDATE's round trip):
 * the same Message-ID then arrives twice (SMTP cannot tell a sender which it already has). The
 * message taken from the lapsed lease is marked `in_doubt_at` (queue.ts).
 */
import { positiveSetting } from '../../webhooks/settings';
import type { Db } from '../../db/types';
import { LeasedWorker } from '../../jobs/worker';
import { emailRefusal, unsubscribeUrl, type BuildSettings } from './build';
import { claimMessages, messagesDue, releaseMessages, settleMessage, skipMessage } from './queue';
import {
  eventsWaiting,
  releaseSchedulerLease,
  scheduleBatch,
  takeSchedulerLease,
} from './scheduler';
import type { EmailSender } from './smtp';
// Texts and scheduled kinds (issue 43): their own files.
import type { SmsProvider } from '../sms/provider';
import { ReminderSchedule } from './schedule';
import { checkBeforeSend } from './send-checks';
import { deliverSms } from './sms-send';
import type { MessagesTable } from './tables';

export interface MessageSettings {
  /** How often a pass runs; 0 for never (tests call runOnce). Default MESSAGE_POLL_MS or 1 s. */
  pollMs: number;
  /** How long a claim holds. Default MESSAGE_LEASE_SECONDS or 60 s. */
  leaseMs: number;
  /**
   * Sends at once per process (default MESSAGE_CONCURRENCY or 1): one at a time (a connection
   * each), so a process killed mid-send has at most one message in doubt.
   */
  concurrency: number;
  /** How often the scheduled kinds are looked for (schedule.ts). Default MESSAGE_SCHEDULE_SECONDS or 60 s. */
  scheduleMs?: number;
}

export function messageSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MessageSettings {
  const number = (name: string, fallback: number) => positiveSetting(env, name, fallback);
  return {
    pollMs: number('MESSAGE_POLL_MS', 1000),
    leaseMs: number('MESSAGE_LEASE_SECONDS', 60) * 1000,
    concurrency: number('MESSAGE_CONCURRENCY', 1),
    scheduleMs: number('MESSAGE_SCHEDULE_SECONDS', 60) * 1000,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's message dispatcher (tests run a pass with `runOnce`). */
    messages: MessageDispatcher;
  }
}

export class MessageDispatcher extends LeasedWorker<MessagesTable> {
  constructor(
    db: Db,
    private readonly sender: EmailSender | null,
    /** What messages are made with now (the content version served, the clock). */
    private readonly build: () => BuildSettings,
    private readonly settings: MessageSettings,
    log: (error: unknown) => void,
    /** Texts: the SMS provider (null: texts stay in the outbox). */
    private readonly sms: SmsProvider | null = null,
  ) {
    super(db, settings.pollMs, log);
    this.reminders = new ReminderSchedule(settings.scheduleMs ?? 60_000);
  }

  private readonly reminders: ReminderSchedule;

  /** Hands back the scheduler's lease and closes the sender. */
  protected override async afterStop(): Promise<void> {
    await releaseSchedulerLease(this.db, this.owner).catch(() => undefined);
    this.sender?.close();
  }

  /**
   * Schedules (when this process is the scheduler), then the scheduled kinds (reminders: made by
   * the lease holder, read-only when nothing is new); false without a sender (the outbox).
   */
  protected async prepare(): Promise<boolean> {
    const now = this.build().now;
    if (
      (await eventsWaiting(this.db)) &&
      (await takeSchedulerLease(this.db, this.owner, now, this.settings.leaseMs))
    ) {
      while (!this.stopped && (await scheduleBatch(this.db, this.owner, this.build)) > 0);
    }
    if (!this.stopped)
      await this.reminders.run(this.db, this.owner, this.build(), this.settings.leaseMs);
    return this.sender !== null || this.sms !== null;
  }

  /** The next due messages; a read first, so an idle pass writes nothing. */
  protected async claim(): Promise<MessagesTable[]> {
    if (!(await messagesDue(this.db, this.build().now))) return [];
    return claimMessages(this.db, {
      postgres: this.postgres,
      owner: this.owner,
      now: this.build().now,
      limit: this.settings.concurrency,
      leaseMs: this.settings.leaseMs,
      // Only what this process can send: a row handed back would be claimed again at once.
      channels: [
        ...(this.sender ? (['email'] as const) : []),
        ...(this.sms ? (['sms'] as const) : []),
      ],
    });
  }

  /** Sends one claimed message and settles it; false when it was not sent. */
  protected async deliver(row: MessagesTable): Promise<boolean> {
    const build = this.build();
    if (this.stopped || !(row.channel === 'sms' ? this.sms : this.sender)) {
      await releaseMessages(this.db, this.owner, [row.id]);
      return false;
    }
    if (row.channel === 'sms' && this.sms)
      return deliverSms(this.db, this.sms, row, this.owner, () => this.build().now);
    if (!this.sender) return false;
    const subject = await this.db
      .selectFrom('accounts')
      .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
      .select(['accounts.holds', 'debtors.id', 'debtors.allow_email', 'debtors.pref_email'])
      .where('accounts.account_number', '=', row.account_number ?? '')
      .executeTakeFirst();
    const refusal = subject
      ? await emailRefusal(this.db, subject, subject.holds, row.address)
      : 'noAddress';
    if (refusal) {
      await skipMessage(this.db, row.id, this.owner, refusal, build.now);
      return false;
    }
    // Its payment or offer still due, and within contact hours now (send-checks.ts).
    if ((await checkBeforeSend(this.db, row, this.owner, build.now)) !== 'send') return false;
    const agency = (build.config.content?.agency ?? {}) as { name?: string };
    const outcome = await this.sender.send({
      id: row.id,
      to: row.address ?? '',
      fromName: agency.name ?? '',
      subject: row.subject ?? '',
      html: row.html ?? '',
      text: row.text ?? '',
      unsubscribeUrl: unsubscribeUrl(build.portalUrl, build.unsubscribeKey, row.id),
    });
    const status = await settleMessage(this.db, row, this.owner, outcome, this.build().now);
    return status === 'sent';
  }
}
