/**
 * Calendar dates as `YYYY-MM-DD` strings in the agency's time zone. Such strings order correctly
 * as strings, which is also how the rules evaluator compares them. "Today" is always passed in,
 * so tests (and the server's clock) decide it; todayInAgencyZone() computes the real one.
 */

/** The agency's time zone: every calendar date of the portal is a day in this zone. */
export const AGENCY_TIME_ZONE = 'America/New_York';

import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';

dayjs.extend(localizedFormat);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The last day computed per time zone, and the minute it holds for. */
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * The calendar date of an instant in a time zone (the agency's by default), as `YYYY-MM-DD`.
 * Every zone's offset is a whole number of minutes, so a day starts on a minute: the answer is
 * kept for the rest of its minute (the server asks several times per request).
 */
export function todayInAgencyZone(now: Date = new Date(), timeZone = AGENCY_TIME_ZONE): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date: the days-from-civil algorithm (H. Hinnant), in
 * integers, for every four-digit year (Date.UTC would read 0001 to 0099 as 1901 to 1999). A day
 * or month out of range rolls over (2025-02-30 is 2025-03-02), which isIsoDate uses to refuse it.
 */
function dayNumber(date: string): number {
  if (!ISO_DATE.test(date)) throw new Error(`Not a YYYY-MM-DD date: "${date}"`);
  const months = Number(date.slice(5, 7)) - 1;
  const year = Number(date.slice(0, 4)) + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const day = Number(date.slice(8, 10));
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * The `YYYY-MM-DD` date of a day number: the civil-from-days algorithm (H. Hinnant), integer
 * arithmetic only, for years 0 to 9999.
 */
function fromDayNumber(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Whether a value is a real calendar date written `YYYY-MM-DD` (2024-02-30 is not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  return fromDayNumber(dayNumber(value)) === value;
}

/** The `YYYY-MM-DD` part of a date or date-time string (`2024-05-01T10:00:00` -> `2024-05-01`). */
export function datePart(value: string): string {
  return value.slice(0, 10);
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** -1, 0 or 1 as `a` is before, the same day as, or after `b`. */
export function compareDates(a: string, b: string): -1 | 0 | 1 {
  const x = datePart(a);
  const y = datePart(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isBefore(a: string, b: string): boolean {
  return compareDates(a, b) < 0;
}

export function isAfter(a: string, b: string): boolean {
  return compareDates(a, b) > 0;
}

export function isSameDay(a: string, b: string): boolean {
  return compareDates(a, b) === 0;
}

/** The year of a date or date-time string (NaN when it has none). */
export function yearOf(value: string): number {
  return /^\d{4}/.test(value) ? Number(value.slice(0, 4)) : Number.NaN;
}

/**
 * Days already written out by formatLongDay (dayjs builds an object, a locale and a format for
 * each: a payment's authorization texts write the same few days again and again), by language
 * and day; emptied when full.
 */
const longDays = new Map<string, string>();
const MAX_LONG_DAYS = 2000;

/**
 * A calendar day written out in the page language, the one date format of the portal (tables,
 * notices, the payment wizard, the PDFs): 'November 21, 2026' / '21 de noviembre de 2026'. The same
 * words in the browser and on the server (payment authorizations are compared word for word).
 * dayjs's localized long date (`LL`), on the calendar day itself: no time zone can move it.
 */
export function formatLongDay(day: string, language: 'en' | 'es'): string {
  const key = `${language}${datePart(day)}`;
  let text = longDays.get(key);
  if (text === undefined) {
    text = dayjs(datePart(day)).locale(language).format('LL');
    if (longDays.size >= MAX_LONG_DAYS) longDays.clear();
    longDays.set(key, text);
  }
  return text;
}

/**
 * The instant at which the clock in `timeZone` shows `hour`:`minute` on `date` (a day of that
 * zone): 09:00 in New York on 2026-12-01 is 14:00 UTC. A time that a daylight-saving change skips
 * or repeats gets the first instant that reads at or after it.
 */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at a guess, then at the corrected instant (the two agree but across a change).
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  instant = wall - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the clock of `timeZone` is ahead of UTC at `at`, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const shown = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return shown - Math.floor(at.getTime() / 1000) * 1000;
}
