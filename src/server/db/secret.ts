/**
 * The server secret: 32 random bytes generated on first start and stored in server_secrets, so
 * every process sharing the database signs and hashes with the same keys. PORTAL_SECRET overrides
 * it (then HMACs of imported SSNs and dates of birth must have been made with the same value).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './types';

const NAME = 'primary';

export async function loadServerSecret(db: Db, override?: string): Promise<Buffer> {
  if (override) return Buffer.from(override, 'utf8');
  await db
    .insertInto('server_secrets')
    .values({
      name: NAME,
      secret: randomBytes(32).toString('hex'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'hex');
}
