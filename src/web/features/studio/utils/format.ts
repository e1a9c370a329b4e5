/** How the studio writes times, people and paths. */
import type { Language } from '@/engine/i18n/split';
import type { StaffName } from '../api/types';

/** A moment as a date and time in the agency's time zone (the page config's), e.g. "Nov 23, 2026, 3:04 PM". */
export function formatWhen(iso: string, language: Language, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone && { timeZone }),
  }).format(date);
}

/** A staff member's name, or `fallback` when there is none (the seed version, say). */
export function nameOf(staff: StaffName | string | null | undefined, fallback: string): string {
  if (typeof staff === 'string') return staff;
  return staff?.name ?? fallback;
}

/** A setting's value as text: JSON for anything but a string. */
export function valueText(value: unknown, none: string): string {
  if (value === undefined) return none;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The text key of each content language's name (`studio.languageNames.*`). */
export const LANGUAGE_NAME_KEYS = {
  en: 'studio.languageNames.english',
  es: 'studio.languageNames.spanish',
} as const;

/**
 * A published version's comment for people: a version imported from the deployment (no one
 * drafted, approved or rolled it back) says so in the staff member's language (`imported`, a text
 * of flows/, issue 44), not the server's stored line, which names files by path.
 */
export function versionComment(
  version: {
    comment: string;
    draftedBy: unknown;
    approvedBy: unknown;
    rollbackOf: number | null;
  },
  imported: string,
): string {
  return version.draftedBy === null && version.approvedBy === null && version.rollbackOf === null
    ? imported
    : version.comment;
}
