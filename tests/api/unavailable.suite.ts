/**
 * The database briefly out of reach: the API answers 503 with Retry-After and the shared error
 * shape in the caller's language (never 500), answers that need no database as before, and works
 * again as soon as the database is back.
 *
 * PostgreSQL: the portal's pool connects through a TCP relay to the real server; cutting the relay
 * (no listener: connection refused, and every open connection dropped) is PostgreSQL going down,
 * restoring it on the same port is PostgreSQL back. A payment sent during the outage is answered
 * 503 and, sent again with the same Idempotency-Key afterwards, is made exactly once.
 *
 * SQLite: another process's connection holds the write lock past the busy timeout: a call that
 * writes (a sign-in stores its refresh token) is answered 503, reads go on (WAL).
 */
import net from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../src/server/db/database';
import { apiValidators, call, startServer, type RunningServer } from './harness';
import {
  importFixture,
  PAYER_CONTACT,
  signIn,
  signInBody,
  today,
  type ErrorBody,
  type SubmitAnswer,
} from './payments-fixtures';

const RETRY_AFTER = '5';
const UNAVAILABLE = {
  en: 'The service is briefly unavailable. Please try again in a few seconds.',
  es: 'El servicio no está disponible por un momento. Inténtelo de nuevo en unos segundos.',
};

const person = { lastName: 'Outagetester', ssn: '2718', dob: '1971-03-04' };
const ACCOUNT = 'OUT1.10001';
const SIGN_IN = signInBody(person);
const CARD_TOKEN = 'sbx_card_ok_outage0000001';

const fixture = {
  debtors: [
    {
      key: 'outage-tester',
      firstName: 'Oona',
      lastName: person.lastName,
      ssnLast4: person.ssn,
      dateOfBirth: person.dob,
      addressLine1: '5 Outage Ave',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          cardType: 'credit',
          last4: '1111',
          expiration: '2031-06',
          token: CARD_TOKEN,
        },
      ],
      accounts: [
        {
          accountNumber: ACCOUNT,
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          balance: 1000,
          originalBalance: 1000,
          statusCode: 'ACT',
          dateOfReferral: 'today-30',
          lastUpdateDate: 'today-5',
        },
      ],
    },
  ],
};

