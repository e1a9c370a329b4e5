/**
 * Plural forms outside i18next (the server's texts: PDFs, recorded statements), chosen as i18next
 * chooses them: a text with a numeric `count` is looked up as `<key>_one` or `<key>_other` by the
 * language's plural rules, then as `<key>`.
 */
import { interpolate, type Translator } from '../form/messages';
import type { Language } from './split';

const rules = new Map<Language, Intl.PluralRules>();

/** The plural form of `count` in `language`: `one` or `other` (the forms flows/ texts have). */
export function pluralSuffix(count: number, language: Language): 'one' | 'other' {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(language === 'es' ? 'es-US' : 'en-US');
    rules.set(language, rule);
  }
  return rule.select(count) === 'one' ? 'one' : 'other';
}

/** The key a text with this count is read from, among the keys `exists` knows. */
export function pluralKey(
  key: string,
  count: unknown,
  language: Language,
  exists: (key: string) => boolean,
): string {
  if (typeof count !== 'number') return key;
  const plural = `${key}_${pluralSuffix(count, language)}`;
  if (exists(plural)) return plural;
  const other = `${key}_other`;
  return exists(other) ? other : key;
}

/** An i18next-like `t` over a Translator: dotted keys, plural forms by `count`, {{values}}. */
export function pluralTranslate(
  translator: Translator,
): (key: string, values?: Record<string, unknown>) => string {
  return (key, values = {}) => {
    const found = pluralKey(
      key,
      values.count,
      translator.language,
      (k) => translator.text(k) !== undefined,
    );
    return interpolate(translator.text(found) ?? key, values);
  };
}
