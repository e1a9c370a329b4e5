/**
 * The lines of a streamed import file, read as they come (the file is never held in memory): JSON
 * Lines (one JSON value a line) and CSV (csv-parse; a header row whose columns name properties,
 * import-records.ts recordOfRow). Each yields its records with their line numbers, or the reason
 * a line could not be read; blank lines are skipped. Reading pauses while the importer writes (an
 * async iterator pulls one chunk at a time), so memory stays bounded whatever the file's size.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { columnPaths, recordOfRow } from './import-records';

export type SourceLine =
  | { line: number; value: unknown; /** A JSON line's text (its digest's input). */ text?: string }
  | { line: number; error: string };

/** A line longer than this is rejected unread (a record is a few kilobytes). */
export const MAX_LINE_BYTES = 1 << 20;

/** JSON Lines (`.jsonl`, `.ndjson`): one record a line, UTF-8. */
export async function* jsonLines(input: Readable): AsyncGenerator<SourceLine> {
  input.setEncoding('utf8');
  let line = 0;
  let pending = '';
  // The current line is too long: skipped up to its end.
  let skipping = false;
  const parsed = (text: string): SourceLine | null => {
    line += 1;
    if (text.trim() === '') return null;
    try {
      return { line, value: JSON.parse(text) as unknown, text };
    } catch {
      // Not the parser's message: it quotes the line, which may hold an SSN or a date of birth.
      return { line, error: 'is not a JSON value' };
    }
  };
  for await (const chunk of input as AsyncIterable<string>) {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const text = pending + chunk.slice(start, end);
      pending = '';
      start = end + 1;
      if (skipping) {
        skipping = false;
        line += 1;
        yield { line, error: `is longer than ${MAX_LINE_BYTES} bytes` };
        continue;
      }
      const item = parsed(text.endsWith('\r') ? text.slice(0, -1) : text);
      if (item) yield item;
    }
    if (!skipping) pending += chunk.slice(start);
    if (pending.length > MAX_LINE_BYTES) {
      skipping = true;
      pending = '';
    }
  }
  if (skipping) {
    line += 1;
    yield { line, error: `is longer than ${MAX_LINE_BYTES} bytes` };
  } else if (pending !== '') {
    const item = parsed(pending);
    if (item) yield item;
  }
}

/**
 * CSV (`.csv`): RFC 4180 with a header row. Each further row is a record (its line number is the
 * one it ends on); a row with more or fewer cells than the header is rejected.
 */
export async function* csvRows(input: Readable): AsyncGenerator<SourceLine> {
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_LINE_BYTES,
    }),
  );
  let columns: string[][] | null = null;
  let width = 0;
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const { record, info } = item;
    if (columns === null) {
      // A bad header refuses the whole file (thrown): no row could be read.
      columns = columnPaths(record);
      width = record.length;
      continue;
    }
    if (record.length !== width) {
      yield {
        line: info.lines,
        error: `has ${record.length} cells but the header has ${width}`,
      };
      continue;
    }
    yield { line: info.lines, value: recordOfRow(columns, record) };
  }
}
