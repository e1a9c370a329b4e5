/**
 * Sessions ended on the server (issue 20; table `sessions`): the limits, and each session's row.
 *
 * - Absolute: a session ends `maxMs` (12 hours) after sign-in; TokenService caps every token at
 *   that moment, so a refresh cannot move it.
 * - Idle: a session ends `idleMs` (15 minutes) after its last call. Every call a token of the
 *   session opens counts (`touch`, written at most every ACTIVITY_WRITE_MS per session and process,
 *   never waiting for another process's write lock), and so does a refresh.
 */
import type { Selectable } from 'kysely';
import { perDatabase, precompileStatement } from '../db/database';
import { queuesWrites, writeWithoutWaiting } from '../db/sqlite-writes';
import type { Db, SessionsTable } from '../db/types';

/** How long a session may last (issue 20): idle since its last call, and from sign-in. */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** Spec §9: 15 minutes idle; the absolute limit is the portal's own choice (README). */
export const SESSION_DEFAULTS: SessionLimits = { idleMs: 15 * 60_000, maxMs: 12 * 3_600_000 };

/** The limits from the environment: SESSION_IDLE_MINUTES and SESSION_MAX_HOURS (README). */
export function sessionLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): SessionLimits {
  const positive = (value: string | undefined): number | undefined => {
    const number = Number(value);
    return value && Number.isFinite(number) && number > 0 ? number : undefined;
  };
  const idle = positive(env.SESSION_IDLE_MINUTES);
  const max = positive(env.SESSION_MAX_HOURS);
  return {
    idleMs: idle !== undefined ? idle * 60_000 : SESSION_DEFAULTS.idleMs,
    maxMs: max !== undefined ? max * 3_600_000 : SESSION_DEFAULTS.maxMs,
  };
}

/** A session's last call is written at most this often per process (hot reads stay reads). */
export const ACTIVITY_WRITE_MS = 5_000;

/** Sessions whose last write this process remembers (for ACTIVITY_WRITE_MS). */
const MAX_TOUCHED = 10_000;

export type SessionsRow = Selectable<SessionsTable>;

/** The session writes of every call, precompiled (db/database.ts `precompileStatement`). */
const sessionStatements = perDatabase((db: Db) => ({
  /** A call of the session at `stamp`, unless it has ended (idle since `idleSince`, or at its end). */
  touch: precompileStatement(['text', 'text', 'text'], (stamp, sid, idleSince) =>
    db
      .updateTable('sessions')
      .set({ last_active_at: stamp })
      .where('sid', '=', sid)
      .where('last_active_at', '<', stamp)
      .where('last_active_at', '>=', idleSince)
      .where('ends_at', '>', stamp),
  ),
}));

/** The sessions' rows as TokenService and the guard use them. */
export class SessionStore {
  /** When this process last wrote each session's last call (ms of the injected clock). */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly limits: SessionLimits,
    private readonly isRevoked: (sid: string) => Promise<boolean>,
  ) {}

  /** The session row when the session is live now: not revoked, not idle, not at its end. */
  async live(sid: string): Promise<SessionsRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('sid', '=', sid)
      .executeTakeFirst();
    if (!row || this.endOf(row) !== null || (await this.isRevoked(sid))) return undefined;
    return row;
  }

  /** Why a session is over now ('limit' or 'idle'), or null while it lasts. */
  endOf(row: SessionsRow): 'limit' | 'idle' | null {
    const now = this.now().getTime();
    if (now >= Date.parse(row.ends_at)) return 'limit';
    if (now - Date.parse(row.last_active_at) > this.limits.idleMs) return 'idle';
    return null;
  }

  /** Rows of sessions that ended a day ago or more are of no use; keeps the table small. */
  async forgetEnded(now: Date): Promise<void> {
    const before = new Date(now.getTime() - 24 * 3_600_000).toISOString();
    await this.db.deleteFrom('sessions').where('ends_at', '<', before).execute();
  }

  /**
   * Records a call of the session (its idle time starts again). Written at most every
   * ACTIVITY_WRITE_MS per session and process, so a burst of reads costs one write; never waits
   * for another process's write lock (skipped then: the next call writes it), and never fails the
   * call it belongs to.
   */
  async touch(sid: string): Promise<void> {
    const due = this.touchDue(sid);
    if (!due) return;
    const written = writeWithoutWaiting(
      this.db,
      sessionStatements(this.db).touch(due.stamp, sid, due.idleSince),
    )
      .catch(() => false)
      .then((done) => {
        if (!done) this.touched.delete(sid);
      });
    // On SQLite the write is queued (db/sqlite-writes.ts): the call need not wait for it.
    if (!queuesWrites(this.db)) await written;
  }

  /**
   * Whether a call of the session now is to be written (at most every ACTIVITY_WRITE_MS), and
   * then its values for the touch's statement (remembered as written: `forgetTouch` if it was
   * not). For a statement that writes the last call with its own (payments/idempotency.ts).
   */
  touchDue(sid: string): { stamp: string; idleSince: string } | undefined {
    const now = this.now();
    const last = this.touched.get(sid);
    if (last !== undefined && now.getTime() - last < ACTIVITY_WRITE_MS && now.getTime() >= last) {
      return undefined;
    }
    this.remember(sid, now.getTime());
    // A session that has already ended (idle too long, or at its end) is never brought back.
    return {
      stamp: now.toISOString(),
      idleSince: new Date(now.getTime() - this.limits.idleMs).toISOString(),
    };
  }

  /** A last call `touchDue` gave was not written: the next call writes it. */
  forgetTouch(sid: string): void {
    this.touched.delete(sid);
  }

  /** That this process wrote the session's last call at `at` (for ACTIVITY_WRITE_MS). */
  remember(sid: string, at: number): void {
    // Oldest write first: an entry older than ACTIVITY_WRITE_MS decides nothing any more.
    for (const [key, written] of this.touched) {
      if (at - written < ACTIVITY_WRITE_MS && written <= at && this.touched.size < MAX_TOUCHED) {
        break;
      }
      this.touched.delete(key);
    }
    this.touched.delete(sid);
    this.touched.set(sid, at);
  }

  /** How many sessions' last writes this process remembers (for tests of the bound). */
  get remembered(): number {
    return this.touched.size;
  }
}
