/**
 * Webhooks (issue 42) with real parts: a real HTTP receiver (webhook-receiver.ts) verifies every
 * delivery with the `standardwebhooks` package; the server's clock is moved instead of sleeping
 * and its dispatcher runs a pass when the test says (`app.webhooks.runOnce()`, no timer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/server/events/record';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { clearLockout, MARIA, signIn as debtorSignIn, snapshotDemo } from './debtor-fixtures';
import { studioClient, TestClock, type Account, type Session } from './studio-fixtures';
import { startReceiver, type Receiver } from './webhook-receiver';

const HOUR = 60 * 60 * 1000;
const YEAR = 365 * 24 * HOUR;
/** Sign-ins hash passwords and the receiver waits on timeouts: slow on a busy machine. */
const SLOW = 180_000;
const schemas = apiValidators();

interface Endpoint {
  id: string;
  url: string;
  clientCode: string | null;
  enabled: boolean;
  previousSecretExpiresAt: string | null;
  counts: { pending: number; delivered: number; failed: number };
}
interface Delivery {
  id: string;
  eventId: string;
  accountNumber: string | null;
  status: string;
  nextAttemptAt: string | null;
  attempts: { at: string; httpStatus: number | null; error: string | null; durationMs: number }[];
}

export function webhooksSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`webhooks on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    const clock = new TestClock();
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, `wh-${tag}`);
    let admin: Account;
    let approver: Account;
    let editor: Account;
    const receivers: Receiver[] = [];

    const run = () => server.app.webhooks.runOnce();
    /**
     * One session per account for the suite: the server's session limits are a year here, as
     * the clock moves by hours and days between calls.
     */
    const sessions = new Map<number, Session>();
    const as = async (account: Account) => {
      const known = sessions.get(account.id);
      if (known) return known;
      const session = await signIn(account);
      sessions.set(account.id, session);
      return session;
    };

    const receiver = async (...args: Parameters<typeof startReceiver>) => {
      const made = await startReceiver(...args);
      receivers.push(made);
      return made;
    };

    const create = async (url: string, clientCode?: string) => {
      const res = await studio<{ endpoint: Endpoint; secret: string }>('/webhooks', {
        session: await as(admin),
        body: { url, description: `test ${tag}`, ...(clientCode ? { clientCode } : {}) },
      });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };

    const log = async (id: string, query = '') => {
      const res = await studio<{ deliveries: Delivery[]; next: string | null }>(
        `/webhooks/${id}/deliveries${query}`,
        { session: await as(approver) },
      );
      expect(res.status, res.text).toBe(200);
      return res.body;
    };

    /** Writes one event per account, in order, each in its own transaction (as a change does). */
    const write = async (client: string, accounts: string[]) => {
      const ids: string[] = [];
      for (const account of accounts) {
        await server.database.db.transaction().execute(async (trx) => {
          await recordEvent(trx, {
            type: 'debtor.email_opted_out',
            at: clock.now().toISOString(),
            subject: { accountNumber: account, clientId: client, debtorKey: `key-${account}` },
            data: { email: `${account.toLowerCase()}@example.com` },
          });
        });
        const row = await server.database.db
          .selectFrom('events')
          .select('id')
          .orderBy('cursor', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      return ids;
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase, {
        now: clock.now,
        webhooks: { pollMs: 0, timeoutMs: 800 },
        session: { idleMs: YEAR, maxMs: YEAR },
      });
      await clearLockout(server);
      restore = await snapshotDemo(server);
      admin = await makeAccount('hook-admin', 'admin');
      approver = await makeAccount('hook-approver', 'approver');
      editor = await makeAccount('hook-editor', 'editor');
    }, SLOW);
    afterAll(async () => {
      // The suites after this one share the database: no endpoint of this suite stays enabled.
      await server?.database.db.updateTable('webhook_endpoints').set({ enabled: 0 }).execute();
      await restore?.();
      await server?.close();
      for (const made of receivers) await made.close();
    });

    it(
      "delivers a debtor's change signed per Standard Webhooks; the receiver verifies each",
      async () => {
        let secret = '';
        const hook = await receiver({ secrets: () => [secret] });
        const made = await create(hook.url);
        secret = made.secret;
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
        // Stored encrypted: the secret is nowhere in the row.
        const row = await server.database.db
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', '=', made.endpoint.id)
          .executeTakeFirstOrThrow();
        expect(JSON.stringify(row)).not.toContain(secret.slice(6, 20));

        const maria = (await debtorSignIn(server, MARIA)).accessToken;
        const res = await call(server, '/api/Debtor/SetCommunicationPreferences', {
          token: maria,
          body: {
            emails: false,
            letters: true,
            texts: true,
            emailAddress: 'maria.hooks@example.com',
          },
        });
        expect(res.status, res.text).toBe(200);
        const events = await server.database.db
          .selectFrom('events')
          .selectAll()
          .where('cursor', '>', row.event_cursor)
          .orderBy('cursor')
          .execute();
        expect(events.length).toBeGreaterThan(0);
        expect(await run()).toBe(events.length);
        // Done with it: it must not receive the events of the tests below.
        const off = await studio(`/webhooks/${made.endpoint.id}/disable`, {
          method: 'POST',
          session: await as(admin),
        });
        expect(off.status, off.text).toBe(200);
        // Each account's events are sent side by side: any order between accounts.
        const sorted = (ids: string[]) => [...ids].sort();
        expect(sorted(hook.received.map((r) => r.id))).toEqual(sorted(events.map((e) => e.id)));
        for (const delivery of hook.received) {
          expect(delivery.verified).toEqual([true]);
          expect(delivery.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
          expect(schemas.check('agency-event', delivery.event)).toEqual([]);
          expect(delivery.event.id).toBe(delivery.id);
          expect(delivery.event.type).toBe('debtor.preferences_changed');
        }
        // A pass with nothing new sends nothing.
        expect(await run()).toBe(0);
        const page = await log(made.endpoint.id);
        expect(page.deliveries.map((d) => d.status)).toEqual(events.map(() => 'delivered'));
        expect(page.deliveries[0]?.attempts).toMatchObject([{ httpStatus: 204, error: null }]);
        const list = await studio<{ endpoints: Endpoint[] }>('/webhooks', {
          session: await as(approver),
        });
        const listed = list.body.endpoints.find((e) => e.id === made.endpoint.id);
        expect(listed?.counts).toEqual({ pending: 0, delivered: events.length, failed: 0 });
      },
      SLOW,
    );

    it(
      'retries with exponential backoff: failing 3 times, delivered on the 4th with 4 attempts logged',
      async () => {
        let secret = '';
        const hook = await receiver({
          secrets: () => [secret],
          answer: (_delivery, index) => (index < 3 ? 500 : 200),
        });
        const client = `R${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        const [eventId] = await write(client, ['R-1']);
        const delays: number[] = [];
        for (let attempt = 1; attempt <= 3; attempt++) {
          expect(await run()).toBe(1);
          // Not due again until its retry time, however many passes run.
          expect(await run()).toBe(0);
          const [delivery] = (await log(made.endpoint.id)).deliveries;
          expect(delivery?.status).toBe('pending');
          expect(delivery?.attempts).toHaveLength(attempt);
          const last = delivery?.attempts.at(-1);
          delays.push(Date.parse(delivery?.nextAttemptAt ?? '') - Date.parse(last?.at ?? ''));
          clock.advance(HOUR);
        }
        // 30 s · 2^(n−1), with ±25 % jitter.
        delays.forEach((delay, i) => {
          expect(delay).toBeGreaterThanOrEqual(0.75 * 30_000 * 2 ** i);
          expect(delay).toBeLessThan(1.25 * 30_000 * 2 ** i);
        });
        expect(await run()).toBe(1);
        const [delivery] = (await log(made.endpoint.id)).deliveries;
        expect(delivery).toMatchObject({ eventId, status: 'delivered', nextAttemptAt: null });
        expect(delivery?.attempts.map((a) => a.httpStatus)).toEqual([500, 500, 500, 200]);
        expect(hook.received.map((r) => r.id)).toEqual([eventId, eventId, eventId, eventId]);
        expect(hook.received.every((r) => r.verified[0])).toBe(true);
      },
      SLOW,
    );

    it(
      'gives up after 3 days (failed), and logs a receiver that does not answer as a timeout',
      async () => {
        let secret = '';
        const hook = await receiver({ secrets: () => [secret], answer: () => 'hang' });
        const client = `F${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        await write(client, ['F-1']);
        const start = clock.time;
        let delivery: Delivery | undefined;
        for (let i = 0; i < 40 && delivery?.status !== 'failed'; i++) {
          await run();
          [delivery] = (await log(made.endpoint.id, '?account=F-1')).deliveries;
          clock.advance(7 * HOUR);
        }
        expect(delivery?.status).toBe('failed');
        expect(delivery?.nextAttemptAt).toBeNull();
        const attempts = delivery?.attempts ?? [];
        expect(attempts.length).toBeGreaterThan(5);
        expect(Date.parse(attempts.at(-1)?.at ?? '') - start).toBeLessThanOrEqual(72 * HOUR);
        expect(Date.parse(attempts.at(-1)?.at ?? '') - start).toBeGreaterThan(60 * HOUR);
        for (const attempt of attempts) {
          expect(attempt).toMatchObject({ httpStatus: null, error: 'timeout' });
          expect(attempt.durationMs).toBeGreaterThanOrEqual(700);
        }
        expect((await log(made.endpoint.id, '?status=failed')).deliveries).toHaveLength(1);
        expect((await log(made.endpoint.id, '?status=pending')).deliveries).toHaveLength(0);
      },
      SLOW,
    );

    it(
      'rotation: both signatures for 24 hours, then the old secret is refused',
      async () => {
        const known: string[] = [];
        const hook = await receiver({ secrets: () => known });
        const client = `S${tag}`;
        const made = await create(hook.url, client);
        known.push(made.secret);
        await write(client, ['S-1']);
        await run();
        expect(hook.received.at(-1)?.signature.split(' ')).toHaveLength(1);

        const rotated = await studio<{ endpoint: Endpoint; secret: string }>(
          `/webhooks/${made.endpoint.id}/rotate`,
          { method: 'POST', session: await as(admin) },
        );
        expect(rotated.status, rotated.text).toBe(200);
        expect(rotated.body.secret).not.toBe(made.secret);
        expect(Date.parse(rotated.body.endpoint.previousSecretExpiresAt ?? '')).toBe(
          clock.time + 24 * HOUR,
        );
        known.push(rotated.body.secret);
        await write(client, ['S-2']);
        clock.advance(23 * HOUR);
        await write(client, ['S-3']);
        await run();
        // During the 24 hours: two signatures; the old secret and the new one each verify.
        for (const delivery of hook.received.slice(1)) {
          expect(delivery.signature.split(' ')).toHaveLength(2);
          expect(delivery.verified).toEqual([true, true]);
        }
        expect(hook.received).toHaveLength(3);

        clock.advance(HOUR + 60_000);
        await write(client, ['S-4']);
        await run();
        const last = hook.received.at(-1);
        expect(last?.event.accountNumber).toBe('S-4');
        expect(last?.signature.split(' ')).toHaveLength(1);
        // The old secret no longer verifies; the new one does.
        expect(last?.verified).toEqual([false, true]);
        const listed = await studio<{ endpoints: Endpoint[] }>('/webhooks', {
          session: await as(admin),
        });
        expect(listed.body.endpoints.find((e) => e.id === made.endpoint.id)).toMatchObject({
          previousSecretExpiresAt: null,
        });
      },
      SLOW,
    );

    it(
      "one endpoint receives one account's events in order: a later one waits for an earlier",
      async () => {
        let secret = '';
        let failA1 = true;
        const hook = await receiver({
          secrets: () => [secret],
          answer: (delivery) => (failA1 && delivery.event.accountNumber === 'O-A' ? 503 : 200),
        });
        const client = `O${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        const [a1, a2, b1] = await write(client, ['O-A', 'O-A', 'O-B']);
        const ofA = () =>
          hook.received.filter((r) => r.event.accountNumber === 'O-A').map((r) => r.id);
        await run();
        // A1 failed; A2 waits behind it; B1 (another account) is not held up (sent beside A1).
        expect(hook.received.map((r) => r.id).sort()).toEqual([a1, b1].sort());
        clock.advance(HOUR);
        await run();
        expect(ofA()).toEqual([a1, a1]);
        const waiting = (await log(made.endpoint.id, '?account=O-A&status=pending')).deliveries;
        expect(waiting.map((d) => [d.eventId, d.attempts.length])).toEqual([
          [a2, 0],
          [a1, 2],
        ]);
        failA1 = false;
        clock.advance(HOUR);
        await run();
        expect(ofA()).toEqual([a1, a1, a1, a2]);
        expect(hook.received).toHaveLength(5);
        const done = (await log(made.endpoint.id, '?account=O-A')).deliveries;
        expect(done.map((d) => d.status)).toEqual(['delivered', 'delivered']);
      },
      SLOW,
    );

    it(
      'redeliver sends a delivered event again with the same webhook-id',
      async () => {
        let secret = '';
        const hook = await receiver({ secrets: () => [secret] });
        const client = `D${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        const [eventId] = await write(client, ['D-1']);
        await run();
        const [delivery] = (await log(made.endpoint.id)).deliveries;
        expect(delivery?.status).toBe('delivered');
        const again = await studio<{ delivery: Delivery }>(
          `/webhooks/deliveries/${delivery?.id}/redeliver`,
          { method: 'POST', session: await as(admin) },
        );
        expect(again.status, again.text).toBe(202);
        expect(again.body.delivery).toMatchObject({ status: 'pending', eventId });
        expect(again.body.delivery.nextAttemptAt).toBe(clock.now().toISOString());
        await run();
        expect(hook.received.map((r) => r.id)).toEqual([eventId, eventId]);
        const [after] = (await log(made.endpoint.id)).deliveries;
        expect(after?.status).toBe('delivered');
        expect(after?.attempts).toHaveLength(2);
        const audit = await server.database.db
          .selectFrom('audit_log')
          .select(['action', 'subject'])
          .where('action', 'like', 'webhook.%')
          .where('staff_id', '=', admin.id)
          .execute();
        expect(audit).toContainEqual({ action: 'webhook.redeliver', subject: delivery?.id });
        expect(audit).toContainEqual({ action: 'webhook.create', subject: made.endpoint.id });
        expect(JSON.stringify(audit)).not.toContain('whsec_');
      },
      SLOW,
    );

    it(
      'a disabled endpoint is sent nothing; enabled again, it catches up from its cursor',
      async () => {
        let secret = '';
        const hook = await receiver({ secrets: () => [secret] });
        const client = `E${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        const off = await studio<{ endpoint: Endpoint }>(`/webhooks/${made.endpoint.id}/disable`, {
          method: 'POST',
          session: await as(admin),
        });
        expect(off.body.endpoint.enabled).toBe(false);
        const ids = await write(client, ['E-1', 'E-2']);
        expect(await run()).toBe(0);
        expect(hook.received).toHaveLength(0);
        const on = await studio<{ endpoint: Endpoint }>(`/webhooks/${made.endpoint.id}/enable`, {
          method: 'POST',
          session: await as(admin),
        });
        expect(on.body.endpoint.enabled).toBe(true);
        await run();
        // Two accounts: each one's events in order, but no order between them.
        expect(hook.received.map((r) => r.id).sort()).toEqual([...ids].sort());
      },
      SLOW,
    );

    it(
      'refuses bad input (400), unknown ids (404), an http URL to another host',
      async () => {
        const session = await as(admin);
        for (const body of [
          { url: 'http://example.com/hook', description: 'plain http elsewhere' },
          { url: 'http://10.0.0.5/hook', description: 'plain http elsewhere' },
          { url: 'ftp://example.com/hook', description: 'x' },
          { url: 'https://user:pw@example.com/hook', description: 'credentials' },
          { url: 'https://example.com/hook' },
          { url: 'https://example.com/hook', description: 'x', clientCode: 'no spaces' },
          { url: 'https://example.com/hook', description: 'x', secret: 'whsec_mine' },
        ]) {
          const res = await studio('/webhooks', { session, body });
          expect(res.status, JSON.stringify(body)).toBe(400);
        }
        const unknown = 'wh_0000000000000000';
        for (const action of ['rotate', 'disable', 'enable']) {
          expect(
            (await studio(`/webhooks/${unknown}/${action}`, { method: 'POST', session })).status,
          ).toBe(404);
          expect(
            (await studio(`/webhooks/nope/${action}`, { method: 'POST', session })).status,
          ).toBe(400);
        }
        expect((await studio(`/webhooks/${unknown}/deliveries`, { session })).status).toBe(404);
        const redeliver = (id: string) =>
          studio(`/webhooks/deliveries/${id}/redeliver`, { method: 'POST', session });
        expect((await redeliver('999999999')).status).toBe(404);
        expect((await redeliver('abc')).status).toBe(400);
        expect((await redeliver('0')).status).toBe(400);
        const listed = await studio<{ endpoints: Endpoint[] }>('/webhooks', { session });
        const some = listed.body.endpoints[0]?.id ?? unknown;
        for (const query of ['?status=lost', '?before=abc', '?account=', '?other=1']) {
          const res = await studio(`/webhooks/${some}/deliveries${query}`, { session });
          expect(res.status, query).toBe(400);
        }
      },
      SLOW,
    );

    it(
      'admits each role to its routes only: editors 403, no cookie or a debtor token 401, CSRF checked',
      async () => {
        let secret = '';
        const hook = await receiver({ secrets: () => [secret] });
        const client = `M${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        await write(client, ['M-1']);
        await run();
        const [delivery] = (await log(made.endpoint.id)).deliveries;
        const id = made.endpoint.id;
        const routes: {
          path: string;
          method: string;
          body?: unknown;
          ok: number;
          roles: string[];
        }[] = [
          { path: '/webhooks', method: 'GET', ok: 200, roles: ['admin', 'approver'] },
          {
            path: '/webhooks',
            method: 'POST',
            body: { url: `${hook.url}/m`, description: 'matrix', clientCode: `N${tag}` },
            ok: 201,
            roles: ['admin'],
          },
          { path: `/webhooks/${id}/rotate`, method: 'POST', ok: 200, roles: ['admin'] },
          { path: `/webhooks/${id}/disable`, method: 'POST', ok: 200, roles: ['admin'] },
          { path: `/webhooks/${id}/enable`, method: 'POST', ok: 200, roles: ['admin'] },
          {
            path: `/webhooks/${id}/deliveries`,
            method: 'GET',
            ok: 200,
            roles: ['admin', 'approver'],
          },
          {
            path: `/webhooks/deliveries/${delivery?.id}/redeliver`,
            method: 'POST',
            ok: 202,
            roles: ['admin'],
          },
        ];
        const maria = (await debtorSignIn(server, MARIA)).accessToken;
        for (const route of routes) {
          const options = { method: route.method, ...(route.body ? { body: route.body } : {}) };
          for (const account of [editor, approver, admin]) {
            const res = await studio(route.path, { ...options, session: await as(account) });
            const expected = route.roles.includes(account.role) ? route.ok : 403;
            expect(res.status, `${account.role} ${route.method} ${route.path}`).toBe(expected);
          }
          const anonymous = await studio(route.path, options);
          expect(anonymous.status, `none ${route.path}`).toBe(401);
          const debtor = await studio(route.path, { ...options, token: maria });
          expect(debtor.status, `debtor ${route.path}`).toBe(401);
          if (route.method === 'POST') {
            const session = await as(admin);
            const noCsrf = await studio(route.path, { ...options, session, csrf: false });
            expect(noCsrf.status, `no CSRF ${route.path}`).toBe(403);
            const elsewhere = await studio(route.path, {
              ...options,
              session,
              origin: 'https://evil.example',
            });
            expect(elsewhere.status, `origin ${route.path}`).toBe(403);
          }
        }
      },
      SLOW,
    );

    it(
      'a closing server does not wait for a receiver that never answers; the delivery stays due',
      async () => {
        let secret = '';
        const hook = await receiver({ secrets: () => [secret], answer: () => 'hang' });
        const client = `C${tag}`;
        const made = await create(hook.url, client);
        secret = made.secret;
        await write(client, ['C-1']);
        const other = await startServer(makeDatabase, {
          webhooks: { pollMs: 50, timeoutMs: 10_000 },
        });
        for (let i = 0; i < 100 && hook.received.length === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(hook.received).toHaveLength(1);
        const started = Date.now();
        await other.close();
        expect(Date.now() - started).toBeLessThan(3000);
        const row = await server.database.db
          .selectFrom('webhook_deliveries')
          .select(['status', 'lease_owner', 'attempt_count'])
          .where('endpoint_id', '=', made.endpoint.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'pending', lease_owner: null, attempt_count: 0 });
      },
      SLOW,
    );
  });
}
