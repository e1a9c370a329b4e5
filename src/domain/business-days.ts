/**
 * Business days (issue 22): weekdays that are not holidays of a holiday calendar
 * (flows/calendars/<name>.json, schemas/meta/holiday-calendar.schema.json; the US bank holidays
 * ship). Each year's holidays are worked out from the calendar's rules: a fixed date, moved to
 * the day the calendar observes it on when it falls on a weekend, or the nth weekday of a month.
 *
 * The spec's rules that use them (section 9): changing or cancelling an arrangement must happen
 * at least 1 business day before the payment date (`changeCutoff`: the last day on which a
 * payment may still be changed is the business day before it), and a recurring payment due on a
 * weekend or bank holiday may post the next business day (`postingDay`).
 *
 * Dates are `YYYY-MM-DD` strings of the agency's calendar (domain/dates.ts).
 */
import type { Holiday, HolidayCalendar } from '../generated/types/meta/holiday-calendar';
import { addDays } from './dates';

export type { Holiday, HolidayCalendar };

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** 0 (Sunday) to 6 (Saturday). */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day a holiday is kept in `year`, or null when it is not kept that year. */
export function holidayDate(
  holiday: Holiday,
  year: number,
  weekend: HolidayCalendar['weekend'],
): string | null {
  if (holiday.from !== undefined && year < holiday.from) return null;
  if (holiday.day !== undefined) {
    if (holiday.day > daysInMonth(year, holiday.month)) return null;
    const date = dayOf(year, holiday.month, holiday.day);
    const weekday = weekdayOf(date);
    const move = weekday === 6 ? weekend.saturday : weekday === 0 ? weekend.sunday : 'none';
    if (move === 'friday') return addDays(date, weekday === 6 ? -1 : -2);
    if (move === 'monday') return addDays(date, weekday === 6 ? 2 : 1);
    return date;
  }
  const target = WEEKDAYS.indexOf(holiday.weekday ?? '');
  if (target === -1 || holiday.nth === undefined) return null;
  if (holiday.nth === -1) {
    const last = dayOf(year, holiday.month, daysInMonth(year, holiday.month));
    return addDays(last, -((weekdayOf(last) - target + 7) % 7));
  }
  const first = dayOf(year, holiday.month, 1);
  return addDays(first, ((target - weekdayOf(first) + 7) % 7) + 7 * (holiday.nth - 1));
}

/** Every holiday of `year` as the day it is kept, with its rule, in date order. */
export function holidaysOf(
  calendar: HolidayCalendar,
  year: number,
): { date: string; holiday: Holiday }[] {
  return calendar.holidays
    .map((holiday) => ({ date: holidayDate(holiday, year, calendar.weekend), holiday }))
    .filter((entry): entry is { date: string; holiday: Holiday } => entry.date !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Holiday dates by year, worked out once per calendar and year. */
const cache = new WeakMap<HolidayCalendar, Map<number, Set<string>>>();

function holidaySet(calendar: HolidayCalendar, year: number): Set<string> {
  let years = cache.get(calendar);
  if (!years) {
    years = new Map();
    cache.set(calendar, years);
  }
  let days = years.get(year);
  if (!days) {
    // A holiday kept in the next or previous year (1 January on a Saturday, moved to Friday
    // 31 December) counts where it falls.
    days = new Set(
      [year - 1, year, year + 1].flatMap((y) => holidaysOf(calendar, y).map((h) => h.date)),
    );
    years.set(year, days);
  }
  return days;
}

export function isHoliday(calendar: HolidayCalendar, date: string): boolean {
  return holidaySet(calendar, Number(date.slice(0, 4))).has(date);
}

/** A weekday that is not a holiday. */
export function isBusinessDay(calendar: HolidayCalendar, date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !isHoliday(calendar, date);
}

/** The first business day on or after `date`. */
export function nextBusinessDay(calendar: HolidayCalendar, date: string): string {
  let day = date;
  while (!isBusinessDay(calendar, day)) day = addDays(day, 1);
  return day;
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(calendar: HolidayCalendar, date: string): string {
  let day = addDays(date, -1);
  while (!isBusinessDay(calendar, day)) day = addDays(day, -1);
  return day;
}

/**
 * The last day on which a payment dated `paymentDate` may still be changed or cancelled (spec
 * section 9: at least 1 business day before the payment date): the business day before it.
 */
export function changeCutoff(calendar: HolidayCalendar, paymentDate: string): string {
  return previousBusinessDay(calendar, paymentDate);
}

/** Whether a payment dated `paymentDate` may still be changed or cancelled on `today`. */
export function canStillChange(
  calendar: HolidayCalendar,
  paymentDate: string,
  today: string,
): boolean {
  return today <= changeCutoff(calendar, paymentDate);
}

/** The day a recurring payment due on `date` may post: the next business day from it. */
export function postingDay(calendar: HolidayCalendar, date: string): string {
  return nextBusinessDay(calendar, date);
}

/** What is wrong with a calendar file beyond its meta-schema; empty when nothing is. */
export function checkHolidayCalendar(calendar: HolidayCalendar): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  calendar.holidays.forEach((holiday, i) => {
    const at = `/holidays/${i}`;
    if (ids.has(holiday.id)) problems.push(`${at}/id: duplicate id "${holiday.id}"`);
    ids.add(holiday.id);
    const fixed = holiday.day !== undefined;
    const nth = holiday.weekday !== undefined || holiday.nth !== undefined;
    if (fixed === nth) {
      problems.push(`${at}: give either "day" or "weekday" with "nth", not both or neither`);
    } else if (nth && (holiday.weekday === undefined || holiday.nth === undefined)) {
      problems.push(`${at}: "weekday" and "nth" go together`);
    } else if (fixed && holiday.day! > daysInMonth(2024, holiday.month)) {
      problems.push(`${at}/day: month ${holiday.month} has no day ${holiday.day}`);
    }
  });
  return problems;
}
