/**
 * Calendar days on the server: the domain's helpers (one implementation for browser and server)
 * under the names server modules use, plus the import format's relative days.
 */
import { addDays, isIsoDate } from '../domain/dates';

export {
  AGENCY_TIME_ZONE as DEFAULT_TIME_ZONE,
  addDays,
  isIsoDate as isValidDay,
  todayInAgencyZone as calendarDay,
} from '../domain/dates';

const RELATIVE_PATTERN = /^today(?:([+-])(\d{1,5}))?$/;

/**
 * Resolves `YYYY-MM-DD`, `today`, `today+N` or `today-N` against `today`; null when invalid.
 */
export function resolveDay(value: string, today: string): string | null {
  const rel = RELATIVE_PATTERN.exec(value);
  if (rel) {
    const n = rel[2] ? Number(rel[2]) : 0;
    return addDays(today, rel[1] === '-' ? -n : n);
  }
  return isIsoDate(value) ? value : null;
}
