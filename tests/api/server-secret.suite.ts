/**
 * The server secret is not kept with the data (issue 39, item 3; src/server/db/secret.ts): a
 * generated key lives in a key file beside the database (DATA_DIR/portal.key on SQLite, the file
 * PORTAL_KEY_FILE names on PostgreSQL), mode 0600, and the database holds no secret; a restart
 * reads the same key; PostgreSQL without PORTAL_SECRET or a key file, and a PORTAL_SECRET shorter
 * than 32 bytes, are refused at start; a database whose key an older version stored in
 * `server_secrets` is migrated: the key moves to the file, the row goes, and what was hashed and
 * encrypted with it (a debtor's identity, a staff member's TOTP seed) keeps working.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import type { PortalDatabase } from '../../src/server/db/database';
import { importPortalData } from '../../src/server/db/import';
import { migrateToLatest } from '../../src/server/db/migrate';
import { KEY_FILE_NAME, secretSourceFromEnv } from '../../src/server/db/secret';
import { createStaff } from '../../src/server/studio/staff';
import { totpCode } from '../../src/server/studio/totp';
import {
  call,
  freshDatabase,
  REPO_ROOT,
  startServer,
  tempDir,
  TEST_SECRET,
  type DatabaseFactory,
  type TokenPair,
} from './harness';
import { signInBody, today } from './payments-fixtures';
import { PASSWORD, secretOf } from './studio-fixtures';

const person = { lastName: 'Keymover', ssn: '2718', dob: '1971-02-03' };
const MARIA = { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' };

const fixture = {
  debtors: [
    {
      key: 'key-mover',
      firstName: 'Kim',
      lastName: person.lastName,
      ssnLast4: person.ssn,
      dateOfBirth: person.dob,
      addressLine1: '1 Key Ct',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      accounts: [
        {
          accountNumber: 'KM1.10001',
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          balance: 500,
          originalBalance: 500,
          statusCode: 'ACT',
          dateOfReferral: 'today-30',
          lastUpdateDate: 'today-5',
        },
      ],
    },
  ],
};

/** The key file of a server on `database`: DATA_DIR/portal.key on SQLite, one named on PostgreSQL. */
function keyFileOf(database: PortalDatabase, folder: string): string {
  const env = database.dialect === 'sqlite' ? {} : { PORTAL_KEY_FILE: path.join(folder, 'k') };
  const { keyFile } = secretSourceFromEnv(env, database);
  if (!keyFile) throw new Error('no key file');
  return keyFile;
}

async function secretRows(database: PortalDatabase): Promise<number> {
  const rows = await database.db.selectFrom('server_secrets').select('name').execute();
  return rows.length;
}

/** Runs the server's main.ts with `env`; resolves with its exit code and stderr (or kills it). */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '0',
          DEMO_DATA: 'off',
          LOG_LEVEL: 'warn',
          PORTAL_FAILPOINT: '',
          WEB_DIR: path.join(REPO_ROOT, 'no-web-dir-for-secret-tests'),
          ...env,
        },
        // A server that starts (today's main) is killed: it should have refused.
        timeout: 30_000,
        killSignal: 'SIGKILL',
      },
      (error, _stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stderr });
      },
    );
  });
}

