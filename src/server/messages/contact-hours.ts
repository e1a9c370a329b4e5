/**
 * Contact hours (Reg F 12 CFR 1006.6(b)(1)): a message goes out only after 08:00 and before 21:00
 * local time at the debtor's location. The location is known imperfectly, so every zone the
 * debtor may be in counts, and only an instant allowed in all of them is used:
 *
 * - the address's ZIP, from the `zipcode-to-timezone` table; without a known ZIP, every zone of
 *   the address's state (src/server/messages/zones/us-state-zones.json, from the IANA tz database);
 * - each phone's area code, from Google libphonenumber's prefix→zone map
 *   (src/server/messages/zones/nanp-prefix-zones.json, made by scripts/gen-phone-zones.ts; longest prefix wins; a
 *   number that names no place, e.g. toll-free, adds nothing);
 * - nothing known at all: every zone of the 50 states and DC (fails closed).
 *
 * A window that never opens in all zones (no instant within the next 8 days) throws
 * `NoContactWindowError`: the message is held, never sent at a wrong hour.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { lookup as zipZone } from 'zipcode-to-timezone';
import phonePrefixes from './zones/nanp-prefix-zones.json';
import stateZones from './zones/us-state-zones.json';

export interface ContactPlace {
  zip?: string | null;
  state?: string | null;
  /** Any form libphonenumber-js reads as a US number: E.164, digits only, `(808) 555-0100`. */
  phones: readonly string[];
}

/** The first hour allowed and the first hour no longer allowed, local time. */
export const CONTACT_HOURS = { from: 8, until: 21 } as const;

/** Every zone of the 50 states and DC: the answer when nothing about the place is known. */
export const EVERY_US_ZONE: readonly string[] = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Adak',
  'Pacific/Honolulu',
];

const STATE_ZONES: Readonly<Record<string, readonly string[]>> = stateZones.zones;

/** libphonenumber's prefix→zones map (country code and leading digits, e.g. `1808`). */
const PREFIX_ZONES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(phonePrefixes.prefixes),
);

/** The zones of one phone number; empty when it names no place. */
export function phoneZones(phone: string): string[] {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed || !parsed.isPossible()) return [];
  const digits = `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  for (let n = digits.length; n > parsed.countryCallingCode.length; n -= 1) {
    const zones = PREFIX_ZONES.get(digits.slice(0, n));
    if (zones) return [...zones];
  }
  return [];
}

/** The zones of an address: its ZIP's, else its state's; empty when neither is known. */
export function addressZones(zip?: string | null, state?: string | null): string[] {
  const five = /^\s*(\d{5})/.exec(zip ?? '')?.[1];
  const byZip = five ? zipZone(five) : null;
  if (byZip) return [byZip];
  const code = (state ?? '').trim().toUpperCase();
  return [...(STATE_ZONES[code] ?? [])];
}

/** IANA zones the debtor may be in (fails closed: nothing known → every US zone). */
export function contactZones(place: ContactPlace): string[] {
  const zones = new Set(addressZones(place.zip, place.state));
  for (const phone of place.phones) for (const zone of phoneZones(phone)) zones.add(zone);
  return zones.size > 0 ? [...zones].sort() : [...EVERY_US_ZONE];
}

export class NoContactWindowError extends Error {
  constructor(readonly zones: readonly string[]) {
    super(`No instant within 8 days is between 08:00 and 21:00 in all of ${zones.join(', ')}`);
    this.name = 'NoContactWindowError';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `zone` at `at`. */
export function localTime(at: Date, zone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(at))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `at`, in milliseconds. */
function offsetAt(at: Date, zone: string): number {
  const l = localTime(at, zone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant `hour`:00 falls on a local day in `zone` (08:00 and 21:00 exist on DST days). */
function zonedInstant(year: number, month: number, day: number, hour: number, zone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  let at = guess - offsetAt(new Date(guess), zone);
  at = guess - offsetAt(new Date(at), zone);
  return new Date(at);
}

/** Whether `at` is within contact hours in `zone`. */
export function allowedIn(at: Date, zone: string): boolean {
  const { hour } = localTime(at, zone);
  return hour >= CONTACT_HOURS.from && hour < CONTACT_HOURS.until;
}

/**
 * `now` if 08:00 <= local < 21:00 in every zone, else the earliest instant allowed in all. The
 * allowed instants are an intersection of intervals, so the earliest one after `now` is `now` or
 * the opening (08:00) of some zone's day: those are the only candidates.
 */
export function nextAllowedTime(now: Date, zones: readonly string[]): Date {
  const all = zones.length > 0 ? zones : EVERY_US_ZONE;
  const okEverywhere = (at: Date) => all.every((zone) => allowedIn(at, zone));
  if (okEverywhere(now)) return now;
  const candidates: Date[] = [];
  for (const zone of all) {
    const today = localTime(now, zone);
    for (let d = -1; d <= 8; d += 1) {
      const date = new Date(Date.UTC(today.year, today.month - 1, today.day + d));
      const open = zonedInstant(
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        CONTACT_HOURS.from,
        zone,
      );
      if (open.getTime() > now.getTime()) candidates.push(open);
    }
  }
  candidates.sort((a, b) => a.getTime() - b.getTime());
  const found = candidates.find(okEverywhere);
  if (!found) throw new NoContactWindowError(all);
  return found;
}
