/**
 * Studio sessions (issue 24): a random 32-byte id in the `studio_session` cookie, of which the
 * server keeps only the SHA-256, and a CSRF token (also 32 random bytes, kept hashed) that the
 * studio sends back in `X-CSRF-Token` on every state-changing call. A session ends after the
 * idle limit without a call and at the absolute limit after sign-in, whatever happens (the same
 * limits as the debtor sessions: SESSION_IDLE_MINUTES, SESSION_MAX_HOURS), when its staff
 * member is disabled, and on sign-out.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionLimits } from '../auth/sessions';
import type { Db, StaffRole } from '../db/types';

export const sha256 = (value: string): string =>
  createHash('sha256').update(value, 'utf8').digest('hex');

/** Constant-time equality of two hex digests. */
function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

export interface StaffPrincipal {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** The hash of the session id (never the id). */
  sessionHash: string;
  csrfHash: string;
}

export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly limits: SessionLimits,
    private readonly csrfKey: Buffer,
  ) {}

  /**
   * A session's CSRF token: an HMAC of its cookie's id under the server's key (the signed
   * double-submit pattern). Only the cookie's holder can have it, and the studio can give it again
   * after a reload (GET /me) without storing it: a page's script cannot read the HttpOnly cookie.
   */
  csrfFor(id: string): string {
    return createHmac('sha256', this.csrfKey).update(`studio-csrf:${id}`).digest('base64url');
  }

  /** Starts a session: the cookie's id and the CSRF token, each given out once. */
  async start(staffId: number): Promise<{ id: string; csrfToken: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const csrfToken = this.csrfFor(id);
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.limits.maxMs);
    await this.db
      .insertInto('staff_sessions')
      .values({
        id_hash: sha256(id),
        staff_id: staffId,
        csrf_hash: sha256(csrfToken),
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    // Sessions that ended a day ago or more are of no use; keeps the table small.
    await this.db
      .deleteFrom('staff_sessions')
      .where('expires_at', '<', new Date(now.getTime() - 24 * 3_600_000).toISOString())
      .execute();
    return { id, csrfToken, expiresAt };
  }

  /**
   * The staff member of a live session (not idle, not past its end, staff not disabled), and
   * the call counts as activity; undefined otherwise.
   */
  async open(id: string): Promise<StaffPrincipal | undefined> {
    if (id.length === 0 || id.length > 100) return undefined;
    const idHash = sha256(id);
    const row = await this.db
      .selectFrom('staff_sessions as ss')
      .innerJoin('staff_accounts as s', 's.id', 'ss.staff_id')
      .select([
        'ss.staff_id',
        'ss.csrf_hash',
        'ss.last_seen_at',
        'ss.expires_at',
        's.email',
        's.display_name',
        's.role',
        's.disabled_at',
        's.role_granted',
      ])
      .where('ss.id_hash', '=', idHash)
      .executeTakeFirst();
    // A member whose role waits for a second admin has no role yet (issue 39): nothing opens.
    if (!row || row.disabled_at !== null || Number(row.role_granted) !== 1) return undefined;
    const now = this.now();
    if (now.getTime() >= Date.parse(row.expires_at)) return undefined;
    if (now.getTime() - Date.parse(row.last_seen_at) > this.limits.idleMs) return undefined;
    await this.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id_hash', '=', idHash)
      .execute();
    return {
      staffId: row.staff_id,
      email: row.email,
      name: row.display_name,
      role: row.role,
      sessionHash: idHash,
      csrfHash: row.csrf_hash,
    };
  }

  /**
   * Whether the session of this hash is live (not idle, not past its end, staff not disabled) and
   * its staff member has one of `roles`; unlike `open`, the look-up is not activity. The studio's
   * preview (preview.ts) names a session only by its hash.
   */
  async isLive(idHash: string, roles: readonly StaffRole[]): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(idHash)) return false;
    const row = await this.db
      .selectFrom('staff_sessions as ss')
      .innerJoin('staff_accounts as s', 's.id', 'ss.staff_id')
      .select(['ss.last_seen_at', 'ss.expires_at', 's.role', 's.disabled_at', 's.role_granted'])
      .where('ss.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row || row.disabled_at !== null || !roles.includes(row.role)) return false;
    if (Number(row.role_granted) !== 1) return false;
    const now = this.now().getTime();
    return (
      now < Date.parse(row.expires_at) && now - Date.parse(row.last_seen_at) <= this.limits.idleMs
    );
  }

  csrfMatches(principal: StaffPrincipal, token: string | undefined): boolean {
    return (
      typeof token === 'string' && token.length <= 100 && sameHex(sha256(token), principal.csrfHash)
    );
  }

  async end(sessionHash: string): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('id_hash', '=', sessionHash).execute();
  }

  /** Ends every session of a staff member (disabled). */
  async endAll(staffId: number): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
  }
}
