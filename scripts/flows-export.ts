/**
 * `npm run flows:export -- DIR [VERSION]`: writes a content version (issue 24) of the database the
 * server uses (DATABASE_URL, else DATA_DIR/portal.db) into DIR as a flows/ tree: the published
 * version (the newest), or the one named. `npm run check:config -- --flows DIR` (or FLOWS_DIR=DIR
 * npm run check:config) accepts what it writes, and a server started with FLOWS_DIR=DIR on an
 * empty database imports it as its version 1.
 *
 * DIR must be missing or empty (nothing of another tree is left in it). Exit codes: 0 written;
 * 2 a wrong call, an unknown version, no version yet, or a DIR that is not empty.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { writeFlowsTree, type FlowsTree } from '../src/server/content/tree';
import { withServerDatabase } from './lib/server-database';

const USAGE = 'Usage: npm run flows:export -- DIR [VERSION]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [dirArg, versionArg, ...extra] = process.argv.slice(2);
if (!dirArg || extra.length > 0) fail(USAGE);
const dir = path.resolve(dirArg);
if (versionArg !== undefined && !/^[1-9][0-9]{0,9}$/.test(versionArg)) {
  fail(`${versionArg} is not a version number.\n${USAGE}`);
}
if (existsSync(dir) && readdirSync(dir).length > 0) fail(`${dir} is not empty.`);

const code = await withServerDatabase(async ({ db }) => {
  let query = db.selectFrom('content_versions').select(['version', 'files']);
  query =
    versionArg === undefined
      ? query.orderBy('version', 'desc').limit(1)
      : query.where('version', '=', Number(versionArg));
  const row = await query.executeTakeFirst();
  if (!row) {
    console.error(
      versionArg === undefined
        ? 'No content version yet: the server imports flows/ as version 1 on its first start.'
        : `No content version ${versionArg}.`,
    );
    return 2;
  }
  const tree = JSON.parse(row.files) as FlowsTree;
  writeFlowsTree(dir, tree);
  console.log(
    `Content version ${row.version}: ${Object.keys(tree).length} files written to ${dir}`,
  );
  return 0;
});
process.exit(code);
