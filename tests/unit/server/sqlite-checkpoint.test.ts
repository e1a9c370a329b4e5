/**
 * The portal's SQLite connection checkpoints its WAL every WAL_CHECKPOINT_PAGES pages, not at
 * SQLite's default of 1,000 (db/database.ts says why): seen from the WAL file's size on disk, which
 * a checkpoint caps (the WAL is reused from its start after one).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openDatabase,
  sqliteConnectionOf,
  WAL_CHECKPOINT_PAGES,
} from '../../../src/server/db/database';

const PAGE = 4096;
/** Commits of about one page each: more than SQLite's default interval, well under ours. */
const COMMITS = 1_600;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-checkpoint-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes COMMITS rows of 3,000 bytes, each in its own commit; the WAL file's size in pages. */
function walPagesAfterWrites(sqlite: SqliteDatabase.Database, file: string): number {
  sqlite.exec('CREATE TABLE filler (body BLOB NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO filler (body) VALUES (?)');
  const body = Buffer.alloc(3000, 7);
  for (let i = 0; i < COMMITS; i += 1) insert.run(body);
  return statSync(`${file}-wal`).size / PAGE;
}

describe('SQLite checkpoints', () => {
  it('lets the WAL grow past the default 1,000 pages before a checkpoint', async () => {
    expect(WAL_CHECKPOINT_PAGES).toBeGreaterThan(COMMITS * 2);
    const database = openDatabase({ dataDir: dir });
    try {
      const sqlite = sqliteConnectionOf(database.db);
      if (!sqlite) throw new Error('not SQLite');
      const pages = walPagesAfterWrites(sqlite, path.join(dir, 'portal.db'));
      // Every commit still in the WAL (a frame is a page and a 24-byte header).
      expect(pages).toBeGreaterThan(COMMITS);
    } finally {
      await database.destroy();
    }
  });

  it('(the same writes on a connection with SQLite defaults stay near 1,000 pages)', () => {
    const file = path.join(dir, 'plain.db');
    const sqlite = new SqliteDatabase(file);
    try {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('synchronous = NORMAL');
      expect(walPagesAfterWrites(sqlite, file)).toBeLessThan(1_100);
    } finally {
      sqlite.close();
    }
  });
});
