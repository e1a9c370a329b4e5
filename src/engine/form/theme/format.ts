/** Pure input formatters used by the masked widgets (display text <-> stored value). */

export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** 1234567890 -> 123-456-7890 as the digits arrive; digits past 10 are kept at the end. */
export function formatPhone(digits: string): string {
  const d = digitsOnly(digits);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Typed text -> MM/DD/YYYY as the digits arrive (at most 8 digits). */
export function formatMaskedDate(text: string): string {
  const d = digitsOnly(text).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** MM/DD/YYYY -> YYYY-MM-DD; anything incomplete is returned as typed (and fails validation). */
export function maskedDateToIso(text: string): string | undefined {
  if (text === '') return undefined;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : text;
}

/** YYYY-MM-DD -> MM/DD/YYYY; any other value is shown as it is. */
export function isoToMaskedDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** Card digits in groups of 4 (Amex 4-6-5) as they arrive; at most 19 digits. */
export function formatCardNumber(text: string): string {
  const d = digitsOnly(text).slice(0, 19);
  if (/^3[47]/.test(d))
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typed expiry digits -> MM / YY as they arrive (at most 4 digits). */
export function formatCardExpiry(text: string): string {
  const d = digitsOnly(text).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/**
 * MM / YY -> the last day of that month (YYYY-MM-DD, years 2000-2099); a month outside 1-12 or
 * an incomplete entry is returned as typed (and fails validation); empty -> undefined.
 */
export function cardExpiryToIso(text: string): string | undefined {
  if (text === '') return undefined;
  const match = /^(\d{2}) \/ (\d{2})$/.exec(text);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return text;
  const year = 2000 + Number(match[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${match[1]}-${String(last).padStart(2, '0')}`;
}

/** YYYY-MM-DD -> MM / YY; any other value is shown as it is. */
export function isoToCardExpiry(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^\d{2}(\d{2})-(\d{2})-\d{2}$/.exec(value);
  return match ? `${match[2]} / ${match[1]}` : value;
}

/** 'today' -> the local calendar date as YYYY-MM-DD; a YYYY-MM-DD date as it is. */
export function resolveDateLimit(limit: unknown, now: Date = new Date()): string | undefined {
  if (typeof limit !== 'string') return undefined;
  if (limit !== 'today') return limit;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DOLLARS = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;

/**
 * Typed money -> the stored value: a number of dollars when the text is dollars with at most two
 * decimals (`$`, commas and spaces ignored), undefined when empty, else the text as typed (so the
 * schema's `type` check reports it).
 */
export function moneyValue(text: string): number | string | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return undefined;
  return DOLLARS.test(cleaned) ? Number(cleaned) : text;
}
