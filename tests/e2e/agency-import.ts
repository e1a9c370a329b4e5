/**
 * What the specs of the agency's import files share (issue 42, item 3): the import run as the
 * agency runs it (`scripts/db-import.ts`, the command behind `npm run db:import`) on the e2e
 * server's data folder, and the demo debtor those specs sign in as.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Identity } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');

/** Anna Lee's demo account, which the import specs change. */
export const ANNA_ACCOUNT = 'LU1.40001';
/** Anna Lee (demo data): her record requires the SSN, so she signs in with it and her birthday. */
export const ANNA_BY_SSN: Identity = {
  lastName: 'Lee',
  first: ['SocialSecurityNumber', '4321'],
  second: ['DateOfBirth', '03/03/1990'],
};

/**
 * Imports `records` as one JSON Lines file into the e2e server's SQLite data folder and returns
 * the command's output (its summary line names the records changed, unchanged and rejected).
 */
export function importJsonLines(name: string, records: readonly object[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const file = path.join(dir, `${name}.jsonl`);
  writeFileSync(file, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  try {
    return execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts/db-import.ts'), file],
      { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' } },
    ).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
