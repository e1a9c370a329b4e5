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

/** 'today' -> the local calendar date as YYYY-MM-DD; a YYYY-MM-DD date as it is. */
export function resolveDateLimit(limit: unknown, now: Date = new Date()): string | undefined {
  if (typeof limit !== 'string') return undefined;
  if (limit !== 'today') return limit;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
