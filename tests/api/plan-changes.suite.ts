/**
 * A plan managed online (issue 22) through the API, on a real server and database: cancelling a
 * plan (what it would do, then doing it), with the cutoff of 1 business day, another debtor's
 * plan, a plan that cannot be modified online, and exactly-once under parallel and retried
 * requests. Fixture debtors with plans dated from the day the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousBusinessDay, type HolidayCalendar } from '../../src/domain/business-days';
import { addDays as addDay } from '../../src/domain/dates';
import {
  apiValidators,
  call,
  REPO_ROOT,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { importFixture, signIn, today, type ErrorBody } from './payments-fixtures';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const calendar = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'flows/calendars/us-bank-holidays.json'), 'utf8'),
) as HolidayCalendar;

const kim = { lastName: 'Planchanger', ssn: '4545', dob: '1979-04-05' };
const other = { lastName: 'Planbystander', ssn: '5454', dob: '1980-05-04' };

/** A plan of monthly payments: one paid, one due today (within the cutoff), then three more. */
function plan(ref: string, extra: Record<string, unknown> = {}) {
  return {
    ref,
    type: 'PPA',
    amount: 500,
    active: true,
    beginBalance: 500,
    created: 'today-40',
    allowRemaining: true,
    modifiableOnline: true,
    payments: [
      { date: 'today-30', amount: 100, status: 'Paid', confirmation: `${ref}-01` },
      { date: 'today', amount: 100, status: 'PostDate' },
      { date: 'today+30', amount: 100, status: 'PostDate' },
      { date: 'today+60', amount: 100, status: 'PostDate' },
      { date: 'today+90', amount: 100, status: 'PostDate' },
    ],
    ...extra,
  };
}

const account = (accountNumber: string, arrangement: Record<string, unknown>) => ({
  accountNumber,
  clientId: 'NWB',
  balance: 400,
  originalBalance: 500,
  totalPaid: 100,
  statusCode: 'PPA',
  supportPhone: '800-555-0100',
  arrangements: [arrangement],
});

const fixture = {
  debtors: [
    {
      key: 'plan-changer',
      firstName: 'Kim',
      lastName: kim.lastName,
      ssnLast4: kim.ssn,
      dateOfBirth: kim.dob,
      accounts: [
        account('PCH1.10001', plan('a')),
        account('PCH1.10002', plan('b', { modifiableOnline: false })),
        account('PCH1.10003', {
          ...plan('c'),
          type: 'SIF',
          amount: 300,
          beginBalance: 600,
        }),
        account('PCH1.10004', plan('d')),
        account('PCH1.10005', plan('e')),
        account('PCH1.10006', plan('f')),
        account('PCH1.10007', plan('g')),
        account('PCH1.10008', plan('h')),
        {
          ...account('PCH1.10009', { ...plan('i'), type: 'SIF', amount: 300, beginBalance: 600 }),
          clientId: 'ADW',
        },
      ],
    },
    {
      key: 'plan-bystander',
      firstName: 'Bo',
      lastName: other.lastName,
      ssnLast4: other.ssn,
      dateOfBirth: other.dob,
      accounts: [account('PCH1.20001', plan('z'))],
    },
  ],
};

interface Preview {
  arrangementId: number;
  type: string;
  stopped: { date: string; amount: number }[];
  kept: { date: string; amount: number }[];
  sent: { date: string; amount: number }[];
  consequences: string[];
  keptNotices: string[];
  statement: string;
  contentVersion: string;
}

interface Result {
  confirmation: string;
  kind: string;
  stopped: { date: string; amount: number }[];
  kept: { date: string; amount: number }[];
  statement: string;
}

interface Options {
  arrangementId: number;
  paid: number;
  remaining: number;
  total: number;
  current: { date: string; amount: number }[];
  kept: { date: string; amount: number }[];
  day: number;
  choices: {
    months: number;
    perMonth: number;
    schedule: { date: string; amount: number }[];
    authorization: string;
    eSign: string;
  }[];
}

interface Detailed {
  account: { currentArrangementSummary: { id: number } | null };
  arrangements: {
    id: number;
    active: boolean;
    modifiableOnline: boolean;
    details: { payDate: string; amount: number; status: string }[];
  }[];
}

