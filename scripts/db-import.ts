/**
 * `npm run db:import -- FILE`: imports a portal data file (schemas/import.schema.json) into the
 * database the server uses (DATA_DIR/portal.db, or DATABASE_URL). Every bad record is listed with
 * its JSON path and nothing is imported unless the whole file is good.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { calendarDay, DEFAULT_TIME_ZONE } from '../src/server/dates';
import { importPortalData } from '../src/server/db/import';
import { withServerDatabase } from './lib/server-database';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run db:import -- FILE');
  process.exit(2);
}

let data: unknown;
try {
  data = JSON.parse(readFileSync(path.resolve(file), 'utf8'));
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const exitCode = await withServerDatabase(async (database, keys) => {
  const now = new Date();
  const result = await importPortalData(database.db, data, {
    identityHmacKey: keys.identityHmacKey,
    today: calendarDay(now, process.env.PORTAL_TIME_ZONE || DEFAULT_TIME_ZONE),
    now,
  });
  if (result.ok) {
    const counts = Object.entries(result.counts)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    console.log(`Imported ${file} into ${database.location}: ${counts}`);
    return 0;
  }
  console.error(`${file}: ${result.problems.length} problem(s), nothing imported:`);
  for (const problem of result.problems) console.error(`  ${problem.path}: ${problem.reason}`);
  return 1;
});
process.exit(exitCode);
