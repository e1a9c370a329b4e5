/**
 * `npm run db:import -- FILE`: imports portal data into the database the server uses
 * (DATA_DIR/portal.db, or DATABASE_URL).
 *
 * - `FILE.json` (schemas/import.schema.json): the whole file is checked first; every bad record is
 *   listed with its JSON path and nothing is imported unless the whole file is good.
 * - `FILE.jsonl` / `FILE.ndjson` (JSON Lines) and `FILE.csv` (a header row of property paths):
 *   one record a line (schemas/import-record.schema.json), read as a stream. Bad records go to
 *   the reject file (`--rejects PATH`, default `FILE.rejects.jsonl`: one JSON line per bad record
 *   with its `line` and `reasons`, never its contents) while the rest import, in batches
 *   (`--batch N`, default 2000). `--format jsonl|csv` overrides the file name's extension.
 *   Exit code 0: every record imported; 3: some were rejected (the rest imported); 1: the file
 *   could not be read.
 */
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { calendarDay, DEFAULT_TIME_ZONE } from '../src/server/dates';
import { importPortalData } from '../src/server/db/import';
import { formatOf, importStream, type StreamFormat } from '../src/server/db/import-stream';
import { withServerDatabase } from './lib/server-database';

const USAGE =
  'Usage: npm run db:import -- FILE[.json|.jsonl|.ndjson|.csv] [--rejects PATH] [--format jsonl|csv] [--batch N]';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const formatArg = option('--format');
const rejectsArg = option('--rejects');
const batchArg = option('--batch');
const file = args.find((arg) => !arg.startsWith('-'));
const batchSize = batchArg === undefined ? undefined : Number(batchArg);
if (
  !file ||
  (formatArg !== undefined && formatArg !== 'jsonl' && formatArg !== 'csv') ||
  (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))
) {
  console.error(USAGE);
  process.exit(2);
}
const format: StreamFormat | null = (formatArg as StreamFormat | undefined) ?? formatOf(file);
const now = new Date();
const today = calendarDay(now, process.env.PORTAL_TIME_ZONE || DEFAULT_TIME_ZONE);

async function importWhole(): Promise<number> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.resolve(file!), 'utf8'));
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  return withServerDatabase(async (database, keys) => {
    const result = await importPortalData(database.db, data, {
      identityHmacKey: keys.identityHmacKey,
      today,
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
}

async function importLines(streamFormat: StreamFormat): Promise<number> {
  const input = createReadStream(path.resolve(file!));
  // Opened before the database, so a missing file fails fast.
  try {
    await once(input, 'readable');
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const rejectsFile = path.resolve(rejectsArg ?? `${file}.rejects.jsonl`);
  const rejects = createWriteStream(rejectsFile);
  try {
    return await withServerDatabase(async (database, keys) => {
      const started = Date.now();
      const result = await importStream(database.db, input, {
        format: streamFormat,
        identityHmacKey: keys.identityHmacKey,
        today,
        now,
        batchSize,
        reject: async (line, reasons) => {
          if (!rejects.write(`${JSON.stringify({ line, reasons })}\n`)) {
            await once(rejects, 'drain');
          }
        },
      });
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `Imported ${file} into ${database.location}: ${result.imported} of ${result.records} records ` +
          `(${result.changed} changed, ${result.unchanged} unchanged), ${result.rejected} rejected ` +
          `in ${seconds.toFixed(1)} s` +
          (result.rejected > 0 ? `; rejects in ${rejectsFile}` : ''),
      );
      return result.rejected > 0 ? 3 : 0;
    });
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    rejects.end();
    await once(rejects, 'close');
  }
}

const exitCode = format === null ? await importWhole() : await importLines(format);
process.exit(exitCode);
