/**
 * Contact hours (issue 43; Reg F 1006.6(b)(1)) with a moved clock: every instant is fixed, so the
 * answers do not depend on when the test runs.
 */
import { describe, expect, it } from 'vitest';
import {
  EVERY_US_ZONE,
  addressZones,
  allowedIn,
  contactZones,
  localTime,
  nextAllowedTime,
  phoneZones,
} from '@/server/messages/contact-hours';
import stateZones from '../../../src/server/messages/zones/us-state-zones.json';

const at = (iso: string) => new Date(iso);
const hhmm = (d: Date, zone: string) => {
  const l = localTime(d, zone);
  return `${String(l.hour).padStart(2, '0')}:${String(l.minute).padStart(2, '0')}`;
};

describe('the zone tables', () => {
  it('reads known ZIP codes', () => {
    expect(addressZones('10001')).toEqual(['America/New_York']); // Manhattan
    expect(addressZones('96813-1234')).toEqual(['Pacific/Honolulu']); // Honolulu, ZIP+4
    expect(addressZones('85004')).toEqual(['America/Phoenix']); // Phoenix
    expect(addressZones('60601')).toEqual(['America/Chicago']);
    expect(addressZones('90012')).toEqual(['America/Los_Angeles']);
    expect(addressZones('99501')).toEqual(['America/Anchorage']);
  });

  it('falls back to every zone of the state when the ZIP is unknown', () => {
    expect(addressZones('00000', 'HI')).toEqual(['Pacific/Honolulu']);
    expect(addressZones(null, 'fl')).toEqual(['America/New_York', 'America/Chicago']);
    expect(addressZones(null, 'ZZ')).toEqual([]);
  });

  it('lists every state and DC, with real IANA zones', () => {
    const zones = stateZones.zones as Record<string, string[]>;
    expect(Object.keys(zones).length).toBe(56); // 50 states, DC, 5 territories
    for (const list of Object.values(zones))
      for (const zone of list) expect(() => localTime(new Date(0), zone)).not.toThrow();
  });

  it('reads area codes (longest prefix of the libphonenumber map)', () => {
    expect(phoneZones('+12125550100')).toEqual(['America/New_York']); // 212 Manhattan
    expect(phoneZones('(808) 555-0100')).toEqual(['Pacific/Honolulu']);
    expect(phoneZones('6025550100')).toEqual(['America/Phoenix']); // 602 Phoenix
    expect(phoneZones('+13125550100')).toEqual(['America/Chicago']);
    expect(phoneZones('+18005550100')).toEqual([]); // toll-free names no place
    expect(phoneZones('12')).toEqual([]);
  });

  it('fails closed: nothing known is every US zone', () => {
    expect(contactZones({ phones: [] })).toEqual([...EVERY_US_ZONE]);
    expect(contactZones({ zip: 'abc', state: null, phones: ['+18005550100'] })).toEqual([
      ...EVERY_US_ZONE,
    ]);
  });

  it('puts the address and every phone together', () => {
    expect(contactZones({ zip: '96813', phones: ['+12125550100'] })).toEqual([
      'America/New_York',
      'Pacific/Honolulu',
    ]);
  });
});

