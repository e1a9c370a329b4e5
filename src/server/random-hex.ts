/**
 * Random identifiers that are not secrets (a payment's confirmation code, the sandbox's processor
 * reference), from the same CSPRNG as `randomBytes`, drawn in blocks: each `randomBytes` call
 * enters OpenSSL on its own (about 10 µs a call under load, two per payment), a block of POOL_SIZE
 * bytes is drawn once and handed out in slices, each byte at most once (zeroed once used). Keys,
 * tokens and salts keep calling `randomBytes` themselves.
 */
import { randomFillSync } from 'node:crypto';

const POOL_SIZE = 4096;

let pool = Buffer.alloc(0);
let used = 0;

/** `bytes` random bytes (1 to POOL_SIZE) as lowercase hexadecimal. */
export function randomHex(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_SIZE) {
    throw new RangeError(`randomHex: ${bytes} bytes`);
  }
  if (used + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_SIZE));
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  pool.fill(0, used, used + bytes);
  used += bytes;
  return hex;
}
