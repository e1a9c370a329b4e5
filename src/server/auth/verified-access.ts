/**
 * Verified access tokens remembered per token string (bounded, least recently used dropped): the
 * signature, issuer, audience and claim checks depend only on the token and the key, so for a
 * remembered token only the time checks (exp, nbf, as jose makes them against the injectable
 * clock) are repeated (auth/tokens.ts, verifyAccessSignature).
 */
import type { AccessClaims } from './jwt';

/** Verified access tokens remembered (about a kilobyte each, the token's text with its claims). */
export const MAX_VERIFIED_CACHE = 10_000;
/**
 * A remembered token not used for this long is forgotten (verified again if it comes back): the
 * cache then holds the tokens in use, not every token of the last quarter of an hour, and a
 * server's memory levels off within minutes instead of growing until the count bound.
 */
export const VERIFIED_IDLE_MS = 2 * 60_000;

/** An access token that passed jwtVerify: its claims and the time bounds jose checked. */
export interface VerifiedAccess {
  claims: AccessClaims;
  exp: number | undefined;
  nbf: number | undefined;
  /** When it was last used (ms of the injected clock), for VERIFIED_IDLE_MS. */
  usedAt: number;
}

/** Same rule as jose (no clock tolerance): valid while nbf <= now < exp, in whole seconds. */
function inTime(entry: VerifiedAccess, now: Date): boolean {
  const seconds = Math.floor(now.getTime() / 1000);
  if (entry.nbf !== undefined && entry.nbf > seconds) return false;
  return entry.exp === undefined || entry.exp > seconds;
}

export class VerifiedAccessCache {
  private readonly verified = new Map<string, VerifiedAccess>();

  /** How many tokens are remembered. */
  get size(): number {
    return this.verified.size;
  }

  /**
   * The remembered token, now the most recently used; undefined when not remembered, null when
   * remembered but out of its time (then forgotten: jose refuses it now).
   */
  get(token: string, now: Date): VerifiedAccess | null | undefined {
    const cached = this.verified.get(token);
    if (!cached) return undefined;
    // Out of its time it is dropped; otherwise it becomes the newest.
    this.verified.delete(token);
    if (!inTime(cached, now)) return null;
    cached.usedAt = now.getTime();
    this.verified.set(token, cached);
    return cached;
  }

  /** Remembers a token just verified, after dropping the idle ones, and the oldest when full. */
  add(token: string, entry: VerifiedAccess, now: Date): void {
    // Least recently used first (a use moves an entry to the end).
    for (const [key, old] of this.verified) {
      const idle = now.getTime() - old.usedAt > VERIFIED_IDLE_MS || old.usedAt > now.getTime();
      if (!idle && this.verified.size < MAX_VERIFIED_CACHE) break;
      this.verified.delete(key);
    }
    this.verified.set(token, entry);
  }
}
