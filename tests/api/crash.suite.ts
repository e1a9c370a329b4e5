/**
 * Crash-safe payments on a real server process killed with SIGKILL at each point of a submission
 * (after its reservation and before the charge, after the charge, inside the recording transaction
 * before it commits, after the commit), then restarted on the same database: the retry with the
 * same Idempotency-Key is answered once the lease has passed, every charge has exactly one complete
 * record, and no payment is refused as a duplicate unless one exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Failpoint } from '../../src/server/failpoints';
import { addDays, importFixture, today } from './payments-fixtures';
import { startServerProcess, type CrashDatabase, type ServerProcess } from './server-processes';

export type { CrashDatabase } from './server-processes';

const LEASE_SECONDS = 2;
/** How long a server process may take to start: over 30 s on a busy 2-core machine. */
const START_MS = 90_000;
const person = { lastName: 'Crashtester', ssn: '3141', dob: '1969-07-20' };
const POINTS: Failpoint[] = ['after-reserve', 'after-charge', 'before-commit', 'after-commit'];

const fixture = {
  debtors: [
    {
      key: 'crash-tester',
      firstName: 'Casey',
      lastName: person.lastName,
      ssnLast4: person.ssn,
      dateOfBirth: person.dob,
      addressLine1: '9 Crash Ct',
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
          token: 'sbx_card_ok_crash00000001',
        },
      ],
      // One account per crash point, and one for a payment dated later.
      accounts: [...POINTS, 'later'].map((_, i) => ({
        accountNumber: `CR1.1000${i + 1}`,
        clientId: 'NWB',
        creditorName: 'Northwind Bank',
        balance: 1000,
        originalBalance: 1000,
        statusCode: 'ACT',
        dateOfReferral: 'today-30',
        lastUpdateDate: 'today-5',
      })),
    },
  ],
};

type Running = ServerProcess;

function startProcess(db: CrashDatabase, failpoint?: Failpoint): Promise<Running> {
  return startServerProcess(db, {
    label: 'crash',
    env: {
      PAYMENT_LEASE_SECONDS: String(LEASE_SECONDS),
      PORTAL_FAILPOINT: failpoint ?? '',
    },
    stderr: 'pipe',
    startMs: START_MS,
  });
}

async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; replayed: boolean }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 'crash-test', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

async function signIn(url: string): Promise<string> {
  const res = await post(url, '/api/Authorization/VerifyIdentity', {
    lastName: person.lastName,
    option1: 'SocialSecurityNumber',
    option2: 'DateOfBirth',
    socialSecurityNumber: person.ssn,
    dateOfBirth: person.dob,
    stateDisclosuresAccepted: true,
    consent: true,
  });
  expect(res.status).toBe(200);
  return res.body.accessToken as string;
}

