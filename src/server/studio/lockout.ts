/**
 * The studio sign-in lockout (issues 24 and 39): 5 attempts per email in a 15-minute window, then
 * a 15-minute lock, counted in the database (every server process sees it) BEFORE the password is
 * hashed or the code compared (auth/lockout.ts: AttemptCounters). Counted per email whether or not
 * an account has it, so a lock never tells that an account exists. A success gives its slot back
 * and clears the count when nothing was counted after it; it never lifts a lock in force. Rows of
 * emails whose window and lock have ended are deleted (nothing keeps a row per email tried).
 */
import type { Db } from '../db/types';
import { AttemptCounters, type Attempt } from '../auth/lockout';

export const STAFF_LOCKOUT = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

export class StaffLockout {
  private readonly counters: AttemptCounters;

  constructor(db: Db, now: () => Date) {
    this.counters = new AttemptCounters(db, now, STAFF_LOCKOUT.lockMs, STAFF_LOCKOUT.lockMs);
  }

  /** Takes a slot for this sign-in of `email`; `allowed` false: refuse it (423) without judging. */
  count(email: string): Promise<Attempt> {
    return this.counters.count([
      { key: `staff:${email}`, limit: STAFF_LOCKOUT.maxFailures, clearsOnSuccess: true },
    ]);
  }

  /** The sign-in succeeded. */
  succeed(attempt: Attempt): Promise<void> {
    return this.counters.succeed(attempt);
  }
}
