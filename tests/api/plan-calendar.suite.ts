/**
 * "Add to my calendar" (issue 22): GET /api/v2/Account/PlanCalendar answers the active plan's
 * scheduled payments as an iCalendar file, parsed back here with a maintained parser (ical.js):
 * one event per payment from today on, at 09:00 in the agency's time zone, with the amount, the
 * account's last 4 digits and nothing else of the debtor, and a reminder the day before.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, toCents } from '../../src/domain/money';
import { DEFAULT_TIME_ZONE, calendarDay } from '../../src/server/dates';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { MARIA, clearLockout, signIn } from './debtor-fixtures';

const CARLOS = {
  lastName: 'Rivera',
  option1: 'SocialSecurityNumber',
  option2: 'DateOfBirth',
  socialSecurityNumber: '2468',
  dateOfBirth: '1985-09-12',
};

interface Detailed {
  account: { accountNumber: string; currentArrangementSummary: { id: number } | null };
  arrangements: {
    id: number;
    active: boolean;
    details: { id: number; payDate: string; amount: number; status: string }[];
  }[];
}

export function planCalendarSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`plan calendar (.ics) on ${dialect}`, () => {
    let server: RunningServer;
    let carlos: string;
    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      carlos = (await signIn(server, CARLOS)).accessToken;
    });
    afterAll(async () => {
      await server?.close();
    });

    const calendarOf = (token: string, accountNumber: string, lang?: string, family = '/api/v2') =>
      call(server, `${family}/Account/PlanCalendar?accountNumber=${accountNumber}`, {
        token,
        lang,
      });

    it('gives one event per payment to come, at 09:00 agency time, with a reminder the day before', async () => {
      const detailed = await call<Detailed>(
        server,
        '/api/v2/Account/Detailed?accountNumber=LU1.50002',
        { token: carlos },
      );
      expect(detailed.status).toBe(200);
      const activeId = detailed.body.account.currentArrangementSummary?.id;
      const today = calendarDay(new Date(), DEFAULT_TIME_ZONE);
      const expected = (detailed.body.arrangements.find((a) => a.id === activeId)?.details ?? [])
        .filter((d) => d.status === 'PostDate' && d.payDate >= today)
        .sort((a, b) => a.payDate.localeCompare(b.payDate));
      expect(expected.length).toBeGreaterThan(1);

      const res = await calendarOf(carlos, 'LU1.50002');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="payment-schedule-0002.ics"',
      );
      const calendar = new ICAL.Component(ICAL.parse(res.text));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events.map((e) => e.summary)).toEqual(
        expected.map(
          (d) => `Payment of ${formatCents(toCents(d.amount), 'en')} (account ending 0002)`,
        ),
      );
      events.forEach((event, i) => {
        const start = event.startDate.toJSDate();
        // 09:00 on the payment's day, in New York.
        const wall = new Intl.DateTimeFormat('en-CA', {
          timeZone: DEFAULT_TIME_ZONE,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }).format(start);
        expect(wall).toBe(`${expected[i]!.payDate}, 09:00`);
        expect(event.duration.toSeconds()).toBe(30 * 60);
        expect(event.uid).toBe(`arrangement-payment-${expected[i]!.id}@debt-portal`);
        const alarm = event.component.getFirstSubcomponent('valarm');
        expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
        const trigger = alarm?.getFirstPropertyValue('trigger') as ICAL.Duration;
        expect(trigger.toSeconds()).toBe(-24 * 3600);
      });
      // Every duration is well formed (RFC 5545 3.3.6: no `T` without a time after it).
      expect(res.text).not.toMatch(/:-?P[^\r\n]*T(\r?\n|$)/);
      // Nothing of the debtor beyond the account's last 4 digits.
      expect(res.text).not.toMatch(/Carlos|Rivera|LU1\.50002|LU150002|2468|1985/);
    });

    it('speaks the caller language', async () => {
      const res = await calendarOf(carlos, 'LU1.50002', 'es');
      expect(res.status).toBe(200);
      const events = new ICAL.Component(ICAL.parse(res.text))
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v));
      expect(events[0]?.summary).toMatch(/^Pago de \$[\d,.]+ \(cuenta que termina en 0002\)$/);
      expect(events[0]?.description).toContain('día feriado bancario');
    });

    it("refuses another debtor's account, an account with no plan, and bad input; v2 only", async () => {
      const maria = (await signIn(server, MARIA)).accessToken;
      const foreign = await calendarOf(maria, 'LU1.50002');
      const missing = await calendarOf(maria, 'LU1.99999');
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect((await calendarOf(maria, 'LU1.10001')).status).toBe(404);
      expect((await calendarOf(carlos, 'not%20an%20account')).status).toBe(400);
      expect((await calendarOf(carlos, 'LU1.50002', 'en', '/api')).status).toBe(404);
      const anonymous = await call(server, '/api/v2/Account/PlanCalendar?accountNumber=LU1.50002');
      expect(anonymous.status).toBe(401);
    });
  });
}