export function crashSuite(dialect: string, makeDatabase: () => Promise<CrashDatabase>): void {
  describe(`payments survive a killed server on ${dialect}`, () => {
    let db: CrashDatabase;
    let reader: PortalDatabase;
    let fundingId = 0;

    beforeAll(async () => {
      db = await makeDatabase();
      reader = db.open();
      await migrateToLatest(reader.db);
      await importFixture(reader.db, fixture);
      const method = await reader.db
        .selectFrom('funding_methods')
        .select('id')
        .where('processor_token', '=', 'sbx_card_ok_crash00000001')
        .executeTakeFirstOrThrow();
      fundingId = method.id;
    });
    afterAll(async () => {
      await reader?.destroy();
    });

    /** What the database holds about an account's payments (the test reads it directly). */
    const recordsOf = async (accountNumber: string) => {
      const account = await reader.db
        .selectFrom('accounts')
        .select('id')
        .where('account_number', '=', accountNumber)
        .executeTakeFirstOrThrow();
      const submissions = await reader.db
        .selectFrom('payment_submissions')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
      const references = submissions.map((s) => s.confirmation);
      const charges =
        references.length === 0
          ? []
          : await reader.db
              .selectFrom('sandbox_charges')
              .selectAll()
              .where('reference', 'in', references)
              .where('approved', '=', 1)
              .execute();
      const transactions = await reader.db
        .selectFrom('transactions')
        .select(['confirmation_code'])
        .where('account_id', '=', account.id)
        .execute();
      const arrangements = await reader.db
        .selectFrom('arrangements')
        .select(['external_ref'])
        .where('account_id', '=', account.id)
        .execute();
      const authorizations = await reader.db
        .selectFrom('payment_authorizations')
        .select(['confirmation'])
        .where('account_id', '=', account.id)
        .execute();
      // The agency's events of the account (issue 42), written with the payment, in cursor order.
      const events = (
        await reader.db
          .selectFrom('events')
          .select(['type', 'data', 'cursor'])
          .where('account_number', '=', accountNumber)
          .orderBy('cursor')
          .execute()
      ).map((e) => ({ type: e.type, data: JSON.parse(e.data) as Record<string, unknown> }));
      return { submissions, charges, transactions, arrangements, authorizations, events };
    };

    POINTS.forEach((point, index) => {
      it(
        `killed ${point}: one complete payment, the key answered once its lease passed`,
        async () => {
          const accountNumber = `CR1.1000${index + 1}`;
          const body = {
            accountNumber,
            schedule: [{ date: today(), amount: 40 }],
            fundingId,
            type: 'PPA',
            paymentVariant: 'one-time',
            firstName: 'Casey',
            lastName: person.lastName,
            address1: '9 Crash Ct',
            city: 'Austin',
            state: 'TX',
            zip: '73301',
            authorizationDisclosuresAccepted: true,
          };
          const key = `crash-${dialect}-${point}`;

          const doomed = await startProcess(db, point);
          const token = await signIn(doomed.url);
          const headers = { authorization: `Bearer ${token}`, 'idempotency-key': key };
          await expect(
            post(doomed.url, '/api/Account/SubmitPayment', body, headers),
          ).rejects.toThrow();
          expect(await doomed.exited).toBe('SIGKILL');

          const restarted = await startProcess(db);
          try {
            const retryHeaders = {
              ...headers,
              authorization: `Bearer ${await signIn(restarted.url)}`,
            };
            // Answered within its lease (plus the settling interval), never 409 for good.
            const deadline = Date.now() + (LEASE_SECONDS + 5) * 1000;
            let answer = await post(
              restarted.url,
              '/api/Account/SubmitPayment',
              body,
              retryHeaders,
            );
            while (answer.status === 409 && Date.now() < deadline) {
              await new Promise((r) => setTimeout(r, 250));
              answer = await post(restarted.url, '/api/Account/SubmitPayment', body, retryHeaders);
            }
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            expect(answer.body).toMatchObject({ paymentSubmission: { success: true }, errors: [] });
            const confirmation = (answer.body.paymentSubmission as { confirmation: string })
              .confirmation;
            // Charged before the crash: the retry is the first request's answer, not a new payment.
            if (point !== 'after-reserve') expect(answer.replayed).toBe(true);

            const records = await recordsOf(accountNumber);
            const accepted = records.submissions.filter((s) =>
              ['approved', 'scheduled'].includes(s.status),
            );
            expect(accepted.map((s) => s.confirmation)).toEqual([confirmation]);
            expect(records.submissions.filter((s) => s.status === 'in_flight')).toEqual([]);
            expect(records.charges.map((c) => c.reference)).toEqual([confirmation]);
            expect(records.transactions.map((t) => t.confirmation_code)).toEqual([confirmation]);
            expect(records.arrangements.map((a) => a.external_ref)).toEqual([
              `web-${confirmation}`,
            ]);
            expect(records.authorizations.map((a) => a.confirmation)).toEqual([confirmation]);
            // Its events once, whichever process recorded it (the settling one after a crash).
            expect(records.events.map((e) => [e.type, e.data.confirmation])).toEqual([
              ['plan.created', confirmation],
              ['payment.succeeded', confirmation],
              ['esign.consent_given', confirmation],
            ]);
            expect(records.events[1]?.data).toMatchObject({ amountCents: 4000, paidOn: today() });

            // The same payment again is a duplicate (one exists); another one is taken.
            const again = await post(restarted.url, '/api/Account/SubmitPayment', body, {
              authorization: retryHeaders.authorization,
            });
            expect(again.body).toMatchObject({ errors: ['duplicate'] });
          } finally {
            restarted.process.kill('SIGTERM');
            await restarted.exited;
          }
        },
        4 * START_MS,
      );
    });

    it(
      'a payment for a later day cut off before its commit is released, then paid once',
      async () => {
        const body = {
          accountNumber: 'CR1.10005',
          schedule: [{ date: addDays(today(), 3), amount: 45 }],
          fundingId,
          type: 'PPA',
          paymentVariant: 'one-time',
          firstName: 'Casey',
          lastName: person.lastName,
          address1: '9 Crash Ct',
          city: 'Austin',
          state: 'TX',
          zip: '73301',
          authorizationDisclosuresAccepted: true,
        };
        const key = `crash-${dialect}-later`;
        const doomed = await startProcess(db, 'before-commit');
        const headers = {
          authorization: `Bearer ${await signIn(doomed.url)}`,
          'idempotency-key': key,
        };
        await expect(
          post(doomed.url, '/api/Account/SubmitPayment', body, headers),
        ).rejects.toThrow();
        await doomed.exited;
        const restarted = await startProcess(db);
        try {
          // Settled by the restarted process on its own once the lease has passed.
          await new Promise((r) => setTimeout(r, (LEASE_SECONDS + 2) * 1000));
          const cut = await recordsOf('CR1.10005');
          expect(cut.submissions.map((s) => [s.status, s.error_code])).toEqual([
            ['declined', 'interrupted'],
          ]);
          expect(cut.arrangements).toEqual([]);
          expect(cut.events).toEqual([]);
          // Nothing was paid: the same request runs again and pays once (not a duplicate).
          const retry = await post(restarted.url, '/api/Account/SubmitPayment', body, {
            ...headers,
            authorization: `Bearer ${await signIn(restarted.url)}`,
          });
          expect(retry.status).toBe(200);
          expect(retry.replayed).toBe(false);
          expect(retry.body).toMatchObject({ paymentSubmission: { success: true } });
          const paid = await recordsOf('CR1.10005');
          expect(paid.arrangements).toHaveLength(1);
          expect(paid.charges).toEqual([]);
          expect(paid.events.map((e) => e.type)).toEqual([
            'plan.created',
            'payment.scheduled',
            'esign.consent_given',
          ]);
        } finally {
          restarted.process.kill('SIGTERM');
          await restarted.exited;
        }
      },
      4 * START_MS,
    );
  });
}