describe('nextAllowedTime', () => {
  const ny = ['America/New_York'];

  it('holds a reminder due at 07:59 debtor time until 08:00', () => {
    // 2026-03-02 07:59 EST = 12:59 UTC
    const due = at('2026-03-02T12:59:00Z');
    expect(allowedIn(due, 'America/New_York')).toBe(false);
    const sent = nextAllowedTime(due, ny);
    expect(sent.toISOString()).toBe('2026-03-02T13:00:00.000Z');
    expect(hhmm(sent, 'America/New_York')).toBe('08:00');
  });

  it('sends at once within the window, and 20:59 is the last minute', () => {
    const noon = at('2026-03-02T17:00:00Z');
    expect(nextAllowedTime(noon, ny)).toBe(noon);
    const late = at('2026-03-03T01:59:00Z'); // 20:59 EST
    expect(nextAllowedTime(late, ny)).toBe(late);
    // 21:00 EST is no longer allowed: the next morning at 08:00
    expect(nextAllowedTime(at('2026-03-03T02:00:00Z'), ny).toISOString()).toBe(
      '2026-03-03T13:00:00.000Z',
    );
  });

  it('a Hawaii address and an Eastern area code: only when both zones allow it', () => {
    const zones = contactZones({ zip: '96813', phones: ['+12125550100'] });
    // Winter: HST = UTC-10, EST = UTC-5. Allowed in both: 08:00-16:00 HST = 13:00-21:00 EST.
    // 07:30 EST (12:30 UTC) is 02:30 in Honolulu: held until 08:00 HST = 13:00 EST.
    const early = nextAllowedTime(at('2026-01-15T12:30:00Z'), zones);
    expect(early.toISOString()).toBe('2026-01-15T18:00:00.000Z');
    expect(hhmm(early, 'Pacific/Honolulu')).toBe('08:00');
    expect(hhmm(early, 'America/New_York')).toBe('13:00');
    // 15:59 HST = 20:59 EST: allowed in both.
    const last = at('2026-01-16T01:59:00Z');
    expect(nextAllowedTime(last, zones)).toBe(last);
    // 16:00 HST = 21:00 EST: Honolulu still allows it, New York does not: the next day 08:00 HST.
    const after = nextAllowedTime(at('2026-01-16T02:00:00Z'), zones);
    expect(after.toISOString()).toBe('2026-01-16T18:00:00.000Z');
    // Summer: EDT = UTC-4, so the common window is 08:00-15:00 HST = 14:00-21:00 EDT.
    const summer = at('2026-07-15T01:00:00Z'); // 15:00 HST, 21:00 EDT
    expect(allowedIn(summer, 'Pacific/Honolulu')).toBe(true);
    expect(nextAllowedTime(summer, zones).toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(hhmm(at('2026-07-15T18:00:00Z'), 'America/New_York')).toBe('14:00');
  });

  it('DST starts: 08:00 EDT on the spring-forward day is 12:00 UTC', () => {
    // 2026-03-08: clocks go 02:00 EST -> 03:00 EDT. 07:30 EDT = 11:30 UTC.
    const sent = nextAllowedTime(at('2026-03-08T11:30:00Z'), ny);
    expect(sent.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // The evening before (20:30 EST, 01:30 UTC on the 8th) is allowed; 21:10 EST is held to 08:00 EDT.
    expect(nextAllowedTime(at('2026-03-08T02:10:00Z'), ny).toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('DST ends: 08:00 EST on the fall-back day is 13:00 UTC', () => {
    // 2026-11-01: clocks go 02:00 EDT -> 01:00 EST. 01:30 (the second one, EST) = 06:30 UTC.
    const sent = nextAllowedTime(at('2026-11-01T06:30:00Z'), ny);
    expect(sent.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(hhmm(sent, 'America/New_York')).toBe('08:00');
  });

  it('Arizona keeps MST all year, so its window moves against Denver in summer', () => {
    const az = contactZones({ zip: '85004', phones: [] });
    expect(az).toEqual(['America/Phoenix']);
    // Summer: 07:30 MST (Phoenix) = 14:30 UTC = 08:30 MDT (Denver).
    const summer = at('2026-07-01T14:30:00Z');
    expect(allowedIn(summer, 'America/Denver')).toBe(true);
    expect(nextAllowedTime(summer, az).toISOString()).toBe('2026-07-01T15:00:00.000Z');
    // Winter: both UTC-7, so 08:00 falls together.
    expect(nextAllowedTime(at('2026-01-05T14:30:00Z'), az).toISOString()).toBe(
      '2026-01-05T15:00:00.000Z',
    );
    // The state alone (no ZIP) counts the Navajo Nation's Denver time too: summer 08:00 MST.
    const state = contactZones({ state: 'AZ', phones: [] });
    expect(state).toEqual(['America/Denver', 'America/Phoenix']);
    expect(nextAllowedTime(at('2026-07-01T14:30:00Z'), state).toISOString()).toBe(
      '2026-07-01T15:00:00.000Z',
    );
    // ...and ends at 21:00 MDT = 20:00 MST.
    expect(allowedIn(at('2026-07-02T03:00:00Z'), 'America/Denver')).toBe(false);
    expect(nextAllowedTime(at('2026-07-02T03:00:00Z'), state).toISOString()).toBe(
      '2026-07-02T15:00:00.000Z',
    );
  });

  it('every US zone at once still has a daily window (13:00-21:00 EST in winter)', () => {
    const sent = nextAllowedTime(at('2026-01-15T12:00:00Z'), EVERY_US_ZONE);
    // Adak is UTC-10 in winter, like Honolulu: 08:00 there = 18:00 UTC = 13:00 EST.
    expect(sent.toISOString()).toBe('2026-01-15T18:00:00.000Z');
  });
});
