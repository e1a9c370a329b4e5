import { describe, expect, it } from 'vitest';
import {
  addDays,
  AGENCY_TIME_ZONE,
  compareDates,
  datePart,
  formatLongDay,
  daysBetween,
  isAfter,
  isBefore,
  isIsoDate,
  isSameDay,
  todayInAgencyZone,
  yearOf,
} from '../../../src/domain/dates';

describe('todayInAgencyZone', () => {
  it('uses the agency time zone America/New_York', () => {
    expect(AGENCY_TIME_ZONE).toBe('America/New_York');
  });

  it('is still yesterday in New York just after midnight UTC', () => {
    expect(todayInAgencyZone(new Date('2025-04-30T02:30:00Z'))).toBe('2025-04-29');
  });

  it('is the same day during the New York day', () => {
    expect(todayInAgencyZone(new Date('2025-04-29T15:00:00Z'))).toBe('2025-04-29');
  });

  it('follows winter time (UTC-5)', () => {
    expect(todayInAgencyZone(new Date('2025-01-02T04:59:00Z'))).toBe('2025-01-01');
    expect(todayInAgencyZone(new Date('2025-01-02T05:00:00Z'))).toBe('2025-01-02');
  });

  it('turns at midnight to the minute, also asked for again within the same minute', () => {
    // The answer is kept for the rest of its minute: the minute before midnight and the one after.
    expect(todayInAgencyZone(new Date('2025-01-02T04:59:00Z'))).toBe('2025-01-01');
    expect(todayInAgencyZone(new Date('2025-01-02T04:59:59.999Z'))).toBe('2025-01-01');
    expect(todayInAgencyZone(new Date('2025-01-02T05:00:00Z'))).toBe('2025-01-02');
    expect(todayInAgencyZone(new Date('2025-01-02T05:00:30Z'))).toBe('2025-01-02');
    expect(todayInAgencyZone(new Date('2025-01-02T05:00:30Z'), 'Asia/Kolkata')).toBe('2025-01-02');
    expect(todayInAgencyZone(new Date('2025-01-01T18:29:59Z'), 'Asia/Kolkata')).toBe('2025-01-01');
    expect(todayInAgencyZone(new Date('2025-01-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2025-01-02');
  });

  it('accepts another time zone', () => {
    expect(todayInAgencyZone(new Date('2025-04-30T02:30:00Z'), 'UTC')).toBe('2025-04-30');
  });
});

describe('calendar date helpers', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
  });

  it('rejects a value that is not YYYY-MM-DD', () => {
    expect(() => addDays('04/29/2025', 1)).toThrow('Not a YYYY-MM-DD date');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2025-03-15', '2025-04-29')).toBe(45);
    expect(daysBetween('2025-04-29', '2025-04-28')).toBe(-1);
  });

  it('compares dates, date-times by their date part', () => {
    expect(compareDates('2025-04-28', '2025-04-29')).toBe(-1);
    expect(compareDates('2025-04-29T23:00:00', '2025-04-29')).toBe(0);
    expect(compareDates('2025-04-30', '2025-04-29')).toBe(1);
    expect(isBefore('2025-04-28', '2025-04-29')).toBe(true);
    expect(isBefore('2025-04-29', '2025-04-29')).toBe(false);
    expect(isAfter('2025-04-30', '2025-04-29')).toBe(true);
    expect(isAfter('2025-04-29', '2025-04-29')).toBe(false);
    expect(isSameDay('2025-04-29', '2025-04-29T08:00:00')).toBe(true);
  });

  it('recognises real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-4-29')).toBe(false);
    expect(isIsoDate(20250429)).toBe(false);
  });

  it('takes the date part and the year', () => {
    expect(datePart('2025-04-29T10:00:00Z')).toBe('2025-04-29');
    expect(yearOf('0001-01-01T00:00:00')).toBe(1);
    expect(yearOf('n/a')).toBeNaN();
  });
});

describe('formatLongDay, the one date format', () => {
  it('writes a day out in each language, the same for a date-time on that day', () => {
    expect(formatLongDay('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatLongDay('2026-11-21', 'es')).toBe('21 de noviembre de 2026');
    expect(formatLongDay('2026-01-05', 'es')).toBe('5 de enero de 2026');
    // Late evening UTC is still the day written in the string: no time zone moves it.
    expect(formatLongDay('2026-03-01T23:30:00Z', 'en')).toBe('March 1, 2026');
  });
});

describe('day arithmetic against the Date object', () => {
  // The reference: what the helpers computed with Date before they did it in integers.
  const viaDate = (date: string, days: number) => {
    const at = new Date(`${date}T00:00:00Z`); // an ISO string: years 0001-0099 read as written
    at.setUTCDate(at.getUTCDate() + days);
    return at.toISOString().slice(0, 10);
  };

  it('agrees on every day from 1899 to 2101, forwards and back, across leap days', () => {
    const wrong: string[] = [];
    let day = '1899-12-25';
    for (let i = 0; i < 73_800; i += 1) {
      const next = addDays(day, 1);
      if (next !== viaDate(day, 1) || addDays(next, -1) !== day || !isIsoDate(day)) {
        wrong.push(day);
      }
      day = next;
    }
    expect(wrong).toEqual([]);
    expect(day).toBe(viaDate('1899-12-25', 73_800));
  });

  it('agrees on long steps and counts the days between', () => {
    for (const [date, days] of [
      ['2024-02-29', 365],
      ['2024-02-29', -366],
      ['2000-03-01', -1],
      ['1900-03-01', -1],
      ['2099-12-31', 36_524],
      ['0001-01-01', 1],
    ] as const) {
      expect(addDays(date, days)).toBe(viaDate(date, days));
      expect(daysBetween(date, addDays(date, days))).toBe(days);
    }
  });

  it('rejects dates that do not exist', () => {
    for (const date of ['2025-02-29', '2024-02-30', '2025-13-01', '2025-00-10', '2025-04-31']) {
      expect(isIsoDate(date)).toBe(false);
    }
  });
});
