/**
 * The sessions' token pairs (auth/jwt.ts): access 15 minutes (or the idle limit, if shorter) with
 * sub (debtor id), role, sid and for letter tokens accountNumber and letterId; refresh until the
 * session's end, with typ 'refresh', its jti stored in refresh_tokens (family = sid).
 *
 * Sessions end on the server (issue 20, spec §4 "Session and idle"; table `sessions`):
 * - Absolute: a session ends `maxMs` (12 hours) after sign-in. No token outlives that moment: an
 *   access token's expiry is capped at it, a refresh token expires at it, and a refresh cannot
 *   move it.
 * - Idle: a session ends `idleMs` (15 minutes) after its last call. Every call that a token of the
 *   session opens counts (`touch`, auth/sessions.ts, which keeps the sessions' rows), a refresh
 *   too (the browser renews only while its user is active, and "Stay signed in" renews). An access
 *   token lives at most 15 minutes from its issue, which was itself a call; so once a session has
 *   been idle that long every token of it has expired, and the refresh that would renew them is
 *   refused here.
 * A refused refresh says why (`idle`, `limit`, or ended for any other reason), so the browser can
 * tell its user; the session is then revoked, with that reason.
 *
 * Rotation: a refresh token is good for one use. Refreshing marks its row replaced (an atomic
 * conditional update, so two concurrent uses cannot both win) and issues a new pair in the same
 * family. Presenting a used or revoked refresh token is taken as theft: the whole family is
 * revoked. Logout revokes the family too. A revoked family's sid is in revoked_sessions, and every
 * access token carrying it is refused: one primary-key look-up per request, with revoked sids
 * cached in memory (revocation is permanent, so the cache never goes stale); the hottest reads
 * make that look-up inside their own statement (verifyAccessSignature, auth/guard.ts). The
 * look-up is never skipped for a session not known to be revoked, so a logout made by another process on the same
 * database takes effect on the next request, with no staleness window.
 *
 * Verified access tokens are remembered per token string (auth/verified-access.ts): only their
 * time checks are repeated. Signing and verifying a token is auth/jwt.ts's.
 *
 * Writes that belong together (a new refresh token and its session row; a rotated token and its
 * link; a revocation and its refresh tokens) are one transaction each: all or nothing, and one
 * commit, so one sync of the log, instead of two.
 */
import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@/generated/types/api/token-pair';
import type { RevokedSessionsTable } from '../db/forms-tables';
import { precompile } from '../db/database';
import type { Db } from '../db/types';
import { accessClaimsOf, JwtCodec, type AccessClaims, type Role, type TokenExtra } from './jwt';
import { SESSION_DEFAULTS, SessionStore, type SessionLimits } from './sessions';
import { VerifiedAccessCache, type VerifiedAccess } from './verified-access';

export type { AccessClaims, Role } from './jwt';

export type RevocationReason = RevokedSessionsTable['reason'];

/**
 * Why a refresh was refused: bad or unknown token, reused (family revoked), revoked, the session
 * idle too long, or at its absolute end.
 */
export type RefreshFailure = 'invalid' | 'reused' | 'revoked' | 'idle' | 'limit';

const MAX_REVOKED_CACHE = 10_000;

export class TokenService {
  private readonly revoked = new Set<string>();
  /** The sessions' rows: their ends, and their last calls (auth/sessions.ts). */
  readonly sessions: SessionStore;
  private readonly verified = new VerifiedAccessCache();
  private readonly findRevoked: (sid: string) => Promise<{ sid: string }[]>;
  private readonly jwt: JwtCodec;

  constructor(
    private readonly db: Db,
    key: Uint8Array,
    private readonly now: () => Date,
    readonly limits: SessionLimits = SESSION_DEFAULTS,
  ) {
    this.jwt = new JwtCodec(key, now, limits);
    this.sessions = new SessionStore(db, now, limits, (sid) => this.isRevoked(sid));
    this.findRevoked = precompile(db, ['text'], (sid) =>
      db.selectFrom('revoked_sessions').select('sid').where('sid', '=', sid),
    );
  }

