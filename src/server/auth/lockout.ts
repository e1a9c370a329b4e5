/**
 * Sign-in lockouts that count before they judge (issue 39), kept in the database
 * (`lockout_counters`) so they hold across every server process sharing it.
 *
 * An attempt takes a slot on each of its keys BEFORE it is judged (before a password hash, a TOTP
 * code or an identity factor is compared): one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per
 * key raises the count and answers, in the same statement, whether the slot was within the limit.
 * So of any burst, however concurrent and on however many processes, at most `limit` attempts per
 * key are judged; the others are refused. A key's window begins with its first attempt and lasts
 * `windowMs`; the attempt after the last slot is refused and begins a lock of `lockMs` (a lock in
 * force refuses every attempt, the right one too, and counts nothing more).
 *
 * After the judgement (`settle`):
 * - a failure keeps its slot;
 * - a success gives its slot back; on a key that `clearsOnSuccess` (the debtor, the letter's
 *   account, the staff email: a success proves the credential) it clears the count when no attempt
 *   was counted after it (the count is still the one it took). It never touches a lock in force,
 *   never a count other attempts raised to the limit, and never a later window. Giving back its own
 *   slot cannot let more than `limit` failures be judged: the slot was not a failure. Clearing lets
 *   the owner's typos be forgotten ("failures in a row"), which only someone holding the credential
 *   can do. A client address never clears on success (one's own good sign-in would reset the
 *   address lock against guessing others), it only gets the slot back;
 * - an attempt judged neither way (VerifyIdentity's 440), or refused on a later key, gives its
 *   slots back; unless the caller answers that refusal as a failure (VerifyIdentity's debtor keys,
 *   below), then it keeps them like a failure.
 *
 * VerifyIdentity's debtor keys are known only once the factors were compared with the candidates
 * of the name. A refusal there is answered as a failure (404, not 403): a 403 would tell whether
 * the factors sent match a locked debtor in part, and so let an attacker, once the debtor is
 * locked, test each factor alone without limit. The visible lock (403) comes from the keys counted
 * before the look-up: the client address (and the letter's account for VerifyLetter).
 *
 * Rows whose window and lock have both ended are deleted on write, a bounded batch at a time.
 */
import { sql } from 'kysely';
import type { Db } from '../db/types';

export interface LockoutOptions {
  /** Attempts per identity (a debtor, a letter's account) within the window (default 5). */
  maxFailures?: number;
  /** Attempts per client address within the window (default 5). */
  maxFailuresPerAddress?: number;
  /** Window and lock duration in minutes (default 15). */
  windowMinutes?: number;
}

/** One key an attempt counts on. */
export interface CounterKey {
  key: string;
  limit: number;
  /** Whether a success clears the count (an identity), or only gives its slot back (an address). */
  clearsOnSuccess: boolean;
}

/** A slot taken on one key. */
interface Slot extends CounterKey {
  attempts: number;
  windowUntil: string;
}

/** The slots an attempt holds; `allowed` false once a key refused it. */
export interface Attempt {
  allowed: boolean;
  /** A lock began with this attempt (it was the first refused after the last slot). */
  lockBegan: boolean;
  slots: Slot[];
}

/** Lapsed rows deleted by one write at most. */
const PURGE_BATCH = 50;

