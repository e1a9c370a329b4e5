import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canStillChange,
  changeCutoff,
  checkHolidayCalendar,
  holidaysOf,
  isBusinessDay,
  postingDay,
  type HolidayCalendar,
} from '../../../src/domain/business-days';

const root = path.resolve(import.meta.dirname, '../../..');
const calendar = JSON.parse(
  readFileSync(path.join(root, 'flows/calendars/us-bank-holidays.json'), 'utf8'),
) as HolidayCalendar;

describe('the US bank holiday calendar (flows/calendars/us-bank-holidays.json)', () => {
  it('passes its own checks', () => {
    expect(checkHolidayCalendar(calendar)).toEqual([]);
  });

  // The Federal Reserve's published holiday schedules.
  it.each([
    [
      2026,
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-05-25',
        '2026-06-19',
        '2026-07-04',
        '2026-09-07',
        '2026-10-12',
        '2026-11-11',
        '2026-11-26',
        '2026-12-25',
      ],
    ],
    [
      2027,
      [
        '2027-01-01',
        '2027-01-18',
        '2027-02-15',
        '2027-05-31',
        '2027-06-19',
        '2027-07-05',
        '2027-09-06',
        '2027-10-11',
        '2027-11-11',
        '2027-11-25',
        '2027-12-25',
      ],
    ],
    [
      2023,
      [
        '2023-01-02',
        '2023-01-16',
        '2023-02-20',
        '2023-05-29',
        '2023-06-19',
        '2023-07-04',
        '2023-09-04',
        '2023-10-09',
        '2023-11-11',
        '2023-11-23',
        '2023-12-25',
      ],
    ],
  ])('gives the holidays of %i', (year, dates) => {
    expect(holidaysOf(calendar, year).map((h) => h.date)).toEqual(dates);
  });

  it('keeps Juneteenth from 2022 only', () => {
    expect(holidaysOf(calendar, 2021).some((h) => h.holiday.id === 'juneteenth')).toBe(false);
    expect(holidaysOf(calendar, 2022).find((h) => h.holiday.id === 'juneteenth')?.date).toBe(
      '2022-06-20',
    );
  });
});

describe('business days', () => {
  it('are weekdays that are not holidays', () => {
    expect(isBusinessDay(calendar, '2026-11-27')).toBe(true); // the Friday after Thanksgiving
    expect(isBusinessDay(calendar, '2026-11-26')).toBe(false); // Thanksgiving
    expect(isBusinessDay(calendar, '2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay(calendar, '2027-07-05')).toBe(false); // Independence Day, observed
    // A Saturday holiday is not moved to the Friday before (the Federal Reserve is open).
    expect(isBusinessDay(calendar, '2026-07-03')).toBe(true);
  });

  it('put the cutoff of a change on the business day before the payment', () => {
    expect(changeCutoff(calendar, '2026-11-30')).toBe('2026-11-27'); // Monday: the Friday
    expect(changeCutoff(calendar, '2026-11-27')).toBe('2026-11-25'); // over Thanksgiving
    expect(changeCutoff(calendar, '2027-07-06')).toBe('2027-07-02'); // over the observed 4th
    expect(canStillChange(calendar, '2026-11-30', '2026-11-27')).toBe(true);
    expect(canStillChange(calendar, '2026-11-30', '2026-11-28')).toBe(false);
    expect(canStillChange(calendar, '2026-11-27', '2026-11-26')).toBe(false);
  });

  it('post a payment due on a weekend or holiday the next business day', () => {
    expect(postingDay(calendar, '2026-07-04')).toBe('2026-07-06');
    expect(postingDay(calendar, '2027-07-05')).toBe('2027-07-06');
    expect(postingDay(calendar, '2026-12-01')).toBe('2026-12-01');
  });
});

describe('a calendar file that breaks the rules', () => {
  it('is reported: both a day and a weekday, a weekday without nth, a day the month lacks', () => {
    const broken = {
      ...calendar,
      holidays: [
        { id: 'a', name: { en: 'A', es: 'A' }, month: 1, day: 1, weekday: 'monday', nth: 1 },
        { id: 'b', name: { en: 'B', es: 'B' }, month: 2, weekday: 'monday' },
        { id: 'c', name: { en: 'C', es: 'C' }, month: 2, day: 30 },
        { id: 'c', name: { en: 'C', es: 'C' }, month: 3, day: 1 },
      ],
    } as unknown as HolidayCalendar;
    expect(checkHolidayCalendar(broken)).toEqual([
      '/holidays/0: give either "day" or "weekday" with "nth", not both or neither',
      '/holidays/1: "weekday" and "nth" go together',
      '/holidays/2/day: month 2 has no day 30',
      '/holidays/3/id: duplicate id "c"',
    ]);
  });
});
