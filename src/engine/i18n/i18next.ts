/** Generic texts from i18next resources (loaded by the app from flows/texts). */
import type { i18n as I18n } from 'i18next';
import type { Translator } from '../form/messages';
import { LANGUAGES, type Language } from './split';

/** A Translator reading raw i18next resources of the `translation` namespace, falling back to en. */
export function i18nextTranslator(i18n: I18n, language: Language): Translator {
  return {
    language,
    text(key) {
      for (const lang of [language, LANGUAGES[0]]) {
        const value: unknown = i18n.getResource(lang, 'translation', key);
        if (typeof value === 'string') return value;
      }
      return undefined;
    },
  };
}
