/**
 * Token pair (jose, HS256): access 15 minutes with sub (debtor id), role, sid and for letter
 * tokens accountNumber and letterId; refresh 12 hours with typ 'refresh', its jti stored in
 * refresh_tokens (family = sid).
 *
 * Rotation: a refresh token is good for one use. Refreshing marks its row replaced (an atomic
 * conditional update, so two concurrent uses cannot both win) and issues a new pair in the same
 * family. Presenting a used or revoked refresh token is taken as theft: the whole family is
 * revoked. Logout revokes the family too. A revoked family's sid is in revoked_sessions, and every
 * access token carrying it is refused: one primary-key look-up per request, with revoked sids
 * cached in memory (revocation is permanent, so the cache never goes stale).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { RevokedSessionsTable } from '../db/forms-tables';
import type { Db } from '../db/types';

export type Role = 'account' | 'letter';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface AccessClaims {
  debtorId: number;
  role: Role;
  sid: string;
  accountNumber?: string;
  letterId?: number;
}

export type RevocationReason = RevokedSessionsTable['reason'];

/** Why a refresh was refused: bad or expired token, unknown, reused (family revoked), revoked. */
export type RefreshFailure = 'invalid' | 'reused' | 'revoked';

const ISSUER = 'debt-portal';
const AUDIENCE = 'debt-portal';
export const ACCESS_SECONDS = 15 * 60;
export const REFRESH_SECONDS = 12 * 60 * 60;
const MAX_REVOKED_CACHE = 10_000;

type Extra = { accountNumber?: string; letterId?: number };

export class TokenService {
  private readonly revoked = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    private readonly now: () => Date,
  ) {}

  /**
   * Issues a pair for a new session, or, with `sid`, a pair that joins an existing session (a
   * session may hold several debtors; each sign-in proves one).
   */
  async issue(
    debtorId: number,
    role: Role,
    extra: Extra = {},
    options: { sid?: string } = {},
  ): Promise<TokenPair> {
    const sid = options.sid ?? randomUUID();
    const pair = await this.sign(debtorId, role, sid, extra);
    if (role === 'account') {
      const stamp = this.now().toISOString();
      await this.db
        .insertInto('session_debtors')
        .values({ sid, debtor_id: debtorId, selected: 1, created_at: stamp })
        .onConflict((oc) => oc.columns(['sid', 'debtor_id']).doNothing())
        .execute();
    }
    return pair.tokens;
  }

  private async sign(
    debtorId: number,
    role: Role,
    sid: string,
    extra: Extra,
  ): Promise<{ tokens: TokenPair; jti: string }> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const jti = randomUUID();
    const accessToken = await new SignJWT({ role, sid, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(debtorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_SECONDS)
      .setJti(randomUUID())
      .sign(this.key);
    const refreshToken = await new SignJWT({ typ: 'refresh', role, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(debtorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + REFRESH_SECONDS)
      .setJti(jti)
      .sign(this.key);
    await this.db
      .insertInto('refresh_tokens')
      .values({
        jti,
        debtor_id: debtorId,
        family: sid,
        role,
        claims: Object.keys(extra).length > 0 ? JSON.stringify(extra) : null,
        expires_at: new Date((issuedAt + REFRESH_SECONDS) * 1000).toISOString(),
        revoked_at: null,
        replaced_by: null,
        created_at: this.now().toISOString(),
      })
      .execute();
    return { tokens: { accessToken, refreshToken }, jti };
  }

  private async verify(token: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
      });
      return payload;
    } catch {
      return null;
    }
  }

  /** Verifies an access token; null when invalid, expired, a refresh token, or revoked. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token);
    if (!payload || payload.typ === 'refresh') return null;
    const debtorId = Number(payload.sub);
    const role = payload.role;
    if (!Number.isInteger(debtorId) || (role !== 'account' && role !== 'letter')) return null;
    if (typeof payload.sid !== 'string') return null;
    if (await this.isRevoked(payload.sid)) return null;
    const claims: AccessClaims = { debtorId, role, sid: payload.sid };
    if (typeof payload.accountNumber === 'string') claims.accountNumber = payload.accountNumber;
    if (typeof payload.letterId === 'number') claims.letterId = payload.letterId;
    return claims;
  }

  /** The session (sid) of a valid refresh token, used or not; null when invalid. */
  async refreshSession(token: string): Promise<string | null> {
    const payload = await this.verify(token);
    if (!payload || payload.typ !== 'refresh' || typeof payload.sid !== 'string') return null;
    return payload.sid;
  }

  async isRevoked(sid: string): Promise<boolean> {
    if (this.revoked.has(sid)) return true;
    const row = await this.db
      .selectFrom('revoked_sessions')
      .select('sid')
      .where('sid', '=', sid)
      .executeTakeFirst();
    if (row) this.remember(sid);
    return row !== undefined;
  }

  private remember(sid: string): void {
    if (this.revoked.size >= MAX_REVOKED_CACHE) this.revoked.clear();
    this.revoked.add(sid);
  }

  /** Revokes a session: its refresh tokens stop working and its access tokens are refused. */
  async revokeSession(sid: string, reason: RevocationReason): Promise<void> {
    const stamp = this.now().toISOString();
    await this.db
      .insertInto('revoked_sessions')
      .values({ sid, reason, revoked_at: stamp })
      .onConflict((oc) => oc.column('sid').doNothing())
      .execute();
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: stamp })
      .where('family', '=', sid)
      .where('revoked_at', 'is', null)
      .execute();
    this.remember(sid);
  }

  /** One-time use of a refresh token: a new pair in the same session, or why not. */
  async refresh(
    token: string,
  ): Promise<{ ok: true; tokens: TokenPair } | { ok: false; reason: RefreshFailure }> {
    const payload = await this.verify(token);
    if (
      !payload ||
      payload.typ !== 'refresh' ||
      typeof payload.jti !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('jti', '=', payload.jti)
      .executeTakeFirst();
    if (!row || row.family !== payload.sid) return { ok: false, reason: 'invalid' };
    if (row.revoked_at !== null || (await this.isRevoked(row.family))) {
      return { ok: false, reason: 'revoked' };
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
    const role = row.role === 'letter' ? 'letter' : 'account';
    const extra = row.claims ? (JSON.parse(row.claims) as Extra) : {};
    const { tokens, jti } = await this.sign(row.debtor_id, role, row.family, extra);
    await this.db
      .updateTable('refresh_tokens')
      .set({ replaced_by: jti })
      .where('jti', '=', row.jti)
      .execute();
    return { ok: true, tokens };
  }
}