export function planChangesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`plans managed online on ${dialect}`, () => {
    const schemas = apiValidators();
    let server: RunningServer;
    let token: string;
    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await importFixture(server.database.db, fixture);
      token = await signIn(server, kim);
    });
    afterAll(async () => {
      await server?.close();
    });

    const preview = (accountNumber: string, as = token, lang?: string) =>
      call<Preview & ErrorBody>(
        server,
        `/api/v2/Account/PlanCancellation?accountNumber=${accountNumber}`,
        { token: as, lang },
      );
    const cancel = (
      body: { accountNumber: string; arrangementId: number; confirmed?: boolean },
      key?: string,
      as = token,
    ) =>
      call<Result & ErrorBody>(server, '/api/v2/Account/CancelPlan', {
        token: as,
        body: { confirmed: true, ...body },
        headers: key ? { 'Idempotency-Key': key } : {},
      });

    it('says what cancelling would do: the payment due today is still taken, the rest stop', async () => {
      const res = await preview('PCH1.10001');
      expect(res.status, res.text).toBe(200);
      expect(schemas.check('plan-cancellation', res.body)).toEqual([]);
      const t = today();
      expect(res.body.kept).toEqual([{ date: t, amount: 100 }]);
      expect(res.body.stopped.map((p) => p.date)).toEqual([
        addDay(t, 30),
        addDay(t, 60),
        addDay(t, 90),
      ]);
      // The cutoff of the payment due today was the business day before it.
      expect(previousBusinessDay(calendar, t) < t).toBe(true);
      expect(res.body.consequences[0]).toBe(
        'Your balance of $400.00 stays due. Cancelling the plan does not cancel the debt.',
      );
      // Not a settlement plan: nothing about a discount.
      expect(res.body.consequences.join(' ')).not.toContain('discount');
      expect(res.body.keptNotices).toHaveLength(1);
      expect(res.body.keptNotices[0]).toMatch(
        /^The payment of \$100\.00 on .+ is less than 1 business day away and will still be taken\.$/,
      );
      expect(res.body.statement).toMatch(
        /^I, Kim Planchanger, cancel my payment plan for account PCH1\.10001 \(.*\) with MRS on .+, and revoke my authorization of its 3 remaining scheduled payments\.$/,
      );
      const es = await preview('PCH1.10003', token, 'es');
      expect(es.body.consequences.some((c) => c.includes('liquidación'))).toBe(true);
      expect(es.body.consequences[0]).toContain('sigue adeudado');
    });

    it('cancels: the rest stop, the payment within the cutoff stays, a record is kept', async () => {
      const seen = await preview('PCH1.10001');
      const res = await cancel(
        { accountNumber: 'PCH1.10001', arrangementId: seen.body.arrangementId },
        'cancel-a-1',
      );
      expect(res.status, res.text).toBe(200);
      expect(schemas.check('plan-change-result', res.body)).toEqual([]);
      expect(res.body.kind).toBe('cancel');
      expect(res.body.confirmation).toMatch(/^CXL-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/);
      expect(res.body.statement).toBe(seen.body.statement);
      expect(res.body.kept).toEqual(seen.body.kept);

      const detailed = await call<Detailed>(
        server,
        '/api/v2/Account/Detailed?accountNumber=PCH1.10001',
        { token },
      );
      const arrangement = detailed.body.arrangements.find((a) => a.id === seen.body.arrangementId);
      const byStatus = (status: string) =>
        arrangement?.details.filter((d) => d.status === status).map((d) => d.payDate);
      expect(byStatus('Canceled')).toEqual(seen.body.stopped.map((p) => p.date));
      expect(byStatus('PostDate')).toEqual([today()]);
      expect(byStatus('Paid')).toHaveLength(1);
      // Still active while the payment due today is to be taken, but cancelled: not again.
      expect(arrangement?.active).toBe(true);
      expect((await preview('PCH1.10001')).status).toBe(404);
      // Nor changed, nor its last payment moved: the account page and the dashboard card stop
      // offering the changes, and the server refuses them.
      expect(arrangement?.modifiableOnline).toBe(false);
      const cards = await call<{ accountNumber: string; planModifiableOnline: boolean | null }[]>(
        server,
        '/api/Account/ListOverview',
        { token },
      );
      expect(cards.status, cards.text).toBe(200);
      expect(cards.body.find((c) => c.accountNumber === 'PCH1.10001')?.planModifiableOnline).toBe(
        false,
      );
      const moveArgs = await call<ErrorBody>(
        server,
        '/api/Account/MoveNextPaymentArgs?accountNumber=PCH1.10001',
        { token },
      );
      expect(moveArgs.status, moveArgs.text).toBe(422);
      const row = await server.database.db
        .selectFrom('plan_changes')
        .selectAll()
        .where('confirmation', '=', res.body.confirmation)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        kind: 'cancel',
        language: 'en',
        statement: seen.body.statement,
        content_version: seen.body.contentVersion,
      });
      // A retry with the same key answers the same, once.
      const again = await cancel(
        { accountNumber: 'PCH1.10001', arrangementId: seen.body.arrangementId },
        'cancel-a-1',
      );
      expect(again.status).toBe(200);
      expect(again.body.confirmation).toBe(res.body.confirmation);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it("refuses another debtor's plan exactly like a missing account", async () => {
      const bystander = await signIn(server, other);
      const mine = await preview('PCH1.20001', bystander);
      expect(mine.status).toBe(200);
      const foreign = await preview('PCH1.20001');
      const missing = await preview('PCH1.99999');
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      const attempt = await cancel({
        accountNumber: 'PCH1.20001',
        arrangementId: mine.body.arrangementId,
      });
      expect(attempt.status).toBe(404);
      // Nothing changed for its owner.
      expect((await preview('PCH1.20001', bystander)).body.stopped).toHaveLength(3);
    });

    it('refuses a plan that cannot be modified online, and a plan id that is not the active one', async () => {
      const agent = await preview('PCH1.10002');
      expect(agent.status).toBe(422);
      expect(agent.body.message).toBe(
        'This payment arrangement cannot be changed online. Please call us.',
      );
      const seen = await preview('PCH1.10004');
      const wrong = await cancel({
        accountNumber: 'PCH1.10004',
        arrangementId: seen.body.arrangementId + 999,
      });
      expect(wrong.status).toBe(409);
      const unconfirmed = await cancel({
        accountNumber: 'PCH1.10004',
        arrangementId: seen.body.arrangementId,
        confirmed: false,
      });
      expect(unconfirmed.status).toBe(400);
    });

    it('moves every payment to come to another day of the month, a month apart, once', async () => {
      const day = (n: number) =>
        call<
          {
            arrangementId: number;
            moved: { from: string; date: string; amount: number }[];
            kept: { date: string }[];
            statement: string;
          } & ErrorBody
        >(server, `/api/v2/Account/PaymentDayChange?accountNumber=PCH1.10004&day=${n}`, {
          token,
        });
      const seen = await day(15);
      expect(seen.status, seen.text).toBe(200);
      expect(schemas.check('payment-day-change', seen.body)).toEqual([]);
      const t = today();
      expect(seen.body.kept.map((p) => p.date)).toEqual([t]);
      expect(seen.body.moved.map((m) => m.from)).toEqual([
        addDay(t, 30),
        addDay(t, 60),
        addDay(t, 90),
      ]);
      const dates = seen.body.moved.map((m) => m.date);
      expect(dates.every((d) => d.endsWith('-15'))).toBe(true);
      expect(dates.every((d) => d > t)).toBe(true);
      // A month apart, in order.
      const months = dates.map((d) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)));
      expect(months.slice(1).map((m, i) => m - months[i]!)).toEqual([1, 1]);
      expect(seen.body.moved.every((m) => m.amount === 100)).toBe(true);
      expect(seen.body.statement).toContain('on day 15 of each month');

      expect((await day(29)).status).toBe(400);
      const apply = (key: string) =>
        call<Result & ErrorBody & { moved: { date: string }[] }>(
          server,
          '/api/v2/Account/ChangePaymentDay',
          {
            token,
            headers: { 'Idempotency-Key': key },
            body: {
              accountNumber: 'PCH1.10004',
              arrangementId: seen.body.arrangementId,
              day: 15,
              confirmed: true,
            },
          },
        );
      const answers = await Promise.all(Array.from({ length: 10 }, () => apply('day-d-1')));
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      expect(new Set(ok.map((a) => a.body.confirmation)).size).toBe(1);
      expect(ok[0]!.body.moved.map((m) => m.date)).toEqual(dates);
      const detailed = await call<Detailed>(
        server,
        '/api/v2/Account/Detailed?accountNumber=PCH1.10004',
        {
          token,
        },
      );
      const arrangement = detailed.body.arrangements.find((a) => a.id === seen.body.arrangementId);
      expect(
        arrangement?.details.filter((d) => d.status === 'PostDate').map((d) => d.payDate),
      ).toEqual([t, ...dates]);
      // Already on the 15th: nothing to move; with another key, refused rather than done twice.
      const again = await apply('day-d-2');
      expect(again.status).toBe(422);
      const rows = await server.database.db
        .selectFrom('plan_changes')
        .select('kind')
        .where('arrangement_id', '=', seen.body.arrangementId)
        .execute();
      expect(rows).toEqual([{ kind: 'change-day' }]);
    });

    const options = (accountNumber: string, day?: number) =>
      call<Options & ErrorBody>(
        server,
        `/api/v2/Account/PlanChangeOptions?accountNumber=${accountNumber}${day ? `&day=${day}` : ''}`,
        { token },
      );
    const changePlan = (
      accountNumber: string,
      arrangementId: number,
      months: number,
      day: number,
      key: string,
    ) =>
      call<Result & ErrorBody>(server, '/api/v2/Account/ChangePlan', {
        token,
        headers: { 'Idempotency-Key': key },
        body: {
          accountNumber,
          arrangementId,
          months,
          day,
          authorizationDisclosuresAccepted: true,
          eSignConsent: true,
        },
      });

    it('offers every plan the client allows for what is left, and changes to one', async () => {
      const seen = await options('PCH1.10007', 10);
      expect(seen.status, seen.text).toBe(200);
      expect(schemas.check('plan-change-options', seen.body)).toEqual([]);
      const t = today();
      expect(seen.body.paid).toBe(100);
      expect(seen.body.remaining).toBe(300);
      expect(seen.body.kept).toEqual([{ date: t, amount: 100 }]);
      // The total stays: paid, the payment that stays, and what is left.
      expect(seen.body.total).toBe(500);
      expect(seen.body.current.map((p) => p.date)).toEqual([
        addDay(t, 30),
        addDay(t, 60),
        addDay(t, 90),
      ]);
      // Northwind Bank: at least $50 a month, at most 12 payments: $300 makes 2 to 6.
      expect(seen.body.choices.map((c) => c.months)).toEqual([2, 3, 4, 5, 6]);
      for (const choice of seen.body.choices) {
        const cents = choice.schedule.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
        expect(cents).toBe(30000);
        expect(choice.schedule.every((p) => p.date.endsWith('-10') && p.date > t)).toBe(true);
      }
      const three = seen.body.choices.find((c) => c.months === 3)!;

      const res = await changePlan('PCH1.10007', seen.body.arrangementId, 3, 10, 'plan-g-1');
      expect(res.status, res.text).toBe(200);
      expect(res.body.kind).toBe('change-plan');
      expect(res.body.confirmation).toMatch(/^PLN-/);
      expect(res.body.statement).toMatch(
        /^I, Kim Planchanger, authorize MRS to make 3 recurring electronic payments/,
      );
      // The authorization the debtor read with the choice is the one the change keeps.
      expect(three.authorization).toBe(res.body.statement);
      expect(three.eSign).not.toBe('');
      const detailed = await call<Detailed>(
        server,
        '/api/v2/Account/Detailed?accountNumber=PCH1.10007',
        {
          token,
        },
      );
      const activeId = detailed.body.account.currentArrangementSummary?.id;
      expect(activeId).not.toBe(seen.body.arrangementId);
      const fresh = detailed.body.arrangements.find((a) => a.id === activeId)!;
      expect(fresh.details.map((d) => [d.payDate, d.amount, d.status])).toEqual([
        [t, 100, 'PostDate'],
        ...three.schedule.map((p) => [p.date, p.amount, 'PostDate']),
      ]);
      const old = detailed.body.arrangements.find((a) => a.id === seen.body.arrangementId)!;
      expect(old.active).toBe(false);
      expect(old.details.map((d) => d.status)).toEqual([
        'Paid',
        'Canceled',
        'Canceled',
        'Canceled',
      ]);
      const row = await server.database.db
        .selectFrom('plan_changes')
        .selectAll()
        .where('confirmation', '=', res.body.confirmation)
        .executeTakeFirstOrThrow();
      expect(row.kind).toBe('change-plan');
      expect(row.new_arrangement_id).toBe(activeId);
      expect(row.content_version).toBe('2026-12-06');
      expect(row.statement).toBe(res.body.statement);
      // The old plan is gone: changing it again is a stale request.
      expect(
        (await changePlan('PCH1.10007', seen.body.arrangementId, 4, 10, 'plan-g-2')).status,
      ).toBe(409);
    });

    it('changes a plan once when 20 requests with one key arrive together', async () => {
      const seen = await options('PCH1.10008');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          changePlan('PCH1.10008', seen.body.arrangementId, 2, 5, 'plan-h-1'),
        ),
      );
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      expect(
        new Set(answers.filter((a) => a.status === 200).map((a) => a.body.confirmation)).size,
      ).toBe(1);
      const changes = await server.database.db
        .selectFrom('plan_changes')
        .select('new_arrangement_id')
        .where('arrangement_id', '=', seen.body.arrangementId)
        .execute();
      expect(changes).toHaveLength(1);
      const plans = await call<Detailed>(
        server,
        '/api/v2/Account/Detailed?accountNumber=PCH1.10008',
        {
          token,
        },
      );
      expect(plans.body.arrangements.filter((a) => a.active)).toHaveLength(1);
    });

    it('refuses a plan change the client does not allow, or one not offered, or not accepted', async () => {
      const forbidden = await options('PCH1.10009');
      expect(forbidden.status).toBe(422);
      expect(forbidden.body.message).toBe(
        'This plan cannot be changed that way online. Please choose another plan, or call us.',
      );
      const seen = await options('PCH1.10004');
      expect(
        (await changePlan('PCH1.10004', seen.body.arrangementId, 40, 5, 'plan-d-1')).status,
      ).toBe(422);
      const unaccepted = await call<ErrorBody>(server, '/api/v2/Account/ChangePlan', {
        token,
        body: {
          accountNumber: 'PCH1.10004',
          arrangementId: seen.body.arrangementId,
          months: 2,
          day: 5,
          authorizationDisclosuresAccepted: false,
          eSignConsent: true,
        },
      });
      expect(unaccepted.status).toBe(400);
      // Nothing changed.
      expect((await options('PCH1.10004')).body.arrangementId).toBe(seen.body.arrangementId);
    });

    it('cancels once when 20 requests with one key arrive together', async () => {
      const seen = await preview('PCH1.10005');
      const body = { accountNumber: 'PCH1.10005', arrangementId: seen.body.arrangementId };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => cancel(body, 'cancel-e-parallel')),
      );
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.every((s) => s === 200 || s === 409),
        statuses.join(),
      ).toBe(true);
      const confirmations = new Set(
        answers.filter((a) => a.status === 200).map((a) => a.body.confirmation),
      );
      expect(confirmations.size).toBe(1);
      const rows = await server.database.db
        .selectFrom('plan_changes')
        .select('confirmation')
        .where('arrangement_id', '=', seen.body.arrangementId)
        .execute();
      expect(rows).toHaveLength(1);
      // Once the first is done, the key answers its result.
      const late = await cancel(body, 'cancel-e-parallel');
      expect(late.status).toBe(200);
      expect(late.body.confirmation).toBe([...confirmations][0]);
    });

    it('lets only one of 20 cancellations with different keys through', async () => {
      const seen = await preview('PCH1.10006');
      const body = { accountNumber: 'PCH1.10006', arrangementId: seen.body.arrangementId };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => cancel(body, `cancel-f-${i}`)),
      );
      const ok = answers.filter((a) => a.status === 200);
      expect(ok).toHaveLength(1);
      expect(answers.every((a) => a.status === 200 || a.status === 404 || a.status === 409)).toBe(
        true,
      );
      const rows = await server.database.db
        .selectFrom('plan_changes')
        .select('id')
        .where('arrangement_id', '=', seen.body.arrangementId)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });
}
