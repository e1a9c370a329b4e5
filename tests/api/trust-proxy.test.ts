/**
 * TRUST_PROXY (issue 39): a client chooses its address with X-Forwarded-For only through a proxy
 * the server names. The address keys the rate limits (here: 2 sign-ins per address), the
 * per-address lockout and the audit log. And `TRUST_PROXY=1` stops the server at start with a
 * message, before it opens anything.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { trustProxyFrom } from '../../src/server/http/trust-proxy';
import { JOHN } from './debtor-fixtures';
import { call, startServer, tempDir, type RunningServer } from './harness';

const data = tempDir('portal-trust-proxy-');
afterAll(() => data.remove());
const database = () => openDatabase({ dataDir: path.join(data.dir, 'data') });

/** The answers to three sign-ins (wrong SSN) sent through the server's socket with three addresses. */
async function threeSignIns(server: RunningServer): Promise<number[]> {
  const statuses: number[] = [];
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    const res = await call(server, '/api/Authorization/VerifyIdentity', {
      body: { ...JOHN, socialSecurityNumber: '0000' },
      ip,
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('trusted proxies', { timeout: 60_000 }, () => {
  const limits = { signInPerAddress: 2, signInPerIdentity: 100, windowSeconds: 60 };

  it('ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
    const server = await startServer(database, {
      trustProxy: trustProxyFrom('192.0.2.10,10.20.0.0/16'),
      rateLimit: limits,
      lockout: { maxFailures: 100, maxFailuresPerAddress: 100 },
    });
    try {
      // Every call comes from 127.0.0.1, which is not named: one address, limited at 2.
      expect(await threeSignIns(server)).toEqual([404, 404, 429]);
    } finally {
      await server.close();
    }
  });

  it('takes the client address from a named proxy', async () => {
    const server = await startServer(database, {
      trustProxy: trustProxyFrom('loopback'),
      rateLimit: limits,
      lockout: { maxFailures: 100, maxFailuresPerAddress: 100 },
    });
    try {
      expect(await threeSignIns(server)).toEqual([404, 404, 404]);
    } finally {
      await server.close();
    }
  });

  for (const value of ['1', 'true']) {
    it(`refuses to start with TRUST_PROXY=${value}, saying what to set`, async () => {
      const dataDir = path.join(data.dir, `refused-${value}`);
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, TRUST_PROXY: value, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`TRUST_PROXY=${value} would trust an X-Forwarded-For from anyone`);
      expect(output).not.toContain('Portal running');
    });
  }
});
