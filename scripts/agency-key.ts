/**
 * Agency API keys for the events feed (issue 42; src/server/events/keys.ts), in the database the
 * server uses (DATA_DIR/portal.db, or DATABASE_URL):
 *
 *   npm run agency:key -- --name "Latitude sync" [--client CODE]   make a key; printed once
 *   npm run agency:key -- --list                                   the keys (never the keys themselves)
 *   npm run agency:key -- --revoke ID                              revoke key ID from now on
 *
 * A key made with --client reads only that client's events. Only the key's SHA-256 is stored: a
 * lost key is revoked and a new one made.
 */
import { parseArgs } from 'node:util';
import { createAgencyKey, listAgencyKeys, revokeAgencyKey } from '../src/server/events/keys';
import { withServerDatabase } from './lib/server-database';

const USAGE = `Usage: npm run agency:key -- --name "NAME" [--client CODE]
       npm run agency:key -- --list
       npm run agency:key -- --revoke ID`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        name: { type: 'string' },
        client: { type: 'string' },
        revoke: { type: 'string' },
        list: { type: 'boolean' },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();

const modes = [values.name !== undefined, values.revoke !== undefined, values.list === true];
if (modes.filter(Boolean).length !== 1) fail(USAGE);
if (values.client !== undefined && values.name === undefined) fail(USAGE);
const name = values.name?.trim();
if (values.name !== undefined && (!name || name.length > 100)) {
  fail('The name must have 1 to 100 characters.');
}
if (values.client !== undefined && !/^[A-Za-z0-9_-]{1,40}$/.test(values.client)) {
  fail(`Not a client code: ${values.client}`);
}
const revokeId = values.revoke === undefined ? undefined : Number(values.revoke);
if (revokeId !== undefined && !(Number.isSafeInteger(revokeId) && revokeId > 0)) {
  fail(`Not a key id: ${values.revoke}`);
}

const exitCode = await withServerDatabase(async (database) => {
  const now = new Date();
  if (values.list) {
    for (const key of await listAgencyKeys(database.db)) {
      const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
      const scope = key.clientId ? `client ${key.clientId}` : 'every client';
      console.log(`${key.id}\t${key.prefix}…\t${key.name}\t${scope}\t${state}`);
    }
    return 0;
  }
  if (revokeId !== undefined) {
    if (!(await revokeAgencyKey(database.db, revokeId, now))) {
      console.error(`No active key ${revokeId}.`);
      return 1;
    }
    console.log(`Key ${revokeId} revoked.`);
    return 0;
  }
  const clientId = values.client ?? null;
  if (clientId !== null) {
    const known = await database.db
      .selectFrom('accounts')
      .select('id')
      .where('client_id', '=', clientId)
      .limit(1)
      .executeTakeFirst();
    if (!known) console.error(`Note: no account of client ${clientId} yet.`);
  }
  const { key, record } = await createAgencyKey(database.db, {
    name: name ?? '',
    clientId,
    now,
  });
  const scope = clientId ? `client ${clientId}` : 'every client';
  console.error(`Key ${record.id} (${record.name}, ${scope}) made in ${database.location}.`);
  console.error('Keep it now; it is not shown again:');
  console.log(key);
  return 0;
});
process.exit(exitCode);
