/**
 * When a message may go out (issue 43, Reg F 1006.6(b)(1)): only between 08:00 and 21:00 local
 * time in every zone the debtor may be in (../contact-hours.ts: the address's ZIP or state and
 * the phones' area codes; a place it cannot tell is every US zone); a receipt for a payment the
 * debtor just made goes at once.
 */
import { contactZones, nextAllowedTime, NoContactWindowError } from '../contact-hours';
import type { ContactPlace } from '../contact-hours';

export type { ContactPlace };

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** When a message to this place may go: now for an exempt one, else within contact hours. */
export function dueTime(now: Date, place: ContactPlace, exempt: boolean): Date {
  if (exempt) return now;
  try {
    return nextAllowedTime(now, contactZones(place));
  } catch (error) {
    // Zones whose windows never meet: held (a year on) rather than sent out of hours.
    if (error instanceof NoContactWindowError) return new Date(now.getTime() + YEAR_MS);
    throw error;
  }
}
