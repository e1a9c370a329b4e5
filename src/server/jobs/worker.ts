/**
 * One leased polling worker, one per kind of work and server process (the webhook dispatcher,
 * issue 42; the message dispatcher, issue 43). Every `pollMs` a pass runs (never two at once in
 * a process): `prepare` (enqueue or schedule what new events make due; false ends the pass), then
 * `claim` and `deliver` until nothing is claimed. Rows are claimed under a lease in the database
 * (lease-queue.ts), so several processes share the work and a row is worked on by one of them; a
 * process killed mid-work leaves its lease to lapse and another takes the row.
 *
 * The timer is unref'd; `stop()` (the app's onClose) ends it, lets the subclass cut short what is
 * in flight (`stopping`), waits for the pass, then lets it hand back what it holds (`stopped`).
 * `owner` names this process on its leases.
 */
import { randomBytes } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../db/types';

export abstract class LeasedWorker<Row> {
  /** This process's name on its leases. */
  readonly owner = `p${process.pid}-${randomBytes(4).toString('hex')}`;
  protected readonly postgres: boolean;
  /** Set by stop(): no new pass, no new claim. */
  protected stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  protected constructor(
    protected readonly db: Db,
    /** How often a pass runs; 0 for never (tests call runOnce). */
    private readonly pollMs: number,
    protected readonly log: (error: unknown) => void,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Before claiming: enqueue or schedule; false when there is nothing to claim this pass. */
  protected abstract prepare(): Promise<boolean>;
  /** Leases the next rows to this process (at most as many as may be worked on at once). */
  protected abstract claim(): Promise<Row[]>;
  /** Works on one claimed row and settles or hands it back; true when it made an attempt. */
  protected abstract deliver(row: Row): Promise<boolean>;
  /** Called as stop() begins (abort what is in flight). */
  protected stopping(): void {}
  /** Called once the last pass has ended (hand back what the process holds). */
  protected async afterStop(): Promise<void> {}

  start(): void {
    if (this.pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) void this.runOnce().catch(this.log);
    }, this.pollMs);
    this.timer.unref();
  }

  /** One pass to its end (or the one running); answers the attempts made. */
  runOnce(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.stopping();
    await this.running?.catch(() => undefined);
    await this.afterStop();
  }

  private async pass(): Promise<number> {
    if (this.stopped || !(await this.prepare())) return 0;
    let attempts = 0;
    while (!this.stopped) {
      const rows = await this.claim();
      if (rows.length === 0) break;
      const results = await Promise.all(rows.map((row) => this.deliver(row)));
      attempts += results.filter(Boolean).length;
    }
    return attempts;
  }
}
