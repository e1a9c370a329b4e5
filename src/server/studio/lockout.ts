/**
 * The studio sign-in lockout (issue 24): 5 failures in a row for one email lock it for 15
 * minutes, kept in the database (every server process sees it). It is counted per email whether
 * or not an account has it, so a lock never tells that an account exists. The failure count is
 * raised in one statement (an upsert), so parallel guesses all count. A success clears it.
 */
import type { Db } from '../db/types';

export const STAFF_LOCKOUT = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

export class StaffLockout {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Whether the email is locked now; a lock that has run out is cleared. */
  async isLocked(email: string): Promise<boolean> {
    const stamp = this.now().toISOString();
    const row = await this.db
      .selectFrom('staff_lockouts')
      .select('locked_until')
      .where('email', '=', email)
      .executeTakeFirst();
    if (!row?.locked_until) return false;
    if (row.locked_until > stamp) return true;
    await this.db
      .updateTable('staff_lockouts')
      .set({ failed_attempts: 0, locked_until: null, updated_at: stamp })
      .where('email', '=', email)
      .where('locked_until', '<=', stamp)
      .execute();
    return false;
  }

  /** Counts a failure; true when it locks the email. */
  async recordFailure(email: string): Promise<boolean> {
    const now = this.now();
    const stamp = now.toISOString();
    const row = await this.db
      .insertInto('staff_lockouts')
      .values({ email, failed_attempts: 1, locked_until: null, updated_at: stamp })
      .onConflict((oc) =>
        oc.column('email').doUpdateSet((eb) => ({
          failed_attempts: eb('staff_lockouts.failed_attempts', '+', 1),
          updated_at: stamp,
        })),
      )
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    if (Number(row.failed_attempts) < STAFF_LOCKOUT.maxFailures) return false;
    const locked = await this.db
      .updateTable('staff_lockouts')
      .set({
        failed_attempts: 0,
        locked_until: new Date(now.getTime() + STAFF_LOCKOUT.lockMs).toISOString(),
        updated_at: stamp,
      })
      .where('email', '=', email)
      .where('failed_attempts', '>=', STAFF_LOCKOUT.maxFailures)
      .executeTakeFirst();
    return Number(locked.numUpdatedRows) > 0;
  }

  async clear(email: string): Promise<void> {
    await this.db.deleteFrom('staff_lockouts').where('email', '=', email).execute();
  }
}
