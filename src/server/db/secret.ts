/**
 * The server secret, from which every signing, hashing and encryption key is derived
 * (auth/keys.ts). It is never kept in the database it protects: whoever reads a backup of the data
 * must not be able to sign debtors' tokens, decrypt the staff's TOTP seeds, forge preview cookies
 * or brute-force the SSN and birth-date HMACs.
 *
 * Where it comes from (secretSourceFromEnv):
 * - `PORTAL_SECRET`: the key itself, at least 32 bytes (its UTF-8 bytes are the key); or
 * - `PORTAL_KEY_FILE`: a file holding 32 bytes as 64 hexadecimal digits (`openssl rand -hex 32`),
 *   not readable by group or others; made with a new random key (mode 0600) when missing;
 * - neither, on SQLite: the key file `DATA_DIR/portal.key`, beside the database file (not in it),
 *   made on the first start. Every process on that data folder reads the same file.
 * - neither, on PostgreSQL: the server refuses to start.
 *
 * Before this, the generated secret was a row of `server_secrets` in the database itself. A
 * database of that layout is migrated on start: the stored key is written to the key file (when
 * the file is missing) and the row deleted, so the HMACs and TOTP seeds made with it keep working.
 * A PORTAL_SECRET or key file that differs from the stored key is refused rather than used.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { Db } from './types';

/** The key file's name in DATA_DIR when neither PORTAL_SECRET nor PORTAL_KEY_FILE is set. */
export const KEY_FILE_NAME = 'portal.key';
/** The shortest PORTAL_SECRET accepted, in bytes (the key of HMAC-SHA256). */
export const MIN_SECRET_BYTES = 32;

const LEGACY_NAME = 'primary';
const KEY_BYTES = 32;

/** A start-up refusal whose message says what to set; never holds a key. */
export class ServerSecretError extends Error {
  override name = 'ServerSecretError';
}

export interface SecretSource {
  /** PORTAL_SECRET: the key itself (its UTF-8 bytes), at least 32 bytes. */
  secret?: string | undefined;
  /** A key file (PORTAL_KEY_FILE, or DATA_DIR/portal.key on SQLite); made when missing. */
  keyFile?: string | undefined;
}

/**
 * The secret's source for a server or script from its environment: PORTAL_SECRET or
 * PORTAL_KEY_FILE (not both), else on SQLite DATA_DIR/portal.key beside the database file. On
 * PostgreSQL one of the two is required.
 */
export function secretSourceFromEnv(
  env: NodeJS.ProcessEnv,
  database: { dialect: 'sqlite' | 'postgres'; location: string },
): SecretSource {
  const secret = env.PORTAL_SECRET || undefined;
  const keyFile = env.PORTAL_KEY_FILE ? path.resolve(env.PORTAL_KEY_FILE) : undefined;
  if (secret !== undefined && keyFile !== undefined) {
    throw new ServerSecretError(
      'Both PORTAL_SECRET and PORTAL_KEY_FILE are set: set one of them, the key or the file holding it.',
    );
  }
  if (secret !== undefined || keyFile !== undefined) return checkSecretSource({ secret, keyFile });
  if (database.dialect === 'sqlite') {
    return { keyFile: path.join(path.dirname(database.location), KEY_FILE_NAME) };
  }
  throw new ServerSecretError(
    'On PostgreSQL (DATABASE_URL) the server needs its key from outside the database: set ' +
      'PORTAL_SECRET (at least 32 bytes, e.g. from `openssl rand -hex 32`) or PORTAL_KEY_FILE ' +
      '(a file holding 64 hexadecimal digits, made with a new key when missing), the same for ' +
      'every server process and script on this database.',
  );
}

/** Refuses a source without a key or with a PORTAL_SECRET shorter than 32 bytes. */
export function checkSecretSource(source: SecretSource): SecretSource {
  if (source.secret !== undefined) {
    const bytes = Buffer.byteLength(source.secret, 'utf8');
    if (bytes < MIN_SECRET_BYTES) {
      throw new ServerSecretError(
        `PORTAL_SECRET is ${bytes} bytes long: it must be at least ${MIN_SECRET_BYTES} ` +
          '(e.g. from `openssl rand -hex 32`).',
      );
    }
    return source;
  }
  if (source.keyFile) return source;
  throw new ServerSecretError(
    'No server secret: set PORTAL_SECRET (at least 32 bytes) or PORTAL_KEY_FILE (a file holding ' +
      'the key); on SQLite the default is DATA_DIR/portal.key.',
  );
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The key a key file holds; refuses a file readable by group or others, or of another shape. */
function readKeyFile(file: string): Buffer {
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new ServerSecretError(
      `The key file ${file} is readable or writable by others (mode ${mode.toString(8)}): ` +
        `make it the server's own (chmod 600 ${file}).`,
    );
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!HEX_KEY.test(text)) {
    throw new ServerSecretError(
      `The key file ${file} must hold 64 hexadecimal digits (32 bytes), e.g. from ` +
        '`openssl rand -hex 32`.',
    );
  }
  return Buffer.from(text, 'hex');
}

/**
 * Writes `key` to `file` unless it exists: into a temporary file of its own (created exclusively,
 * mode 0600, synced), then hard-linked to the name, which fails when another process made the
 * file first; that one's key is then the key. Never a moment where the name holds a partial key.
 */
function createKeyFile(file: string, key: Buffer): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}`,
  );
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${key.toString('hex')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  try {
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // A directory that cannot be opened for syncing (some platforms): the file itself is synced.
  }
}

function keyFileOrNull(file: string): Buffer | null {
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The server secret from `source` (checkSecretSource's rules), moving a key stored in the
 * database by an older version out to the key file and deleting its row.
 */
export async function loadServerSecret(db: Db, source: SecretSource): Promise<Buffer> {
  checkSecretSource(source);
  const legacy = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', LEGACY_NAME)
    .executeTakeFirst();
  const stored = legacy ? Buffer.from(legacy.secret, 'hex') : undefined;

  let key: Buffer;
  let origin: string;
  if (source.secret !== undefined) {
    key = Buffer.from(source.secret, 'utf8');
    origin = 'PORTAL_SECRET';
  } else {
    const file = source.keyFile ?? '';
    origin = `the key file ${file}`;
    const existing = keyFileOrNull(file);
    if (existing) key = existing;
    else {
      createKeyFile(file, stored ?? randomBytes(KEY_BYTES));
      key = readKeyFile(file);
    }
  }

  if (stored) {
    if (!stored.equals(key)) {
      throw new ServerSecretError(
        'This database still holds the server secret of an older version (table ' +
          `server_secrets), and it differs from ${origin}. The debtors' identity HMACs and the ` +
          "staff's TOTP seeds were made with the stored one: start with PORTAL_KEY_FILE naming a " +
          'file that does not exist yet (on SQLite, without PORTAL_SECRET and without ' +
          'DATA_DIR/portal.key) to move the stored key there. Only if the data was made with ' +
          `${origin}, delete the row instead (DELETE FROM server_secrets).`,
      );
    }
    await db.deleteFrom('server_secrets').where('name', '=', LEGACY_NAME).execute();
  }
  return key;
}
