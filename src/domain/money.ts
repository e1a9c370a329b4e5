/**
 * Money: integer cents inside the system, dollars (2 decimals) at the edges of the API shapes.
 */

/** Languages the portal speaks. */
export type Language = 'en' | 'es';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/**
 * Dollars to integer cents, rounding half away from zero. Rounding through 15 significant digits
 * first absorbs binary noise (1.005 * 100 is 100.49999999999999 in floating point).
 */
export function toCents(dollars: number): number {
  const cents = Number((Math.abs(dollars) * 100).toPrecision(15));
  return Math.sign(dollars) * Math.round(cents) + 0; // + 0 turns -0 into 0
}

/** Integer cents to dollars (a number with at most 2 decimals). */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

const formatters = new Map<Language, Intl.NumberFormat>();

function formatter(lang: Language): Intl.NumberFormat {
  let format = formatters.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang] ?? LOCALES.en, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(lang, format);
  }
  return format;
}

/** A dollar amount as US dollars with 2 decimals in the language's US locale: `$1,234.50`. */
export function formatUsd(dollars: number, lang: Language = 'en'): string {
  return formatter(lang).format(toDollars(toCents(dollars)));
}

/** An amount in integer cents, formatted like formatUsd. */
export function formatCents(cents: number, lang: Language = 'en'): string {
  return formatter(lang).format(toDollars(cents));
}
