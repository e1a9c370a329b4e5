import dayjs from 'dayjs';
import 'dayjs/locale/es';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Language } from '../../engine/i18n/split';
import { datePart } from '../../domain/dates';

dayjs.extend(localizedFormat);

/**
 * A calendar day (`YYYY-MM-DD`, or the day of a date-time) in the page language: long
 * ('November 21, 2026' / '21 de noviembre de 2026') or short ('Nov 21, 2026' / '21 nov 2026').
 */
export function formatDate(
  value: string,
  language: Language,
  style: 'long' | 'short' = 'long',
): string {
  return dayjs(datePart(value))
    .locale(language)
    .format(style === 'long' ? 'LL' : 'll');
}
