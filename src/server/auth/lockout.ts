/**
 * Sign-in lockout stored in the database (login_attempts), so it holds across every server process
 * sharing it. A key (identity or client address) with `maxFailures` failures inside the window gets
 * a lock row; while a lock younger than the window exists, attempts for that key are refused.
 */
import type { Db } from '../db/types';

export interface LockoutOptions {
  /** Failures per identity within the window before locking (default 5). */
  maxFailures?: number;
  /** Failures per client address within the window before locking (default 5). */
  maxFailuresPerAddress?: number;
  /** Window and lock duration in minutes (default 15). */
  windowMinutes?: number;
}

export class Lockout {
  private readonly maxFailures: number;
  private readonly maxPerAddress: number;
  private readonly windowMs: number;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    options: LockoutOptions = {},
  ) {
    this.maxFailures = options.maxFailures ?? 5;
    this.maxPerAddress = options.maxFailuresPerAddress ?? 5;
    this.windowMs = (options.windowMinutes ?? 15) * 60_000;
  }

  private since(): string {
    return new Date(this.now().getTime() - this.windowMs).toISOString();
  }

  async isLocked(keys: string[]): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key', 'in', keys)
      .where('kind', '=', 'lock')
      .where('created_at', '>', this.since())
      .executeTakeFirst();
    return Number(row?.n ?? 0) > 0;
  }

  async recordFailure(keys: string[]): Promise<void> {
    const stamp = this.now().toISOString();
    await this.db
      .insertInto('login_attempts')
      .values(keys.map((key) => ({ key, kind: 'failure', created_at: stamp })))
      .execute();
    for (const key of keys) {
      const limit = key.startsWith('ip:') ? this.maxPerAddress : this.maxFailures;
      const row = await this.db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('key', '=', key)
        .where('kind', '=', 'failure')
        .where('created_at', '>', this.since())
        .executeTakeFirst();
      if (Number(row?.n ?? 0) >= limit) {
        await this.db
          .insertInto('login_attempts')
          .values({ key, kind: 'lock', created_at: stamp })
          .execute();
        // The lock replaces the failures that caused it.
        await this.db
          .deleteFrom('login_attempts')
          .where('key', '=', key)
          .where('kind', '=', 'failure')
          .execute();
      }
    }
    // Old rows are of no use; keep the table small.
    await this.db
      .deleteFrom('login_attempts')
      .where('created_at', '<', new Date(this.now().getTime() - 24 * 3_600_000).toISOString())
      .execute();
  }

  /** A successful sign-in clears the identity's failures. */
  async clearFailures(key: string): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('key', '=', key)
      .where('kind', '=', 'failure')
      .execute();
  }
}
