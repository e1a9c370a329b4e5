/**
 * Agency API keys (issue 42): what opens the events feed (GET /api/agency/v1/events). A key is
 * `pak_` and 32 random base64url characters, shown once when it is made (scripts/agency-key.ts);
 * only its SHA-256 is stored, with its first characters to tell keys apart. A key may be scoped to
 * one client (it then reads only that client's events) and is revoked, never deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/types';

export const KEY_PREFIX = 'pak_';
/** The whole key: the prefix and 24 random bytes in base64url. */
const KEY_FORMAT = /^pak_[A-Za-z0-9_-]{32}$/;

export interface AgencyKey {
  id: number;
  name: string;
  clientId: string | null;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Makes a key; answers it whole (the only time it is seen) and its stored record. */
export async function createAgencyKey(
  db: Db,
  options: { name: string; clientId: string | null; now: Date },
): Promise<{ key: string; record: AgencyKey }> {
  const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const row = await db
    .insertInto('agency_keys')
    .values({
      name: options.name,
      client_id: options.clientId,
      key_hash: hashOf(key),
      prefix: key.slice(0, 10),
      created_at: options.now.toISOString(),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, record: asKey(row) };
}

/** Revokes key `id` from now on; false when there is no such key or it was already revoked. */
export async function revokeAgencyKey(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('agency_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listAgencyKeys(db: Db): Promise<AgencyKey[]> {
  const rows = await db.selectFrom('agency_keys').selectAll().orderBy('id').execute();
  return rows.map(asKey);
}

function asKey(row: {
  id: number;
  name: string;
  client_id: string | null;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}): AgencyKey {
  return {
    id: row.id,
    name: row.name,
    clientId: row.client_id,
    prefix: row.prefix,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * The key an Authorization header names (`Bearer pak_…`), if it is a key that is not revoked.
 * Anything else (no header, another scheme, a debtor's access token, a revoked or unknown key) is
 * undefined. The lookup is by the key's hash, so the stored hashes are never compared by hand.
 */
export async function agencyKeyOf(db: Db, header: unknown): Promise<AgencyKey | undefined> {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  const key = match?.[1];
  if (!key || !KEY_FORMAT.test(key)) return undefined;
  const row = await db
    .selectFrom('agency_keys')
    .selectAll()
    .where('key_hash', '=', hashOf(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? asKey(row) : undefined;
}
