/**
 * The webhook dispatcher (issue 42), one per server process: every `pollMs` it enqueues the new
 * events of each enabled endpoint and sends what is due (queue.ts), at most `concurrency` POSTs
 * at once, each bounded by `timeoutMs` (send.ts). Several processes on one database share the
 * work through leases (queue.ts): each delivery is sent by the one process that claimed it; a
 * process killed mid-send leaves its lease to expire, and another sends the delivery again (a
 * receiver dedupes by `webhook-id`).
 *
 * The timer, passes and stop are the shared leased worker's (jobs/worker.ts). With no enabled
 * endpoint a pass is one indexed query of an empty set. `stop()` (the app's onClose) ends the timer
 * and aborts the sends in flight, whose leases are handed back, so a closing server never waits for a slow receiver. Times of the queue (due, leases,
 * retries, secret expiry) come from the injected clock `now`; the signature's `webhook-timestamp`
 * is the wall clock of the send, which is what a receiver compares with its own (5 minutes'
 * tolerance): in a server both are the same clock.
 */
import { positiveSetting } from './settings';
import type { Db } from '../db/types';
import { LeasedWorker } from '../jobs/worker';
import { signingSecrets } from './endpoints';
import { RETRY_BASE_MS, claim, enqueue, release, settle, type DeliveryRow } from './queue';
import { eventBody, post, signedHeaders } from './send';

export interface WebhookSettings {
  /** How often a pass runs; 0 for never (tests call runOnce). Default WEBHOOK_POLL_MS or 1 s. */
  pollMs: number;
  /** How long a claim holds (must exceed timeoutMs). Default WEBHOOK_LEASE_SECONDS or 60 s. */
  leaseMs: number;
  /** Sends at once per process. */
  concurrency: number;
  timeoutMs: number;
  /** The first retry's delay (doubling after). Default WEBHOOK_RETRY_BASE_MS or 30 s. */
  retryBaseMs: number;
}

export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const number = (name: string, fallback: number) => positiveSetting(env, name, fallback);
  return {
    pollMs: number('WEBHOOK_POLL_MS', 1000),
    leaseMs: number('WEBHOOK_LEASE_SECONDS', 60) * 1000,
    concurrency: 8,
    timeoutMs: 10_000,
    retryBaseMs: number('WEBHOOK_RETRY_BASE_MS', RETRY_BASE_MS),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's webhook dispatcher (tests run a pass with `runOnce`). */
    webhooks: WebhookDispatcher;
  }
}

export class WebhookDispatcher extends LeasedWorker<DeliveryRow> {
  private readonly aborter = new AbortController();

  constructor(
    db: Db,
    private readonly key: Buffer,
    private readonly now: () => Date,
    private readonly settings: WebhookSettings,
    log: (error: unknown) => void,
  ) {
    super(db, settings.pollMs, log);
  }

  /** Aborts the sends in flight (their leases are handed back). */
  protected override stopping(): void {
    this.aborter.abort();
  }

  /** Enqueues the new events; false with no enabled endpoint (one read of an empty set). */
  protected async prepare(): Promise<boolean> {
    let queued = await enqueue(this.db, this.now());
    if (queued.endpoints === 0) return false;
    // A long backlog is enqueued in batches; claim as soon as no batch is left.
    while (queued.enqueued > 0 && !this.stopped) queued = await enqueue(this.db, this.now());
    return true;
  }

  protected claim(): Promise<DeliveryRow[]> {
    return claim(this.db, {
      postgres: this.postgres,
      owner: this.owner,
      now: this.now(),
      limit: this.settings.concurrency,
      leaseMs: this.settings.leaseMs,
    });
  }

  /** Sends one claimed delivery and settles it; false when it was handed back unsent. */
  protected async deliver(row: DeliveryRow): Promise<boolean> {
    const endpoint = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', row.endpoint_id)
      .executeTakeFirst();
    const event = await this.db
      .selectFrom('events')
      .selectAll()
      .where('cursor', '=', row.event_cursor)
      .executeTakeFirst();
    if (!endpoint || !event || Number(endpoint.enabled) !== 1) {
      await release(this.db, this.owner, [row.id]);
      return false;
    }
    const body = eventBody(event);
    const headers = signedHeaders(
      event.id,
      body,
      signingSecrets(this.key, endpoint, this.now()),
      new Date(),
    );
    const at = this.now();
    const result = await post(
      endpoint.url,
      body,
      headers,
      this.settings.timeoutMs,
      this.aborter.signal,
    );
    if (this.stopped) {
      // Stopping: the attempt is not judged; the delivery is due again for any process.
      await release(this.db, this.owner, [row.id]).catch(() => undefined);
      return false;
    }
    await settle(
      this.db,
      row,
      this.owner,
      { at, ...result },
      this.now(),
      Math.random(),
      this.settings.retryBaseMs,
    );
    return true;
  }
}