export function serverSecretSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`server secret kept out of the database on ${dialect}`, () => {
    const folders: { remove(): void }[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    const folder = () => {
      const made = tempDir('portal-key-');
      folders.push(made);
      return made.dir;
    };
    const fresh = async () => {
      const made = await freshDatabase(makeDatabase);
      cleanups.push(made.remove);
      return made.makeDatabase;
    };

    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
      for (const made of folders) made.remove();
    });

    it('a generated key is kept in a 0600 key file beside the data, not in it; a restart reads it and an earlier token still verifies', async () => {
      const makeFresh = await fresh();
      const probe = makeFresh();
      const keyFile = keyFileOf(probe, folder());
      if (dialect === 'SQLite') {
        expect(keyFile).toBe(path.join(path.dirname(probe.location), KEY_FILE_NAME));
      }
      await probe.destroy();
      expect(existsSync(keyFile)).toBe(false);

      const options = { secret: undefined, keyFile };
      let server = await startServer(makeFresh, options);
      let pair: TokenPair;
      try {
        expect(statSync(keyFile).mode & 0o777).toBe(0o600);
        expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
        expect(await secretRows(server.database)).toBe(0);
        const res = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', {
          body: signInBody(MARIA),
        });
        expect(res.status, res.text).toBe(200);
        pair = res.body;
      } finally {
        await server.close();
      }
      const written = readFileSync(keyFile, 'utf8');

      server = await startServer(makeFresh, options);
      try {
        const res = await call(server, '/api/Debtor/PrimaryDebtorInfo', {
          token: pair.accessToken,
        });
        expect(res.status, res.text).toBe(200);
        expect(readFileSync(keyFile, 'utf8')).toBe(written);
        expect(await secretRows(server.database)).toBe(0);
      } finally {
        await server.close();
      }
    }, 60_000);

    it('refuses to start with a PORTAL_SECRET shorter than 32 bytes, saying so and not echoing it', async () => {
      const probe = makeDatabase();
      const env: Record<string, string> =
        probe.dialect === 'sqlite'
          ? { DATA_DIR: folder(), DATABASE_URL: '' }
          : { DATABASE_URL: probe.location };
      await probe.destroy();
      const short = 'too-short-a-secret-31-bytes-lon';
      const { code, stderr } = await runMain({ ...env, PORTAL_SECRET: short, PORTAL_KEY_FILE: '' });
      expect(code).toBe(1);
      expect(stderr).toMatch(/PORTAL_SECRET is 31 bytes long: it must be at least 32/);
      expect(stderr).not.toContain(short);
    }, 60_000);

    if (dialect === 'PostgreSQL') {
      it('refuses to start on PostgreSQL without PORTAL_SECRET or PORTAL_KEY_FILE, naming them', async () => {
        const probe = makeDatabase();
        const url = probe.location;
        await probe.destroy();
        const { code, stderr } = await runMain({
          DATABASE_URL: url,
          PORTAL_SECRET: '',
          PORTAL_KEY_FILE: '',
        });
        expect(code).toBe(1);
        expect(stderr).toMatch(/On PostgreSQL \(DATABASE_URL\).*PORTAL_SECRET.*PORTAL_KEY_FILE/s);
      }, 60_000);
    }

    it('moves the key an older version stored in server_secrets out to the key file, deletes the row, and the debtors and staff made with it still sign in', async () => {
      const makeFresh = await fresh();
      const database = makeFresh();
      const keyFile = keyFileOf(database, folder());
      const old = randomBytes(32);
      const keys = deriveKeys(old);
      let email = '';
      let seed = '';
      try {
        await migrateToLatest(database.db);
        await database.db
          .insertInto('server_secrets')
          .values({
            name: 'primary',
            secret: old.toString('hex'),
            created_at: new Date().toISOString(),
          })
          .execute();
        const imported = await importPortalData(database.db, fixture, {
          identityHmacKey: keys.identityHmacKey,
          today: today(),
          now: new Date(),
        });
        expect(imported.ok).toBe(true);
        email = `keymover-${randomBytes(3).toString('hex')}@studio.example`;
        const made = await createStaff(
          database.db,
          keys.totpKey,
          { email, name: 'Key Mover', role: 'editor', password: PASSWORD },
          new Date(),
        );
        if (!made.ok) throw new Error(made.problem);
        seed = secretOf(made.otpauthUri);
      } finally {
        await database.destroy();
      }

      // Another key than the stored one: refused, nothing changed.
      await expect(
        startServer(makeFresh, { secret: TEST_SECRET, demoDataFile: false }),
      ).rejects.toThrow(/server_secrets.*differs from PORTAL_SECRET/s);
      expect(existsSync(keyFile)).toBe(false);

      const server = await startServer(makeFresh, {
        secret: undefined,
        keyFile,
        demoDataFile: false,
      });
      try {
        expect(readFileSync(keyFile, 'utf8')).toBe(`${old.toString('hex')}\n`);
        expect(statSync(keyFile).mode & 0o777).toBe(0o600);
        expect(await secretRows(server.database)).toBe(0);
        const debtor = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', {
          body: signInBody(person),
        });
        expect(debtor.status, debtor.text).toBe(200);
        const staff = await fetch(`${server.url}/studio/api/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
          body: JSON.stringify({ email, password: PASSWORD, code: totpCode(seed, new Date()) }),
        });
        expect(staff.status, await staff.text()).toBe(200);
      } finally {
        await server.close();
      }
    }, 60_000);
  });
}
