/**
 * The database the server uses, for a command-line script: DATABASE_URL, else DATA_DIR/portal.db
 * (DATA_DIR defaults to ./data), migrated to the latest version, with the keys derived from the
 * server secret (PORTAL_SECRET or PORTAL_KEY_FILE, else DATA_DIR/portal.key on SQLite: the
 * server's own rules, db/secret.ts). Closed afterwards.
 */
import path from 'node:path';
import { deriveKeys, type ServerKeys } from '../../src/server/auth/keys';
import { openDatabase, type PortalDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadServerSecret, secretSourceFromEnv } from '../../src/server/db/secret';

/** Runs `work` on the server's database and answers its exit code. */
export async function withServerDatabase(
  work: (database: PortalDatabase, keys: ServerKeys) => Promise<number>,
): Promise<number> {
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.resolve(process.env.DATA_DIR || 'data'),
  });
  try {
    await migrateToLatest(database.db);
    const source = secretSourceFromEnv(process.env, database);
    const keys = deriveKeys(await loadServerSecret(database.db, source));
    return await work(database, keys);
  } finally {
    await database.destroy();
  }
}
