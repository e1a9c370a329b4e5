/**
 * The portal's JSON Web Tokens (jose, HS256): what an access token says (AccessClaims), how a pair
 * is signed, and how a token is verified. An access token lives 15 minutes (or the idle limit, if
 * shorter) and never past its session's end; a refresh token (typ 'refresh') lives until the
 * session's end, its jti the key of its refresh_tokens row. The session rules that decide when a
 * pair is issued or refused are auth/tokens.ts's.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Insertable } from 'kysely';
import type { TokenPair } from '@/generated/types/api/token-pair';
import type { RefreshTokensTable } from '../db/types';
import type { SessionLimits } from './sessions';

export type Role = 'account' | 'letter';

export interface AccessClaims {
  debtorId: number;
  role: Role;
  sid: string;
  accountNumber?: string;
  letterId?: number;
}

/** The claims a letter token adds (kept with its refresh token, for the pairs that follow). */
export type TokenExtra = { accountNumber?: string; letterId?: number };

const ISSUER = 'debt-portal';
const AUDIENCE = 'debt-portal';
export const ACCESS_SECONDS = 15 * 60;

/** A signed pair, the jti of its refresh token, and the refresh_tokens row to store for it. */
export interface SignedPair {
  tokens: TokenPair;
  jti: string;
  row: Insertable<RefreshTokensTable>;
}

/** Signs and verifies the portal's tokens with one key, against the injectable clock. */
export class JwtCodec {
  /** The HMAC key imported once (jose would import the raw bytes on every sign and verify). */
  private cryptoKey: Promise<CryptoKey> | undefined;

  constructor(
    private readonly key: Uint8Array,
    private readonly now: () => Date,
    private readonly limits: SessionLimits,
  ) {}

  private signingKey(): Promise<CryptoKey> {
    this.cryptoKey ??= crypto.subtle.importKey(
      'raw',
      new Uint8Array(this.key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.cryptoKey;
  }

  async sign(
    debtorId: number,
    role: Role,
    sid: string,
    extra: TokenExtra,
    endsAt: Date,
  ): Promise<SignedPair> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    // No token outlives its session: both expire at its end at the latest. An access token lives
    // no longer than the idle limit either, so a session idle that long has no valid one left.
    const sessionEnd = Math.floor(endsAt.getTime() / 1000);
    const accessSeconds = Math.max(
      1,
      Math.min(ACCESS_SECONDS, Math.floor(this.limits.idleMs / 1000)),
    );
    const jti = randomUUID();
    const key = await this.signingKey();
    const accessToken = await new SignJWT({ role, sid, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(debtorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.min(issuedAt + accessSeconds, sessionEnd))
      .setJti(randomUUID())
      .sign(key);
    const refreshToken = await new SignJWT({ typ: 'refresh', role, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(debtorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(sessionEnd)
      .setJti(jti)
      .sign(key);
    const row: Insertable<RefreshTokensTable> = {
      jti,
      debtor_id: debtorId,
      family: sid,
      role,
      claims: Object.keys(extra).length > 0 ? JSON.stringify(extra) : null,
      expires_at: new Date(sessionEnd * 1000).toISOString(),
      revoked_at: null,
      replaced_by: null,
      created_at: this.now().toISOString(),
    };
    return { tokens: { accessToken, refreshToken }, jti, row };
  }

  /** A token's payload when it is valid and unexpired; null otherwise. */
  async verify(token: string): Promise<JWTPayload | null> {
    const result = await this.verifyOrExpired(token);
    return result?.expired === false ? result.payload : null;
  }

  /**
   * A token's payload when its signature, issuer and audience hold, with whether it has expired
   * (jose checks the signature before the claims, so an expired token's payload is authentic).
   */
  async verifyOrExpired(token: string): Promise<{ payload: JWTPayload; expired: boolean } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.signingKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
      });
      return { payload, expired: false };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { payload: error.payload, expired: true };
      return null;
    }
  }
}

/** An access token's claims from its verified payload; null for a refresh token or bad claims. */
export function accessClaimsOf(payload: JWTPayload): AccessClaims | null {
  if (payload.typ === 'refresh') return null;
  const debtorId = Number(payload.sub);
  const role = payload.role;
  if (!Number.isInteger(debtorId) || (role !== 'account' && role !== 'letter')) return null;
  if (typeof payload.sid !== 'string') return null;
  const claims: AccessClaims = { debtorId, role, sid: payload.sid };
  if (typeof payload.accountNumber === 'string') claims.accountNumber = payload.accountNumber;
  if (typeof payload.letterId === 'number') claims.letterId = payload.letterId;
  return claims;
}