/** A TCP relay to the database server that can be cut (nothing listens) and restored. */
export class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('relay has no port');
    this.port = address.port;
    this.server = server;
  }

  /** The database goes away: new connections are refused, open ones are dropped. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

const readAccount = (server: RunningServer, token: string, lang?: string) =>
  call<ErrorBody>(server, `/api/v2/Account/Detailed?accountNumber=${ACCOUNT}`, {
    token,
    ...(lang ? { lang } : {}),
  });

export function postgresUnavailableSuite(
  target: { host: string; port: number },
  makeDatabase: (relayPort: number) => PortalDatabase,
): void {
  describe('PostgreSQL briefly unavailable', () => {
    const schemas = apiValidators();
    const relay = new Relay(target.host, target.port);
    let server: RunningServer;
    let token = '';
    let fundingId = 0;

    beforeAll(async () => {
      await relay.open();
      server = await startServer(() => makeDatabase(relay.port));
      await importFixture(server.database.db, fixture);
      token = await signIn(server, person);
      const method = await server.database.db
        .selectFrom('funding_methods')
        .select('id')
        .where('processor_token', '=', CARD_TOKEN)
        .executeTakeFirstOrThrow();
      fundingId = method.id;
    });
    afterAll(async () => {
      await relay.cut();
      await server?.close();
    });

    it('answers 503 with Retry-After in the error shape and language, other answers as before, and 200 once it is back', async () => {
      expect((await readAccount(server, token)).status).toBe(200);
      await relay.cut();
      try {
        const down = await readAccount(server, token);
        expect(down.status, down.text).toBe(503);
        expect(down.headers.get('retry-after')).toBe(RETRY_AFTER);
        expect(schemas.check('error', down.body)).toEqual([]);
        expect(down.body).toEqual({ message: UNAVAILABLE.en });
        const spanish = await readAccount(server, token, 'es');
        expect(spanish.status).toBe(503);
        expect(spanish.headers.get('retry-after')).toBe(RETRY_AFTER);
        expect(spanish.body).toEqual({ message: UNAVAILABLE.es });

        // A sign-in reads and writes the database: 503 too, never a refusal of the person.
        const signingIn = await call<ErrorBody>(server, '/api/Authorization/VerifyIdentity', {
          body: SIGN_IN,
        });
        expect(signingIn.status, signingIn.text).toBe(503);
        expect(signingIn.headers.get('retry-after')).toBe(RETRY_AFTER);

        // Answers that do not need the database are as before.
        const invalid = await call<ErrorBody>(server, '/api/v2/Account/Detailed', { token });
        expect(invalid.status).toBe(400);
        expect(invalid.headers.get('retry-after')).toBeNull();
        expect(invalid.body.message).toBe('The request is not valid.');
        const missing = await call<ErrorBody>(server, '/api/v2/Account/NoSuchCall', { token });
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ message: 'The requested resource was not found.' });
        expect((await call(server, '/api/health')).status).toBe(200);
      } finally {
        await relay.open();
      }
      const back = await readAccount(server, token);
      expect(back.status, back.text).toBe(200);
      // Logged as the database being away, not as a failure of the server's code.
      expect(server.logs.text()).toContain('database unavailable');
      expect(server.logs.text()).not.toContain('request failed');
    });

    it('a payment sent while it is down is answered 503, and sent again with the same key is made once', async () => {
      const body = {
        accountNumber: ACCOUNT,
        schedule: [{ date: today(), amount: 40 }],
        fundingId,
        type: 'PPA',
        paymentVariant: 'one-time',
        authorizationDisclosuresAccepted: true,
        firstName: 'Oona',
        lastName: person.lastName,
        ...PAYER_CONTACT,
      };
      const headers = { 'idempotency-key': `outage-${Date.now()}` };
      const submit = () =>
        call<SubmitAnswer & ErrorBody>(server, '/api/Account/SubmitPayment', {
          token,
          body,
          headers,
        });
      await relay.cut();
      try {
        const during = await submit();
        expect(during.status, during.text).toBe(503);
        expect(during.headers.get('retry-after')).toBe(RETRY_AFTER);
        expect(during.body).toEqual({ message: UNAVAILABLE.en });
      } finally {
        await relay.open();
      }
      const retry = await submit();
      expect(retry.status, retry.text).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(retry.body.paymentSubmission?.success).toBe(true);
      const again = await submit();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(retry.body);
      // One submission of the account, accepted, and one charge for it.
      const submissions = await server.database.db
        .selectFrom('payment_submissions')
        .innerJoin('accounts', 'accounts.id', 'payment_submissions.account_id')
        .select(['payment_submissions.status', 'payment_submissions.confirmation'])
        .where('accounts.account_number', '=', ACCOUNT)
        .execute();
      const confirmation = retry.body.paymentSubmission?.confirmation ?? '';
      expect(submissions).toEqual([{ status: 'approved', confirmation }]);
      const charges = await server.database.db
        .selectFrom('sandbox_charges')
        .select('reference')
        .where('reference', '=', confirmation)
        .where('approved', '=', 1)
        .execute();
      expect(charges).toHaveLength(1);
    });
  });
}

export function sqliteBusySuite(dataDir: string, makeDatabase: () => PortalDatabase): void {
  describe('SQLite write lock held by another process', () => {
    let server: RunningServer;
    let token = '';

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await importFixture(server.database.db, fixture);
      token = await signIn(server, person);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('a call that writes is answered 503 with Retry-After after the busy timeout; reads go on', async () => {
      const other = new SqliteDatabase(path.join(dataDir, 'portal.db'));
      other.exec('BEGIN IMMEDIATE');
      try {
        const signingIn = await call<ErrorBody>(server, '/api/Authorization/VerifyIdentity', {
          lang: 'es',
          body: SIGN_IN,
        });
        expect(signingIn.status, signingIn.text).toBe(503);
        expect(signingIn.headers.get('retry-after')).toBe(RETRY_AFTER);
        expect(signingIn.body).toEqual({ message: UNAVAILABLE.es });
        expect((await readAccount(server, token)).status).toBe(200);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      const after = await call(server, '/api/Authorization/VerifyIdentity', {
        body: SIGN_IN,
      });
      expect(after.status, after.text).toBe(200);
    }, 20_000);
  });
}
