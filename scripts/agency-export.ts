/**
 * The agency's daily files (issue 42; src/server/events/export.ts), from the database the server
 * uses (DATA_DIR/portal.db, or DATABASE_URL):
 *
 *   npm run agency:export -- --date YYYY-MM-DD DIR [--client CODE]
 *
 * writes that day's events, the day in the agency's time zone (PORTAL_TIME_ZONE, as the server;
 * default America/New_York), into DIR: a CSV per kind of record, events.jsonl and manifest.json.
 * Exit code 0: written; 2: bad arguments; 1: the export failed (nothing half-written is left
 * under a final name).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AGENCY_TIME_ZONE } from '../src/domain/dates';
import { exportDay, isTimeZone } from '../src/server/events/export';
import { isIsoDate } from '../src/domain/dates';
import { withServerDatabase } from './lib/server-database';

const USAGE = 'Usage: npm run agency:export -- --date YYYY-MM-DD DIR [--client CODE]';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      options: { date: { type: 'string' }, client: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();

const [dir, ...extra] = positionals;
if (values.date === undefined || dir === undefined || extra.length > 0) fail(USAGE);
if (!isIsoDate(values.date)) fail(`Not a YYYY-MM-DD date: ${values.date}`);
if (values.client !== undefined && !/^[A-Za-z0-9_-]{1,40}$/.test(values.client)) {
  fail(`Not a client code: ${values.client}`);
}
const timeZone = process.env.PORTAL_TIME_ZONE || AGENCY_TIME_ZONE;
if (!isTimeZone(timeZone)) fail(`PORTAL_TIME_ZONE is not a time zone: ${timeZone}`);
const date = values.date;
const target = path.resolve(dir);

let exitCode = 1;
try {
  exitCode = await withServerDatabase(async (database) => {
    const manifest = await exportDay(database.db, target, {
      date,
      timeZone,
      clientId: values.client ?? null,
    });
    for (const file of manifest.files) console.log(`${file.name}\t${file.rows}\t${file.sha256}`);
    const scope = manifest.client ? `client ${manifest.client}` : 'every client';
    console.error(
      `${manifest.total} events of ${date} (${timeZone}, ${scope}) written to ${target} from ${database.location}.`,
    );
    return 0;
  });
} catch (error) {
  console.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(exitCode);
