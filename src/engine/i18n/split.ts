/**
 * Localized texts: every user-visible string lives under flows/ as `{ "en": "...", "es": "..." }`.
 * `splitLocales` turns a tree of such leaves into one tree per language, the shape i18next loads.
 */
import type { LocalizedText } from '../../generated/types/api/localized-text';

/** The languages the portal speaks; the first is the default and the fallback. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A nested object whose leaves are `LocalizedText`. */
export interface LocalizedTree {
  [key: string]: LocalizedText | LocalizedTree;
}

/** A nested object whose leaves are strings of one language. */
export interface TextTree {
  [key: string]: string | TextTree;
}

/** True when `value` is a `{ en, es }` leaf (both strings, no other keys). */
export function isLocalizedText(value: unknown): value is LocalizedText {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === LANGUAGES.length &&
    LANGUAGES.every((lang) => typeof (value as Record<string, unknown>)[lang] === 'string')
  );
}

/** Maps any language tag ('es-MX', 'en', undefined) to one the portal speaks, defaulting to en. */
export function toLanguage(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : LANGUAGES[0];
}

/** The text in `language`, falling back to English when that one is empty. */
export function localize(text: LocalizedText, language: Language): string;
export function localize(text: LocalizedText | undefined, language: Language): string | undefined;
export function localize(text: LocalizedText | undefined, language: Language): string | undefined {
  if (!text) return undefined;
  return text[language] || text.en;
}

/**
 * Splits a tree whose leaves are `LocalizedText` into `{ en: tree, es: tree }` of plain strings.
 * Keys starting with `$` are metadata and skipped. Throws, naming the JSON path, on a leaf that is neither a `LocalizedText` nor an object.
 */
export function splitLocales(tree: LocalizedTree): Record<Language, TextTree> {
  const out = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}])) as Record<Language, TextTree>;
  const walk = (node: unknown, targets: Record<Language, TextTree>, path: string): void => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      throw new Error(`${path || '/'}: expected { en, es } or an object of them`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('$')) continue; // "$schema", "$comment": file metadata, not texts
      const childPath = `${path}/${key}`;
      if (isLocalizedText(child)) {
        for (const lang of LANGUAGES) targets[lang][key] = child[lang];
        continue;
      }
      const nested = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}])) as Record<
        Language,
        TextTree
      >;
      for (const lang of LANGUAGES) targets[lang][key] = nested[lang];
      walk(child, nested, childPath);
    }
  };
  walk(tree, out, '');
  return out;
}
