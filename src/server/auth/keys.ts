/**
 * Keys derived from the server secret (HKDF-SHA256, one purpose each) and the keyed hashes of
 * identity facts. SSN last 4 and date of birth are stored only as HMAC-SHA256, never in plain text.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface ServerKeys {
  identityHmacKey: Buffer;
  jwtKey: Uint8Array;
  /** Encrypts the studio's TOTP secrets (studio/totp.ts). */
  totpKey: Buffer;
  /** Signs a studio session's CSRF token (studio/sessions.ts). */
  csrfKey: Buffer;
  /** Signs the studio's preview cookie, `portal_preview` (studio/preview.ts). */
  previewKey: Buffer;
  /** Encrypts the webhook endpoints' signing secrets (webhooks/endpoints.ts). */
  webhookKey: Buffer;
}

export function deriveKeys(secret: Buffer): ServerKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'debt-portal', info, 32));
  return {
    identityHmacKey: derive('identity-hmac-v1'),
    jwtKey: new Uint8Array(derive('jwt-hs256-v1')),
    totpKey: derive('studio-totp-v1'),
    csrfKey: derive('studio-csrf-v1'),
    previewKey: derive('studio-preview-v1'),
    webhookKey: derive('webhook-secrets-v1'),
  };
}

function hmac(key: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}:${value}`).digest('hex');
}

/** HMAC of the last 4 SSN digits (digits only). */
export function hashSsnLast4(key: Buffer, last4: string): string {
  return hmac(key, 'ssn4', last4.replace(/\D/g, ''));
}

/** HMAC of a date of birth in YYYY-MM-DD form. */
export function hashDateOfBirth(key: Buffer, dob: string): string {
  return hmac(key, 'dob', dob.trim());
}

/** Constant-time comparison of two hex digests; false when either is missing. */
export function sameDigest(a: string | null | undefined, b: string): boolean {
  const left = Buffer.from(a ?? '0'.repeat(64), 'hex');
  const right = Buffer.from(b, 'hex');
  if (left.length !== right.length) {
    timingSafeEqual(right, right);
    return false;
  }
  return timingSafeEqual(left, right) && a != null;
}

/**
 * Normalized name used to match last names and business names: lower case, letters and digits
 * only, single spaces ("Acme Supply, LLC." and "acme supply llc" are the same).
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
