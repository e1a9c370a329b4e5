/**
 * When a message may go out (issue 43, Reg F 1006.6(b)(1)): only between 08:00 and 21:00 local
 * time in every zone the debtor may be in; a receipt for a payment the debtor just made goes at
 * once. The zones of a debtor (from ZIP or state and the phones' area codes) are the `textlaw`
 * slice's `contactZones` (src/server/messages/contact-hours.ts); until it is merged, every debtor
 * is taken to be in every zone of the 50 states, which is what that function answers for a place
 * it cannot tell (fail closed: an hour allowed everywhere is allowed wherever they are).
 */

export interface ContactPlace {
  zip?: string | null;
  state?: string | null;
  phones: readonly string[];
}

/** The zones of the 50 states (Arizona keeps standard time all year; Hawaii has no DST). */
export const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

const HOUR = 60 * 60 * 1000;
const formats = new Map<string, Intl.DateTimeFormat>();

function localHour(at: Date, zone: string): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return Number(format.format(at));
}

const allowedIn = (at: Date, zones: readonly string[]) =>
  zones.every((zone) => {
    const hour = localHour(at, zone);
    return hour >= 8 && hour < 21;
  });

/**
 * `now` when it is allowed in every zone, else the earliest top of an hour after it that is (the
 * zones' offsets are whole hours, so the window opens at one); null when none is within 2 days
 * (zones whose windows never meet).
 */
export function nextAllowedTime(now: Date, zones: readonly string[]): Date | null {
  if (allowedIn(now, zones)) return now;
  const first = Math.ceil(now.getTime() / HOUR) * HOUR;
  for (let at = first; at <= now.getTime() + 48 * HOUR; at += HOUR) {
    if (allowedIn(new Date(at), zones)) return new Date(at);
  }
  return null;
}

/** The zones a debtor may be in (until textlaw's contactZones: every zone, see above). */
export function contactZones(place: ContactPlace): string[] {
  void place;
  return [...US_ZONES];
}

/** When a message to this place may go: now for an exempt one, else within contact hours. */
export function dueTime(now: Date, place: ContactPlace, exempt: boolean): Date {
  if (exempt) return now;
  // No hour allowed in every zone within 2 days: held (a year on) rather than sent out of hours.
  return nextAllowedTime(now, contactZones(place)) ?? new Date(now.getTime() + 365 * 24 * HOUR);
}
