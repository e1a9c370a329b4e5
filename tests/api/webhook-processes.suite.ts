/**
 * Webhooks across real server processes on one PostgreSQL database (issue 42):
 * - a server killed with SIGKILL after a debtor's change committed and while its webhook is on
 *   the wire loses no event: restarted, every event reaches the receiver, and after deduping by
 *   `webhook-id` each is there once;
 * - two server processes deliver each event to an endpoint exactly once (leases claimed with
 *   FOR UPDATE SKIP LOCKED), each account's events in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { recordEvent } from '../../src/server/events/record';
import { createEndpoint } from '../../src/server/webhooks/endpoints';
import { testKeys } from './harness';
import { importFixture, signInBody } from './payments-fixtures';
import { startReceiver, type Receiver } from './webhook-receiver';
import {
  killAll,
  startServerProcess,
  until,
  type CrashDatabase,
  type ServerProcess,
} from './server-processes';

const person = { lastName: 'Hookkiller', ssn: '2718', dob: '1971-03-14' };
const CLIENT = 'NWB';
/** Server processes start in seconds on a busy machine; the deliveries follow. */
const SLOW = 400_000;

const fixture = {
  debtors: [
    {
      key: 'hook-killer',
      firstName: 'Kim',
      lastName: person.lastName,
      ssnLast4: person.ssn,
      dateOfBirth: person.dob,
      addressLine1: '1 Hook Way',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      accounts: [1, 2].map((i) => ({
        accountNumber: `HK1.${i}`,
        clientId: CLIENT,
        creditorName: 'Northwind Bank',
        balance: 500,
        originalBalance: 500,
        statusCode: 'ACT',
        dateOfReferral: 'today-30',
        lastUpdateDate: 'today-5',
      })),
    },
  ],
};

type Running = ServerProcess;

function startProcess(db: CrashDatabase, leaseSeconds = 60): Promise<Running> {
  return startServerProcess(db, {
    label: 'webhook',
    env: { WEBHOOK_POLL_MS: '100', WEBHOOK_LEASE_SECONDS: String(leaseSeconds) },
  });
}