export class AttemptCounters {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly windowMs: number,
    private readonly lockMs: number,
  ) {}

  /** A new attempt counted on `keys` (in key order); it stops at the first key that refuses. */
  async count(keys: CounterKey[]): Promise<Attempt> {
    const attempt: Attempt = { allowed: true, lockBegan: false, slots: [] };
    await this.countMore(attempt, keys);
    return attempt;
  }

  /**
   * Counts `attempt` on more keys (known only after a look-up, still before the answer). Refused
   * on one, it gives back the slots it holds; unless `asFailure`: a refusal the caller answers as
   * a failure keeps them, as a failure would.
   */
  async countMore(attempt: Attempt, keys: CounterKey[], asFailure = false): Promise<boolean> {
    const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let fresh = false;
    for (const key of sorted) {
      if (attempt.slots.some((slot) => slot.key === key.key)) continue;
      const lockUntil = new Date(this.now().getTime() + this.lockMs).toISOString();
      const row = await this.upsert(key, lockUntil);
      const attempts = Number(row.attempts);
      if (row.locked_until !== null || attempts > key.limit) {
        attempt.allowed = false;
        attempt.lockBegan = row.locked_until === lockUntil;
        if (!asFailure) await this.release(attempt);
        if (fresh) await this.purge();
        return false;
      }
      if (attempts === 1) fresh = true;
      attempt.slots.push({ ...key, attempts, windowUntil: row.window_until });
    }
    // A new window began (a row was made or renewed): delete some that have lapsed.
    if (fresh) await this.purge();
    return true;
  }

  /** Takes a slot on `key`, or refuses it: one statement (see above). */
  private upsert(key: CounterKey, lockUntil: string) {
    const now = this.now();
    const stamp = now.toISOString();
    const windowUntil = new Date(now.getTime() + this.windowMs).toISOString();
    const col = (name: string) => sql.ref(`lockout_counters.${name}`);
    // The row's window and lock have both ended: a new window begins.
    const lapsed = sql`${col('expires_at')} <= ${stamp}`;
    const locked = sql`${col('locked_until')} > ${stamp}`;
    // Every slot is taken: this attempt is refused and begins the lock.
    const full = sql`${col('attempts')} >= ${key.limit}`;
    return this.db
      .insertInto('lockout_counters')
      .values({
        key: key.key,
        attempts: 1,
        window_until: windowUntil,
        locked_until: null,
        expires_at: windowUntil,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql<number>`case when ${lapsed} then 1 when ${locked} then ${col('attempts')} else ${col('attempts')} + 1 end`,
          window_until: sql<string>`case when ${lapsed} then ${windowUntil} else ${col('window_until')} end`,
          locked_until: sql<
            string | null
          >`case when ${lapsed} then null when ${locked} then ${col('locked_until')} when ${full} then ${lockUntil} else null end`,
          expires_at: sql<string>`case when ${lapsed} then ${windowUntil} when ${locked} then ${col('expires_at')} when ${full} then ${lockUntil} else ${col('expires_at')} end`,
        }),
      )
      .returning(['attempts', 'window_until', 'locked_until'])
      .executeTakeFirstOrThrow();
  }

  /** After a success: slots back, and the counts of identity keys cleared (see above). */
  async succeed(attempt: Attempt): Promise<void> {
    await this.giveBack(attempt, true);
  }

  /** Gives the slots back without clearing anything (440, or refused on a later key). */
  async release(attempt: Attempt): Promise<void> {
    await this.giveBack(attempt, false);
  }

  private async giveBack(attempt: Attempt, success: boolean): Promise<void> {
    const slots = attempt.slots.splice(0);
    for (const slot of slots) {
      const clear = success && slot.clearsOnSuccess;
      await this.db
        .updateTable('lockout_counters')
        .set({
          attempts: clear
            ? sql<number>`case when attempts = ${slot.attempts} then 0 else attempts - 1 end`
            : sql<number>`attempts - 1`,
        })
        .where('key', '=', slot.key)
        .where('window_until', '=', slot.windowUntil)
        .where('locked_until', 'is', null)
        .where('attempts', '>', 0)
        .where((eb) => eb.or([eb('attempts', '=', slot.attempts), eb('attempts', '<', slot.limit)]))
        .execute();
    }
  }

  /**
   * The same statement as a count, on a key of its own (`idle:`, never refusing): an attempt that
   * counts on no debtor makes it, so the time of an answer does not tell whether a factor matched.
   */
  async idle(): Promise<void> {
    const lockUntil = new Date(this.now().getTime() + this.lockMs).toISOString();
    await this.upsert({ key: 'idle:', limit: 2_000_000_000, clearsOnSuccess: false }, lockUntil);
  }

  /** Deletes up to PURGE_BATCH rows whose window and lock have ended. */
  private async purge(): Promise<void> {
    const stamp = this.now().toISOString();
    await this.db
      .deleteFrom('lockout_counters')
      // Checked again on the row itself: one renewed meanwhile by another attempt stays.
      .where('expires_at', '<=', stamp)
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('lockout_counters')
          .select('key')
          .where('expires_at', '<=', stamp)
          .orderBy('expires_at')
          .limit(PURGE_BATCH),
      )
      .execute();
  }
}

/** The debtor sign-ins' lockout (VerifyIdentity, VerifyLetter): the keys and their limits. */
export class Lockout {
  readonly counters: AttemptCounters;
  private readonly maxFailures: number;
  private readonly maxPerAddress: number;

  constructor(db: Db, now: () => Date, options: LockoutOptions = {}) {
    this.maxFailures = options.maxFailures ?? 5;
    this.maxPerAddress = options.maxFailuresPerAddress ?? 5;
    const windowMs = (options.windowMinutes ?? 15) * 60_000;
    this.counters = new AttemptCounters(db, now, windowMs, windowMs);
  }

  /** A client address: never cleared by a success (see above). */
  address(ip: string): CounterKey {
    return { key: `ip:${ip}`, limit: this.maxPerAddress, clearsOnSuccess: false };
  }

  /** A debtor (VerifyIdentity: the candidates an attempt matched, in part or in whole). */
  debtor(id: number): CounterKey {
    return { key: `debtor:${id}`, limit: this.maxFailures, clearsOnSuccess: true };
  }

  /** A letter's account (VerifyLetter), as an HMAC: no account number is stored. */
  letter(accountHash: string): CounterKey {
    return { key: `letter:${accountHash}`, limit: this.maxFailures, clearsOnSuccess: true };
  }
}
