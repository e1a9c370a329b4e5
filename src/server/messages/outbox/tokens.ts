/**
 * The opt-out token of a message (issue 43, Reg F 1006.6(e), RFC 8058): `<message id>.<signature>`,
 * the signature an HMAC-SHA256 (base64url) of the message id with a key derived from the server
 * secret. One token per message; only the server can make one, and a token names the message (so
 * the address it went to) and nothing else.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const ID = /^msg_[0-9a-f]{24}$/;

/** The token key, derived from the server's identity key (never the key itself). */
export function unsubscribeKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, 'debt-portal', 'message-unsubscribe-v1', 32));
}

const sign = (key: Buffer, messageId: string) =>
  createHmac('sha256', key).update(messageId).digest('base64url');

export function unsubscribeToken(key: Buffer, messageId: string): string {
  return `${messageId}.${sign(key, messageId)}`;
}

/** The message id of a good token; null for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [id, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !signature || !ID.test(id)) return null;
  const expected = Buffer.from(sign(key, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** An address as evidence shows it: `m•••@example.com`, `•••••••4567`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address[0] ?? ''}•••${address.slice(at)}`;
  return `•••${address.slice(-4)}`;
}