export function webhookProcessesSuite(makeDatabase: () => Promise<CrashDatabase>): void {
  describe('webhooks across server processes on PostgreSQL', () => {
    let db: CrashDatabase;
    let reader: PortalDatabase;
    const running: Running[] = [];
    const receivers: Receiver[] = [];

    const stopAll = () => killAll(running);

    /** Writes one event per account in its own transaction (as a change does); answers ids. */
    const write = async (client: string, accounts: string[]) => {
      const ids: string[] = [];
      for (const account of accounts) {
        await reader.db.transaction().execute(async (trx) => {
          await recordEvent(trx, {
            type: 'debtor.email_opted_out',
            at: new Date().toISOString(),
            subject: { accountNumber: account, clientId: client, debtorKey: `key-${account}` },
            data: { email: `${account.toLowerCase()}@example.com` },
          });
        });
      }
      const rows = await reader.db
        .selectFrom('events')
        .select('id')
        .where('client_id', '=', client)
        .orderBy('cursor')
        .execute();
      ids.push(...rows.map((row) => row.id));
      return ids;
    };

    const statuses = async (endpoint: string) =>
      reader.db
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'status', 'attempt_count'])
        .where('endpoint_id', '=', endpoint)
        .orderBy('event_cursor')
        .execute();

    beforeAll(async () => {
      db = await makeDatabase();
      reader = db.open();
      await migrateToLatest(reader.db);
      await importFixture(reader.db, fixture);
    }, SLOW);
    afterAll(async () => {
      await stopAll();
      for (const receiver of receivers) await receiver.close();
      await reader?.destroy();
    });

    it(
      'a server killed between the commit and the delivery loses no event; after dedupe each webhook-id once',
      async () => {
        let secret = '';
        const first: { process?: Running } = {};
        const receiver = await startReceiver({
          secrets: () => [secret],
          answer: (_delivery, index) => {
            // The first delivery arrives: the sending process dies before it hears the answer.
            if (index === 0) {
              first.process?.process.kill('SIGKILL');
              return 'hang';
            }
            return 200;
          },
        });
        receivers.push(receiver);
        const made = await createEndpoint(
          reader.db,
          testKeys().webhookKey,
          { url: receiver.url, description: 'kill -9', clientCode: CLIENT },
          new Date(),
        );
        secret = made.secret;
        // A short lease: the restarted process may send what the killed one held after 2 s.
        const victim = await startProcess(db, 2);
        first.process = victim;
        running.push(victim);
        // A debtor's change through the server: its events commit with it.
        const signIn = await fetch(`${victim.url}/api/Authorization/VerifyIdentity`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-id': 'hook-kill' },
          body: JSON.stringify(signInBody(person)),
        });
        expect(signIn.status, await signIn.clone().text()).toBe(200);
        const { accessToken } = (await signIn.json()) as { accessToken: string };
        const change = await fetch(`${victim.url}/api/Debtor/SetCommunicationPreferences`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-session-id': 'hook-kill',
            authorization: `Bearer ${accessToken}`,
          },
          body: JSON.stringify({
            emails: false,
            letters: true,
            texts: false,
            emailAddress: 'kim.hooks@example.com',
          }),
        }).catch(() => null);
        // The process may die before its answer leaves: the change committed either way.
        if (change) expect(change.status, await change.text()).toBe(200);
        expect(await victim.exited).toBe('SIGKILL');
        running.splice(0);
        // More changes commit while no server runs.
        await write(CLIENT, ['HK1.1', 'HK1.2']);
        const committed = await reader.db
          .selectFrom('events')
          .select('id')
          .where('client_id', '=', CLIENT)
          .orderBy('cursor')
          .execute();
        expect(committed.length).toBe(4);
        const firstId = receiver.received[0]?.id;
        expect(firstId).toBeDefined();

        running.push(await startProcess(db, 2));
        await until(
          async () => (await statuses(made.id)).every((row) => row.status === 'delivered'),
          30_000,
          100,
        );
        const rows = await statuses(made.id);
        expect(rows.map((row) => row.event_id)).toEqual(committed.map((row) => row.id));
        // The one on the wire when the first process died came again: at least once, never lost.
        const ids = receiver.verifiedIds();
        expect(ids.length).toBeGreaterThan(committed.length);
        expect([...new Set(ids)].sort()).toEqual(committed.map((row) => row.id).sort());
        expect(ids.filter((id) => id === firstId).length).toBeGreaterThanOrEqual(2);
        await stopAll();
      },
      SLOW,
    );

    it(
      'two server processes on one database deliver each event to the endpoint exactly once',
      async () => {
        let secret = '';
        const receiver = await startReceiver({ secrets: () => [secret] });
        receivers.push(receiver);
        const client = 'HK2';
        const made = await createEndpoint(
          reader.db,
          testKeys().webhookKey,
          { url: receiver.url, description: 'two processes', clientCode: client },
          new Date(),
        );
        secret = made.secret;
        running.push(await startProcess(db), await startProcess(db));
        const accounts = Array.from({ length: 60 }, (_, i) => `HK2.${i % 6}`);
        const ids = await write(client, accounts);
        await until(
          async () => {
            const rows = await statuses(made.id);
            return rows.length === ids.length && rows.every((row) => row.status === 'delivered');
          },
          60_000,
          100,
        );
        // Exactly once: no id twice, every id, and one attempt each.
        expect(receiver.verifiedIds().sort()).toEqual([...ids].sort());
        expect(receiver.received).toHaveLength(ids.length);
        expect((await statuses(made.id)).every((row) => row.attempt_count === 1)).toBe(true);
        // Each account's events in the order they were written.
        for (let a = 0; a < 6; a++) {
          const account = `HK2.${a}`;
          const got = receiver.received
            .filter((r) => r.event.accountNumber === account)
            .map((r) => r.event.cursor);
          expect(got).toEqual([...got].sort((x, y) => x - y));
          expect(got).toHaveLength(10);
        }
        await stopAll();
      },
      SLOW,
    );
  });
}
