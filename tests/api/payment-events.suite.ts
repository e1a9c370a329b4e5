/**
 * SubmitPayment's agency events (issue 42), read back through the feed GET /api/agency/v1/events
 * with an agency key: a payment charged now is one `payment.succeeded` with its confirmation code
 * and amount; a plan is `plan.created` with one `payment.scheduled` per later payment (and the
 * succeeded one of today's); a letter's option is `letter_offer.accepted`; each accepted payment
 * records its `esign.consent_given`; a decline is `payment.declined` and nothing else; a replay
 * (same Idempotency-Key) or a duplicate adds nothing. On both databases (PostgreSQL records most
 * payments in one statement, payments/accepted-at-once.ts; the others in a transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgencyKey } from '../../src/server/events/keys';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  addCard,
  addDays,
  CARDS,
  importFixture,
  letterSignIn,
  PAYER_CONTACT,
  signIn,
  today,
  type SubmitAnswer,
} from './payments-fixtures';

const FEED = '/api/agency/v1/events';
const payer = { lastName: 'Eventpayer', ssn: '4242', dob: '1975-03-04' };

interface FeedEvent {
  id: string;
  cursor: number;
  type: string;
  clientId: string | null;
  accountNumber: string | null;
  debtorKey: string | null;
  data: Record<string, unknown>;
}
interface FeedPage {
  data: FeedEvent[];
  nextCursor: number;
  hasMore: boolean;
}

const acct = (number: string, extra: Record<string, unknown> = {}) => ({
  accountNumber: number,
  clientId: 'NWB',
  creditorName: 'Northwind Bank',
  balance: 1000,
  originalBalance: 1000,
  statusCode: 'ACT',
  dateOfReferral: 'today-30',
  lastUpdateDate: 'today-5',
  ...extra,
});

const fixture = {
  debtors: [
    {
      key: 'pev-payer',
      firstName: 'Evan',
      lastName: payer.lastName,
      ssnLast4: payer.ssn,
      dateOfBirth: payer.dob,
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          cardType: 'credit',
          last4: '4242',
          expiration: '2031-06',
          token: 'sbx_card_ok_pevfixture01',
        },
      ],
      accounts: [
        acct('PEV1.10001'),
        acct('PEV1.10002', { balance: 1200, originalBalance: 1200 }),
        acct('PEV1.10003'),
        acct('PEV1.10004', {
          hasSettlementOffers: true,
          letters: [
            {
              letterId: 9042,
              requestDate: 'today-5',
              principalBalance: 1000,
              options: [
                {
                  optionNumber: 2,
                  dueDate: 'today+10',
                  settlementAmount: 700,
                  paymentAmount: 350,
                  discount: 0.3,
                  numberOfPayments: 2,
                  schedule: [
                    { date: 'today+10', amount: 350 },
                    { date: 'today+40', amount: 350 },
                  ],
                },
              ],
            },
          ],
        }),
        acct('PEV1.10005'),
        acct('PEV1.10006', {
          statusCode: 'PPA',
          arrangements: [
            {
              ref: 'pev-ppa',
              type: 'PPA',
              amount: 300,
              active: true,
              beginBalance: 300,
              created: 'today-40',
              allowRemaining: true,
              modifiableOnline: true,
              payments: [
                { date: 'today-30', amount: 100, status: 'Paid' },
                { date: 'today+10', amount: 100, status: 'PostDate', fundingRef: 'visa' },
                { date: 'today+40', amount: 100, status: 'PostDate', fundingRef: 'visa' },
              ],
            },
          ],
        }),
      ],
    },
  ],
};

export function paymentEventsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`payment events on ${dialect}`, () => {
    let server: RunningServer;
    let token: string;
    let agencyKey: string;
    let visa: number;
    const schemas = apiValidators();

    const submit = (
      body: Record<string, unknown>,
      options: { token?: string; key?: string } = {},
    ) =>
      call<SubmitAnswer>(server, '/api/Account/SubmitPayment', {
        token: options.token ?? token,
        body: {
          authorizationDisclosuresAccepted: true,
          firstName: 'Evan',
          lastName: payer.lastName,
          ...PAYER_CONTACT,
          ...body,
        },
        headers: options.key ? { 'idempotency-key': options.key } : {},
      });

    const oneTime = (accountNumber: string, amount: number, date = today()) => ({
      accountNumber,
      schedule: [{ date, amount }],
      fundingId: visa,
      type: 'PPA',
      paymentVariant: 'one-time',
    });

    /** The feed's end now: what a consumer that read everything holds. */
    const feedEnd = async (): Promise<number> => (await readFrom(0)).after;

    /** Every event after `after`, page by page (each page checked against its schema). */
    const readFrom = async (after: number) => {
      const events: FeedEvent[] = [];
      for (;;) {
        const page = await call<FeedPage>(server, `${FEED}?after=${after}&limit=500`, {
          token: agencyKey,
        });
        expect(page.status, page.text).toBe(200);
        expect(schemas.check('agency-event-list', page.body)).toEqual([]);
        events.push(...page.body.data);
        after = page.body.nextCursor;
        if (!page.body.hasMore) return { events, after };
      }
    };

    /** The events of an account after `after`, in cursor order. */
    const eventsOf = async (accountNumber: string, after: number) =>
      (await readFrom(after)).events.filter((e) => e.accountNumber === accountNumber);

    const paidConfirmation = (res: { status: number; body: SubmitAnswer; text: string }) => {
      expect(res.status, res.text).toBe(200);
      expect(res.body.errors).toEqual([]);
      expect(res.body.paymentSubmission?.success).toBe(true);
      return res.body.paymentSubmission?.confirmation ?? '';
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await importFixture(server.database.db, fixture);
      token = await signIn(server, payer);
      agencyKey = (
        await createAgencyKey(server.database.db, {
          name: 'payment-events',
          clientId: null,
          now: new Date(),
        })
      ).key;
      const method = await server.database.db
        .selectFrom('funding_methods')
        .select('id')
        .where('processor_token', '=', 'sbx_card_ok_pevfixture01')
        .executeTakeFirstOrThrow();
      visa = method.id;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('a one-time payment today is one payment.succeeded with its code and amount; a replay and a duplicate add nothing', async () => {
      const start = await feedEnd();
      const body = oneTime('PEV1.10001', 40.25);
      const key = `pev-${dialect}-one-time`;
      const first = await submit(body, { key });
      const confirmation = paidConfirmation(first);

      const events = await eventsOf('PEV1.10001', start);
      expect(events.map((e) => e.type)).toEqual([
        'plan.created',
        'payment.succeeded',
        'esign.consent_given',
      ]);
      const subject = { clientId: 'NWB', accountNumber: 'PEV1.10001', debtorKey: 'pev-payer' };
      for (const event of events) expect(event).toMatchObject(subject);
      const method = { kind: 'card', last4: '4242', brand: 'visa' };
      const succeeded = events.filter(
        (e) => e.type === 'payment.succeeded' && e.data.confirmation === confirmation,
      );
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0]?.data).toEqual({
        confirmation,
        amountCents: 4025,
        paidOn: today(),
        method,
        planRef: `web-${confirmation}`,
      });
      expect(events[0]?.data).toEqual({
        confirmation,
        planRef: `web-${confirmation}`,
        kind: 'PPA',
        totalCents: 4025,
        schedule: [{ payDate: today(), amountCents: 4025 }],
        method,
      });
      expect(events[2]?.data).toMatchObject({ confirmation, language: 'en' });
      expect(typeof events[2]?.data.textsVersion).toBe('string');
      // Never a full card number or a date of birth.
      expect(JSON.stringify(events)).not.toMatch(/4111111111111111|1975-03-04|dateOfBirth/);

      // The same request again (same key) is answered as before and writes nothing more.
      const end = await feedEnd();
      const replay = await submit(body, { key });
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      // The same payment without a key is a duplicate: refused, nothing written.
      expect((await submit(body)).body.errors).toEqual(['duplicate']);
      expect((await readFrom(end)).events).toEqual([]);
    });

    it('a plan is plan.created with a payment.scheduled for each later payment (and today’s succeeded)', async () => {
      const plans = await call<
        { numMonths: number; payments: { suggestedDate: string; amount: number }[] }[]
      >(server, '/api/Account/GetPaymentPlans?accountNumber=PEV1.10002&month=3', { token });
      expect(plans.status, plans.text).toBe(200);
      const schedule = (plans.body[0]?.payments ?? []).map((p) => ({
        date: p.suggestedDate,
        amount: p.amount,
      }));
      expect(schedule).toHaveLength(3);
      const start = await feedEnd();
      const confirmation = paidConfirmation(
        await submit({ accountNumber: 'PEV1.10002', schedule, fundingId: visa, type: 'PIF' }),
      );
      const events = await eventsOf('PEV1.10002', start);
      const cents = schedule.map((p) => Math.round(p.amount * 100));
      const planRef = `web-${confirmation}`;
      const chargedNow = schedule[0]?.date === today();
      expect(events.map((e) => e.type)).toEqual([
        'plan.created',
        chargedNow ? 'payment.succeeded' : 'payment.scheduled',
        'payment.scheduled',
        'payment.scheduled',
        'esign.consent_given',
      ]);
      expect(events[0]?.data).toMatchObject({
        confirmation,
        planRef,
        kind: 'PIF',
        totalCents: cents.reduce((a, b) => a + b, 0),
        schedule: schedule.map((p, i) => ({ payDate: p.date, amountCents: cents[i] })),
      });
      schedule.forEach((p, i) => {
        const data = events[i + 1]?.data;
        expect(data).toMatchObject({ confirmation, amountCents: cents[i], planRef });
        if (i === 0 && chargedNow) expect(data?.paidOn).toBe(today());
        else expect(data?.payDate).toBe(p.date);
      });

      // A single payment dated later: scheduled, not succeeded.
      const later = addDays(today(), 3);
      const start2 = await feedEnd();
      const code = paidConfirmation(await submit(oneTime('PEV1.10005', 55, later)));
      const single = await eventsOf('PEV1.10005', start2);
      expect(single.map((e) => e.type)).toEqual([
        'plan.created',
        'payment.scheduled',
        'esign.consent_given',
      ]);
      expect(single[1]?.data).toEqual({
        confirmation: code,
        amountCents: 5500,
        payDate: later,
        method: { kind: 'card', last4: '4242', brand: 'visa' },
        planRef: `web-${code}`,
      });
    });

    it('paying off the active plan is its plan.cancelled, then the new payment', async () => {
      const old = await server.database.db
        .selectFrom('arrangements')
        .innerJoin('accounts', 'accounts.id', 'arrangements.account_id')
        .select('arrangements.external_ref')
        .where('accounts.account_number', '=', 'PEV1.10006')
        .executeTakeFirstOrThrow();
      const start = await feedEnd();
      const confirmation = paidConfirmation(
        await submit({ ...oneTime('PEV1.10006', 200), paymentVariant: 'remaining' }),
      );
      const events = await eventsOf('PEV1.10006', start);
      expect(events.map((e) => e.type)).toEqual([
        'plan.cancelled',
        'plan.created',
        'payment.succeeded',
        'esign.consent_given',
      ]);
      expect(events[0]?.data).toEqual({
        confirmation,
        planRef: old.external_ref,
        stopped: [
          { payDate: addDays(today(), 10), amountCents: 10000 },
          { payDate: addDays(today(), 40), amountCents: 10000 },
        ],
        kept: [],
        active: false,
      });
      expect(events[2]?.data).toMatchObject({ confirmation, amountCents: 20000 });
    });

    it('a declined charge is one payment.declined and no payment.succeeded', async () => {
      const card = await addCard(server, token, 'PEV1.10003', CARDS.insufficientFunds);
      const start = await feedEnd();
      const res = await submit({ ...oneTime('PEV1.10003', 50), fundingId: card.id });
      expect(res.body).toEqual({
        paymentSubmission: { confirmation: null, success: false },
        errors: ['Decline-InsufficientFunds'],
      });
      const events = await eventsOf('PEV1.10003', start);
      expect(events.map((e) => e.type)).toEqual(['payment.declined']);
      expect(events[0]?.data).toEqual({
        confirmation: null,
        amountCents: 5000,
        payDate: today(),
        reason: 'Decline-InsufficientFunds',
        method: { kind: 'card', last4: '9995', brand: 'visa' },
      });
      // The debtor pays after the decline: now it succeeds, once.
      const confirmation = paidConfirmation(await submit(oneTime('PEV1.10003', 50)));
      const after = await eventsOf('PEV1.10003', start);
      expect(after.filter((e) => e.type === 'payment.succeeded').map((e) => e.data)).toEqual([
        expect.objectContaining({ confirmation, amountCents: 5000 }),
      ]);
      expect(after.filter((e) => e.type === 'payment.declined')).toHaveLength(1);
    });

    it('a letter offer taken is letter_offer.accepted with its option and schedule', async () => {
      const letterToken = await letterSignIn(server, 'PEV1.10004', 9042);
      const card = await addCard(server, letterToken, 'PEV1.10004', CARDS.mcCredit);
      const option = await server.database.db
        .selectFrom('letter_options')
        .select('id')
        .where('letter_id', '=', 9042)
        .where('option_number', '=', 2)
        .executeTakeFirstOrThrow();
      const schedule = [
        { date: addDays(today(), 10), amount: 350 },
        { date: addDays(today(), 40), amount: 350 },
      ];
      const start = await feedEnd();
      const confirmation = paidConfirmation(
        await submit(
          {
            accountNumber: 'PEV1.10004',
            letterId: 9042,
            letterOptionId: option.id,
            schedule,
            fundingId: card.id,
            type: 'LET',
          },
          { token: letterToken },
        ),
      );
      const events = await eventsOf('PEV1.10004', start);
      expect(events.map((e) => e.type)).toEqual([
        'plan.created',
        'payment.scheduled',
        'payment.scheduled',
        'letter_offer.accepted',
        'esign.consent_given',
      ]);
      expect(events[0]?.data).toMatchObject({ kind: 'LET', totalCents: 70000 });
      expect(events[3]?.data).toEqual({
        confirmation,
        letterId: 9042,
        optionNumber: 2,
        settlementCents: 70000,
        schedule: schedule.map((p) => ({ payDate: p.date, amountCents: 35000 })),
      });
      expect(events[1]?.data).toMatchObject({
        method: { kind: 'card', last4: '4444', brand: 'mc' },
      });
    });
  });
}
