import type { Language } from '../../engine/i18n/split';
import { formatLongDay } from '../../domain/dates';

/**
 * A calendar day (`YYYY-MM-DD`, or the day of a date-time) as the portal writes every date, in
 * the page language: 'November 21, 2026' / '21 de noviembre de 2026'. One format everywhere
 * (tables, notices, the payment wizard, the PDFs), from the one formatter in domain/dates.
 */
export function formatDate(value: string, language: Language): string {
  return formatLongDay(value, language);
}
