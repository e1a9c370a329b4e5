/**
 * The staff second factor (issue 24): TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with otpauth, a
 * maintained library. A code is accepted one step either side of now, and never twice (the
 * account keeps the step of the last accepted code). The secret is stored encrypted
 * (AES-256-GCM with a key derived from the server secret, auth/keys.ts), so a copy of the
 * database without the server secret (PORTAL_SECRET or the key file, never in the database:
 * db/secret.ts) does not give the second factor away.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Debt portal studio';
export const TOTP_PERIOD = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app reads (shown once, when the account is made). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The current code (tests and the staff:add script's check). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret, '').generate({ timestamp: at.getTime() });
}

/**
 * The time step of `code` if it is valid at `at` (±1 step) and later than `lastStep`; else null.
 */
export function acceptedStep(
  secret: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(at.getTime() / 1000 / TOTP_PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
