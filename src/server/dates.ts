/**
 * Calendar days as YYYY-MM-DD strings in the agency's time zone (PORTAL_TIME_ZONE, default
 * America/New_York). Kept private to the server until src/domain offers the same helpers.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const RELATIVE_PATTERN = /^today(?:([+-])(\d{1,5}))?$/;

/** The calendar day of `now` in `timeZone`. */
export function calendarDay(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isValidDay(value: string): boolean {
  const m = DAY_PATTERN.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new Error(`Not a calendar day: ${day}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return date.toISOString().slice(0, 10);
}

/**
 * Resolves `YYYY-MM-DD`, `today`, `today+N` or `today-N` against `today`; null when invalid.
 */
export function resolveDay(value: string, today: string): string | null {
  const rel = RELATIVE_PATTERN.exec(value);
  if (rel) {
    const n = rel[2] ? Number(rel[2]) : 0;
    return addDays(today, rel[1] === '-' ? -n : n);
  }
  return isValidDay(value) ? value : null;
}