  /**
   * Issues a pair for a new session, or, with `sid`, a pair that joins an existing session (a
   * session may hold several debtors; each sign-in proves one). Joining keeps the session's end;
   * a session that is not live any more (ended, or from before sessions were kept) is not joined:
   * the pair starts a new one.
   */
  async issue(
    debtorId: number,
    role: Role,
    extra: TokenExtra = {},
    options: { sid?: string } = {},
  ): Promise<TokenPair> {
    const now = this.now();
    const stamp = now.toISOString();
    const joined = options.sid ? await this.sessions.live(options.sid) : undefined;
    const sid = joined?.sid ?? randomUUID();
    const endsAt = joined ? new Date(joined.ends_at) : new Date(now.getTime() + this.limits.maxMs);
    const pair = await this.jwt.sign(debtorId, role, sid, extra, endsAt);
    // One transaction: one commit (one log sync) for every row, and never one without the others.
    await this.db.transaction().execute(async (trx) => {
      if (joined) {
        await trx
          .updateTable('sessions')
          .set({ last_active_at: stamp })
          .where('sid', '=', sid)
          .execute();
      } else {
        await trx
          .insertInto('sessions')
          .values({
            sid,
            role,
            started_at: stamp,
            last_active_at: stamp,
            ends_at: endsAt.toISOString(),
          })
          .execute();
      }
      await trx.insertInto('refresh_tokens').values(pair.row).execute();
      if (role === 'account') {
        await trx
          .insertInto('session_debtors')
          .values({ sid, debtor_id: debtorId, selected: 1, created_at: stamp })
          .onConflict((oc) => oc.columns(['sid', 'debtor_id']).doNothing())
          .execute();
      }
    });
    this.sessions.remember(sid, now.getTime());
    if (!joined) await this.sessions.forgetEnded(now);
    return pair.tokens;
  }

  /** A call of the session: its idle time starts again (SessionStore.touch). */
  touch(sid: string): Promise<void> {
    return this.sessions.touch(sid);
  }

  /** The session's last call to write with another statement, when due (SessionStore.touchDue). */
  touchDue(sid: string): { stamp: string; idleSince: string } | undefined {
    return this.sessions.touchDue(sid);
  }

  /** A last call touchDue gave was not written (SessionStore.forgetTouch). */
  forgetTouch(sid: string): void {
    this.sessions.forgetTouch(sid);
  }

  /** Verifies an access token; null when invalid, expired, a refresh token, or revoked. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const claims = await this.verifyAccessSignature(token);
    return claims && !(await this.isRevoked(claims.sid)) ? claims : null;
  }

  /**
   * An access token's checks without the database look-up of its session: null when invalid,
   * expired, a refresh token, or known here to be revoked. The caller's own read must then ask
   * whether the session is revoked (sessionRevoked) and report it with `sessionChecked`: the guard
   * of a route whose read does this (auth/guard.ts, revocationInRead), one round trip fewer.
   */
  async verifyAccessSignature(token: string): Promise<AccessClaims | null> {
    const entry = await this.verifiedAccess(token);
    if (!entry || this.revoked.has(entry.claims.sid)) return null;
    // A copy: the caller may keep or change it.
    return { ...entry.claims };
  }

  /**
   * What a read that asked about the session found: true when revoked (remembered, as by
   * isRevoked), false when not; undefined when the read returned no row to carry the answer, and
   * the session is then looked up on its own.
   */
  async sessionChecked(sid: string, revoked: boolean | undefined): Promise<boolean> {
    if (revoked === undefined) return this.isRevoked(sid);
    if (revoked) this.remember(sid);
    return revoked;
  }

  /** How many verified access tokens are remembered (for tests of the bound). */
  get rememberedTokens(): number {
    return this.verified.size;
  }

