import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import {
  checkSecretSource,
  loadServerSecret,
  secretSourceFromEnv,
} from '../../../src/server/db/secret';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-secret-unit-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sqlite = { dialect: 'sqlite' as const, location: '/srv/data/portal.db' };
const postgres = { dialect: 'postgres' as const, location: 'postgres://db/portal' };
const LONG = 'x'.repeat(32);

describe('server secret source (db/secret.ts)', () => {
  it('defaults to DATA_DIR/portal.key on SQLite, and needs PORTAL_SECRET or PORTAL_KEY_FILE on PostgreSQL', () => {
    expect(secretSourceFromEnv({}, sqlite)).toEqual({ keyFile: '/srv/data/portal.key' });
    expect(() => secretSourceFromEnv({}, postgres)).toThrow(/PORTAL_SECRET.*PORTAL_KEY_FILE/s);
    expect(secretSourceFromEnv({ PORTAL_SECRET: LONG }, postgres)).toEqual({
      secret: LONG,
      keyFile: undefined,
    });
    expect(secretSourceFromEnv({ PORTAL_KEY_FILE: '/keys/portal.key' }, postgres)).toEqual({
      secret: undefined,
      keyFile: '/keys/portal.key',
    });
    expect(() =>
      secretSourceFromEnv({ PORTAL_SECRET: LONG, PORTAL_KEY_FILE: '/k' }, sqlite),
    ).toThrow(/not both|one of them/);
  });

  it('refuses a PORTAL_SECRET under 32 bytes (counted in UTF-8 bytes), and a source with no key', () => {
    expect(() => checkSecretSource({ secret: 'x'.repeat(31) })).toThrow(/31 bytes long/);
    expect(() => checkSecretSource({ secret: 'é'.repeat(16) })).not.toThrow();
    expect(() => secretSourceFromEnv({ PORTAL_SECRET: 'short' }, sqlite)).toThrow(/at least 32/);
    expect(() => checkSecretSource({})).toThrow(/No server secret/);
  });

  it('refuses a key file others can read, or one that does not hold 64 hex digits', async () => {
    const dir = tempDir();
    const database = openDatabase({ dataDir: dir });
    try {
      await migrateToLatest(database.db);
      const file = path.join(dir, 'given.key');
      writeFileSync(file, `${'ab'.repeat(32)}\n`, { mode: 0o644 });
      chmodSync(file, 0o644);
      await expect(loadServerSecret(database.db, { keyFile: file })).rejects.toThrow(/chmod 600/);
      chmodSync(file, 0o600);
      const key = await loadServerSecret(database.db, { keyFile: file });
      expect(key.toString('hex')).toBe('ab'.repeat(32));
      writeFileSync(file, 'not a key\n');
      await expect(loadServerSecret(database.db, { keyFile: file })).rejects.toThrow(
        /64 hexadecimal digits/,
      );
    } finally {
      await database.destroy();
    }
  });

  it('two processes starting at once on a new data folder end with one key file, 0600', async () => {
    const dir = tempDir();
    const setup = openDatabase({ dataDir: dir });
    await migrateToLatest(setup.db);
    await setup.destroy();
    const script = `
      import { openDatabase } from './src/server/db/database.ts';
      import { loadServerSecret } from './src/server/db/secret.ts';
      const database = openDatabase({ dataDir: ${JSON.stringify(dir)} });
      const key = await loadServerSecret(database.db, { keyFile: ${JSON.stringify(path.join(dir, 'portal.key'))} });
      console.log(key.toString('hex'));
      await database.destroy();
    `;
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: root },
      );
    const keys = await Promise.all([run(), run(), run()]);
    const file = readFileSync(path.join(dir, 'portal.key'), 'utf8').trim();
    expect(keys.map((k) => k.stdout.trim())).toEqual([file, file, file]);
    expect(statSync(path.join(dir, 'portal.key')).mode & 0o777).toBe(0o600);
  }, 60_000);
});
