/**
 * Staff passwords (issue 24): the strength rules, and hashing with scrypt (Node's own
 * crypto.scrypt: maintained with Node, no native add-on). A hash is written as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url), so the cost can be raised later and old
 * hashes still verify. Comparison is constant-time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt parameters (N = 2^17, r = 8, p = 1): about 128 MB and a few hundred ms. */
export const SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Why a password is refused: too short, too long, or of one character class only. */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'oneClass';

/**
 * The strength rules: at least 12 characters (200 at most: hashing a long text is work an
 * attacker could ask for), and not all of one class (lower case, upper case, digits, others).
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{Ll}\p{Lu}\p{N}]/u].filter((re) =>
    re.test(password),
  ).length;
  return classes < 2 ? 'oneClass' : null;
}

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  const N = cost.N ?? SCRYPT_COST.N;
  const r = cost.r ?? SCRYPT_COST.r;
  const p = cost.p ?? SCRYPT_COST.p;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r * p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT_COST);
  const { N, r, p } = SCRYPT_COST;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of no one's password, verified when the email is unknown so both take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
