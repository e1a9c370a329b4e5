/**
 * The agency's daily files (issue 42, item 2): `exportDay` writes one day's events, the day in the
 * agency's time zone, into a folder: a CSV per kind of record (export-files.ts), `events.jsonl`
 * with every event as the feed shows it, and `manifest.json` with each file's rows, bytes and
 * SHA-256. `npm run agency:export -- --date YYYY-MM-DD DIR` runs it (scripts/agency-export.ts).
 *
 * - The day is [00:00, next day's 00:00) on the agency's clock, as UTC instants (zonedInstant),
 *   so an event at 23:30 in Chicago belongs to that day although UTC has moved to the next.
 * - Rows are read in pages of `batchSize` by cursor (keyset: `cursor > last`), never all at once,
 *   and written as they come, on SQLite and PostgreSQL alike.
 * - The output depends only on the events: sorted by cursor, no time of the run anywhere, so the
 *   same day exported twice is the same bytes (and the same SHA-256).
 * - Files are written under a `.partial` name and renamed once all are complete, the manifest last:
 *   a folder with a manifest holds a whole export.
 */
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/types';
import { addDays, isIsoDate, zonedInstant } from '../../domain/dates';
import {
  EXPORT_FILES,
  exportFileOf,
  headerOf,
  rowOf,
  type Cell,
  type ExportEvent,
  type ExportFile,
} from './export-files';

export const JSONL_FILE = 'events.jsonl';
export const MANIFEST_FILE = 'manifest.json';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExportOptions {
  /** The agency's calendar day, `YYYY-MM-DD`. */
  date: string;
  /** The agency's IANA time zone (the server's PORTAL_TIME_ZONE). */
  timeZone: string;
  /** Only this client's events; null or absent for every client. */
  clientId?: string | null;
  /** Rows read per query (default 1,000). */
  batchSize?: number;
}

export interface ManifestFile {
  name: string;
  types: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export interface ExportManifest {
  date: string;
  timeZone: string;
  client: string | null;
  /** The day as UTC instants: from (inclusive) to (exclusive). */
  from: string;
  to: string;
  files: ManifestFile[];
  /** Events of the day: the rows of events.jsonl, and the sum of the CSV files' rows. */
  total: number;
}

/** Whether `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** CSV as the files write it: `\n` lines, a cell starting with = + - @ defused for spreadsheets. */
const csv = (rows: Cell[][]): string =>
  stringify(rows, { record_delimiter: 'unix', escape_formulas: true });

/** A file being written: its bytes go to disk and into its SHA-256 as they come. */
class OutFile {
  readonly hash: Hash = createHash('sha256');
  bytes = 0;
  rows = 0;
  private readonly stream: WriteStream;

  constructor(readonly target: string) {
    this.stream = createWriteStream(`${target}.partial`);
  }

  async write(text: string, rows: number): Promise<void> {
    if (text.length === 0) return;
    const chunk = Buffer.from(text, 'utf8');
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.rows += rows;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, 'finish');
  }

  async commit(): Promise<void> {
    await rename(`${this.target}.partial`, this.target);
  }

  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(`${this.target}.partial`, { force: true });
  }
}

/**
 * The events of [from, to), by cursor, one page of `batchSize` at a time. The query's window is a
 * day wider on each side and each row's instant is compared as a Date, so a stamp written in
 * another ISO form (an offset, no milliseconds) is placed by its instant, not by its text.
 */
export async function* eventsBetween(
  db: Db,
  from: Date,
  to: Date,
  clientId: string | null,
  batchSize = 1000,
): AsyncGenerator<Omit<ExportEvent, 'agencyDate'>> {
  const low = new Date(from.getTime() - DAY_MS).toISOString().slice(0, 10);
  const high = new Date(to.getTime() + DAY_MS).toISOString().slice(0, 10);
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('events')
      .selectAll()
      .where('cursor', '>', after)
      .where('created_at', '>=', low)
      .where('created_at', '<', `${high}~`);
    if (clientId !== null) query = query.where('client_id', '=', clientId);
    const rows = await query.orderBy('cursor').limit(batchSize).execute();
    for (const row of rows) {
      const at = new Date(row.created_at).getTime();
      if (!(at >= from.getTime() && at < to.getTime())) continue;
      yield {
        cursor: Number(row.cursor),
        id: row.id,
        type: row.type,
        createdAt: row.created_at,
        clientId: row.client_id,
        accountNumber: row.account_number,
        debtorKey: row.debtor_key,
        data: JSON.parse(row.data) as Record<string, unknown>,
      };
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = Number(last.cursor);
  }
}

/** An event as a line of events.jsonl: the feed's shape, keys in a fixed order. */
const jsonLine = (event: ExportEvent): string =>
  `${JSON.stringify({
    id: event.id,
    cursor: event.cursor,
    type: event.type,
    createdAt: event.createdAt,
    clientId: event.clientId,
    accountNumber: event.accountNumber,
    debtorKey: event.debtorKey,
    data: event.data,
  })}\n`;

/** Writes the day's files into `dir` (made when missing; files of an earlier run replaced). */
export async function exportDay(
  db: Db,
  dir: string,
  options: ExportOptions,
): Promise<ExportManifest> {
  const { date, timeZone } = options;
  if (!isIsoDate(date)) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  if (!isTimeZone(timeZone)) throw new Error(`Not a time zone: ${timeZone}`);
  const clientId = options.clientId ?? null;
  const from = zonedInstant(date, 0, 0, timeZone);
  const to = zonedInstant(addDays(date, 1), 0, 0, timeZone);
  await mkdir(dir, { recursive: true });

  const csvFiles = new Map<ExportFile, OutFile>(
    EXPORT_FILES.map((f) => [f, new OutFile(path.join(dir, f.name))]),
  );
  const jsonl = new OutFile(path.join(dir, JSONL_FILE));
  const all = [...csvFiles.values(), jsonl];
  try {
    for (const [f, out] of csvFiles) await out.write(csv([headerOf(f)]), 0);
    const pending = new Map<ExportFile, Cell[][]>();
    let lines: string[] = [];
    const flush = async () => {
      for (const [f, rows] of pending) await csvFiles.get(f)?.write(csv(rows), rows.length);
      pending.clear();
      await jsonl.write(lines.join(''), lines.length);
      lines = [];
    };
    for await (const row of eventsBetween(db, from, to, clientId, options.batchSize)) {
      const event: ExportEvent = { ...row, agencyDate: date };
      const f = exportFileOf(event.type);
      const rows = pending.get(f) ?? [];
      rows.push(rowOf(f, event));
      pending.set(f, rows);
      lines.push(jsonLine(event));
      if (lines.length >= 500) await flush();
    }
    await flush();
    for (const out of all) await out.close();
  } catch (error) {
    for (const out of all) await out.discard();
    throw error;
  }

  const describe = (out: OutFile, types: readonly string[]): ManifestFile => ({
    name: path.basename(out.target),
    types: [...types],
    rows: out.rows,
    bytes: out.bytes,
    sha256: out.hash.digest('hex'),
  });
  const manifest: ExportManifest = {
    date,
    timeZone,
    client: clientId,
    from: from.toISOString(),
    to: to.toISOString(),
    files: [
      ...EXPORT_FILES.map((f) => describe(csvFiles.get(f) as OutFile, f.types)),
      describe(
        jsonl,
        EXPORT_FILES.flatMap((f) => f.types),
      ),
    ],
    total: jsonl.rows,
  };
  await rm(path.join(dir, MANIFEST_FILE), { force: true });
  for (const out of all) await out.commit();
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
