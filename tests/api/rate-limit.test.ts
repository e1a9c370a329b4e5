/**
 * Anti-automation rate limits (http/rate-limits.ts) on servers of their own with low limits: the
 * sign-in and letter calls per client address and per identity, the guest calls per client
 * address, each answered 429 with Retry-After and a message in the caller's language; counted in
 * memory without Redis, and in Redis across two server processes that share it.
 *
 * Redis is looked for at REDIS_URL or 127.0.0.1:6379; REDIS_REQUIRED=1 (CI) makes its absence a
 * failure, otherwise the Redis tests are skipped. Every run uses its own key prefix and removes
 * its keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import type { RateLimitOptions } from '../../src/server/http/rate-limits';
import { JOHN, MARIA, MARIA_LETTER, type ErrorBody } from './debtor-fixtures';

const LAURA_LETTER = { letterId: 91, accountNumber: 'LU1.80001' };
import { call, startServer, tempDir, type RunningServer } from './harness';
import { Relay } from './unavailable.suite';

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<string | undefined> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

const data = tempDir('portal-rate-limit-');
afterAll(() => data.remove());
const database = () => openDatabase({ dataDir: path.join(data.dir, 'data') });

const LOW: RateLimitOptions = {
  windowSeconds: 30,
  signInPerAddress: 3,
  signInPerIdentity: 4,
  guestPerAddress: 2,
};

const wrongFactors = { ...MARIA, socialSecurityNumber: '0000' };
const feedback = { rating: 5 };

function expectLimited(res: { status: number; headers: Headers; body: unknown }, lang = 'en') {
  expect(res.status).toBe(429);
  const retry = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retry) && retry >= 1 && retry <= 30, `Retry-After ${retry}`).toBe(true);
  expect((res.body as ErrorBody).message).toBe(
    lang === 'es'
      ? 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.'
      : 'Too many requests. Please wait a moment and try again.',
  );
}

describe('rate limits, counted in memory', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(database, { rateLimit: LOW });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('limits sign-in and letter calls per client address, together, in the caller language', async () => {
    // John and Laura's letter here: Maria and her letter are the next test's identities.
    const ip = '203.0.113.10';
    const answers: number[] = [];
    for (const [index, body] of [
      JOHN,
      LAURA_LETTER,
      { ...JOHN, socialSecurityNumber: '0000' },
    ].entries()) {
      const url =
        index === 1 ? '/api/Authorization/VerifyLetter' : '/api/v2/Authorization/VerifyIdentity';
      answers.push((await call(server, url, { body, ip })).status);
    }
    expect(answers.every((status) => status !== 429)).toBe(true);
    expectLimited(await call(server, '/api/Authorization/VerifyIdentity', { body: JOHN, ip }));
    expectLimited(
      await call(server, '/api/Authorization/VerifyLetter', { body: LAURA_LETTER, ip, lang: 'es' }),
      'es',
    );
    // Another address is not affected.
    const other = await call(server, '/api/Authorization/VerifyIdentity', { body: JOHN });
    expect(other.status).toBe(200);
  });

  it('limits sign-in per identity (the last name) from any address, and letters per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // Fresh addresses: only the identity counts. Wrong factors and right ones alike.
      const body = i % 2 === 0 ? wrongFactors : MARIA;
      statuses.push((await call(server, '/api/Authorization/VerifyIdentity', { body })).status);
    }
    expect(statuses).not.toContain(429);
    expectLimited(await call(server, '/api/Authorization/VerifyIdentity', { body: MARIA }));
    // The same name written otherwise is the same identity.
    expectLimited(
      await call(server, '/api/Authorization/VerifyIdentity', {
        body: { ...MARIA, lastName: '  GARCIA ' },
      }),
    );
    // Another last name is not (John: his fourth call).
    const smith = await call(server, '/api/Authorization/VerifyIdentity', { body: JOHN });
    expect(smith.status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const letter = await call(server, '/api/Authorization/VerifyLetter', { body: MARIA_LETTER });
      expect(letter.status).toBe(200);
    }
    expectLimited(await call(server, '/api/Authorization/VerifyLetter', { body: MARIA_LETTER }));
    // The failed tries were counted by the lockout too, in the database, as before.
    const rows = await server.database.db.selectFrom('lockout_counters').selectAll().execute();
    expect(rows.some((row) => row.attempts > 0)).toBe(true);
    // No name or account number is kept in the clear by the limiter (memory store keys).
    expect(server.logs.text()).not.toMatch(/garcia|LU1\.10001/i);
  });

  it('counts sign-ins the factor policy refuses, per identity and per address', async () => {
    // Anna: no other test of this server uses her name. A last name alone, four times.
    const lastNameOnly = { lastName: 'Lee', option1: 'LastName', option2: 'None' };
    for (let i = 0; i < 4; i += 1) {
      const res = await call(server, '/api/Authorization/VerifyIdentity', { body: lastNameOnly });
      expect(res.status).toBe(400);
    }
    expectLimited(await call(server, '/api/Authorization/VerifyIdentity', { body: lastNameOnly }));
    // The per-address limit counts them too (3 a window).
    const ip = '203.0.113.77';
    const refused = { lastName: 'Nobody Atall', option1: 'None', option2: 'None' };
    for (let i = 0; i < 3; i += 1) {
      const res = await call(server, '/api/Authorization/VerifyIdentity', { body: refused, ip });
      expect(res.status).toBe(400);
    }
    expectLimited(await call(server, '/api/Authorization/VerifyIdentity', { body: JOHN, ip }));
  });

  it('limits guest calls per client address, and documents the 429', async () => {
    const ip = '203.0.113.20';
    expect((await call(server, '/api/Guest/Feedback', { body: feedback, ip })).status).toBe(204);
    expect(
      (await call(server, '/api/Guest/DateCompare', { body: { date1: '2030-01-01' }, ip })).status,
    ).toBe(200);
    expectLimited(
      await call(server, '/api/Guest/Feedback', { body: feedback, ip, lang: 'es' }),
      'es',
    );
    // Signed-in calls are not limited here.
    const doc = await call<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; description?: string }>
      >;
    }>(server, '/api/docs', { session: null });
    const contact = doc.body.paths['/api/Guest/ContactUs']?.post;
    expect(contact?.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(contact?.description).toContain('2 per client address in 30 seconds');
    expect(doc.body.paths['/api/Account/Detailed']?.get?.responses['429']).toBeUndefined();
  });
});

const unreachable = await redisReachable();
if (unreachable && process.env.REDIS_REQUIRED === '1') {
  describe('rate limits in Redis', () => {
    it('needs Redis (REDIS_REQUIRED=1)', () => {
      throw new Error(`Redis not reachable at ${redisUrl}: ${unreachable}`);
    });
  });
} else if (unreachable) {
  console.log(`Redis not reachable at ${redisUrl}: skipping the Redis rate-limit tests`);
  describe.skip('rate limits in Redis', () => {
    it('skipped', () => undefined);
  });
} else {
  describe('rate limits in Redis, shared by two server processes', () => {
    const prefix = `portal-test:${Date.now()}:${randomBytes(4).toString('hex')}:`;
    let first: RunningServer;
    let second: RunningServer;
    beforeAll(async () => {
      const options = { rateLimit: { ...LOW, redisUrl, prefix } };
      first = await startServer(database, options);
      second = await startServer(database, options);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      const client = new Redis(redisUrl);
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
      await client.quit();
    });

    it('counts the calls of both servers together', async () => {
      const ip = '198.51.100.7';
      const servers = [first, second, first];
      for (const server of servers) {
        const res = await call(server, '/api/Authorization/VerifyIdentity', { body: MARIA, ip });
        expect(res.status).not.toBe(429);
      }
      expectLimited(await call(second, '/api/Authorization/VerifyIdentity', { body: MARIA, ip }));
      expectLimited(await call(first, '/api/Authorization/VerifyIdentity', { body: MARIA, ip }));
      // Guests too.
      const guest = '198.51.100.8';
      await call(first, '/api/Guest/Feedback', { body: feedback, ip: guest });
      await call(second, '/api/Guest/Feedback', { body: feedback, ip: guest });
      expectLimited(await call(first, '/api/Guest/Feedback', { body: feedback, ip: guest }));
    });

    it('falls back to counting in memory when Redis goes away under load, never to no limit', async () => {
      // Redis through a relay this test cuts: Redis itself (shared) stays up.
      const target = new URL(redisUrl);
      const relay = new Relay(target.hostname, Number(target.port || 6379));
      await relay.open();
      const relayed = new URL(redisUrl);
      relayed.host = `127.0.0.1:${relay.port}`;
      const server = await startServer(database, {
        rateLimit: { ...LOW, redisUrl: relayed.toString(), prefix },
      });
      const burst = async (ip: string) => {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            call(server, '/api/Guest/Feedback', { body: feedback, ip }),
          ),
        );
        return answers.map((res) => res.status).sort();
      };
      try {
        // Up: two of ten pass (2 a window), counted in Redis.
        const ip = '198.51.100.30';
        expect(await burst(ip)).toEqual([204, 204, ...Array<number>(8).fill(429)]);
        const client = new Redis(redisUrl);
        const keys = await client.keys(`${prefix}*guest*`);
        await client.quit();
        expect(keys.length).toBeGreaterThan(0);

        await relay.cut();
        // Down: the same address stays limited (this process counted it too) ...
        expect(await burst(ip)).toEqual(Array<number>(10).fill(429));
        // ... and a new one gets its two, then 429, from this process's count.
        const fresh = '198.51.100.31';
        expect(await burst(fresh)).toEqual([204, 204, ...Array<number>(8).fill(429)]);
        const limited = await call(server, '/api/Guest/Feedback', { body: feedback, ip: fresh });
        expectLimited(limited);
        expect(server.logs.text()).toContain("counting in this process's memory");
      } finally {
        await server.close();
        await relay.cut().catch(() => undefined);
      }
    });

    it('keeps the counters in Redis under the prefix, with no identity in the clear', async () => {
      const client = new Redis(redisUrl);
      const keys = await client.keys(`${prefix}*`);
      await client.quit();
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toMatch(/garcia|LU1\.10001/i);
    });
  });
}