  /** The signature and claim checks of an access token, remembered per token string. */
  private async verifiedAccess(token: string): Promise<VerifiedAccess | null> {
    const now = this.now();
    const cached = this.verified.get(token, now);
    if (cached !== undefined) return cached;
    const payload = await this.jwt.verify(token);
    const claims = payload && accessClaimsOf(payload);
    if (!payload || !claims) return null;
    const entry: VerifiedAccess = {
      claims,
      exp: payload.exp,
      nbf: payload.nbf,
      usedAt: now.getTime(),
    };
    this.verified.add(token, entry, now);
    return entry;
  }

  /** The session (sid) of a valid refresh token, used or not; null when invalid. */
  async refreshSession(token: string): Promise<string | null> {
    const payload = await this.jwt.verify(token);
    if (!payload || payload.typ !== 'refresh' || typeof payload.sid !== 'string') return null;
    return payload.sid;
  }

  async isRevoked(sid: string): Promise<boolean> {
    if (this.revoked.has(sid)) return true;
    const rows = await this.findRevoked(sid);
    if (rows.length > 0) this.remember(sid);
    return rows.length > 0;
  }

  private remember(sid: string): void {
    if (this.revoked.size >= MAX_REVOKED_CACHE) this.revoked.clear();
    this.revoked.add(sid);
  }

  /** Revokes a session: its refresh tokens stop working and its access tokens are refused. */
  async revokeSession(sid: string, reason: RevocationReason): Promise<void> {
    const stamp = this.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('revoked_sessions')
        .values({ sid, reason, revoked_at: stamp })
        .onConflict((oc) => oc.column('sid').doNothing())
        .execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: stamp })
        .where('family', '=', sid)
        .where('revoked_at', 'is', null)
        .execute();
    });
    this.remember(sid);
  }

  /** One-time use of a refresh token: a new pair in the same session, or why not. */
  async refresh(
    token: string,
  ): Promise<{ ok: true; tokens: TokenPair } | { ok: false; reason: RefreshFailure }> {
    const verified = await this.jwt.verifyOrExpired(token);
    const payload = verified?.payload;
    if (
      !payload ||
      payload.typ !== 'refresh' ||
      typeof payload.jti !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    // A refresh token expires with its session (sign): expired means the session reached its end.
    if (verified.expired) return { ok: false, reason: 'limit' };
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('jti', '=', payload.jti)
      .executeTakeFirst();
    if (!row || row.family !== payload.sid) return { ok: false, reason: 'invalid' };
    // The role is stored as written at sign-in: anything else is refused, never taken as a role.
    const role: Role | undefined =
      row.role === 'letter' ? 'letter' : row.role === 'account' ? 'account' : undefined;
    if (!role) return { ok: false, reason: 'invalid' };
    if (row.revoked_at !== null || (await this.isRevoked(row.family))) {
      return { ok: false, reason: 'revoked' };
    }
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('sid', '=', row.family)
      .executeTakeFirst();
    if (!session) return { ok: false, reason: 'invalid' };
    const ended = this.sessions.endOf(session);
    if (ended) {
      await this.revokeSession(row.family, ended);
      return { ok: false, reason: ended };
    }
    if (row.replaced_by !== null) {
      await this.revokeSession(row.family, 'refresh_reuse');
      return { ok: false, reason: 'reused' };
    }
    // Claim the token: only one caller can move replaced_by from null.
    const next = randomUUID();
    const claimed = await this.db
      .updateTable('refresh_tokens')
      .set({ replaced_by: next })
      .where('jti', '=', row.jti)
      .where('replaced_by', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await this.revokeSession(row.family, 'refresh_reuse');
      return { ok: false, reason: 'reused' };
    }
    const extra = row.claims ? (JSON.parse(row.claims) as TokenExtra) : {};
    const now = this.now();
    const fresh = await this.jwt.sign(
      row.debtor_id,
      role,
      row.family,
      extra,
      new Date(session.ends_at),
    );
    // The new token, the link to it and the session's activity in one commit.
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('refresh_tokens').values(fresh.row).execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ replaced_by: fresh.jti })
        .where('jti', '=', row.jti)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ last_active_at: now.toISOString() })
        .where('sid', '=', row.family)
        .execute();
    });
    this.sessions.remember(row.family, now.getTime());
    return { ok: true, tokens: fresh.tokens };
  }
}
