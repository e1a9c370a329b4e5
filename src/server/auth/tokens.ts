/**
 * Token pair (jose, HS256): access 15 minutes with sub (debtor id), role, sid and for letter
 * tokens accountNumber and letterId; refresh 12 hours with typ 'refresh', its jti stored in
 * refresh_tokens (family = sid) for later rotation and server-side logout.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
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

const ISSUER = 'debt-portal';
const AUDIENCE = 'debt-portal';
export const ACCESS_SECONDS = 15 * 60;
export const REFRESH_SECONDS = 12 * 60 * 60;

export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    private readonly now: () => Date,
  ) {}

  async issue(
    debtorId: number,
    role: Role,
    extra: { accountNumber?: string; letterId?: number } = {},
  ): Promise<TokenPair> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const sid = randomUUID();
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
    return { accessToken, refreshToken };
  }

  /** Verifies an access token; null when invalid, expired, or a refresh token. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
      });
      if (payload.typ === 'refresh') return null;
      const debtorId = Number(payload.sub);
      const role = payload.role;
      if (!Number.isInteger(debtorId) || (role !== 'account' && role !== 'letter')) return null;
      if (typeof payload.sid !== 'string') return null;
      const claims: AccessClaims = { debtorId, role, sid: payload.sid };
      if (typeof payload.accountNumber === 'string') claims.accountNumber = payload.accountNumber;
      if (typeof payload.letterId === 'number') claims.letterId = payload.letterId;
      return claims;
    } catch {
      return null;
    }
  }
}
