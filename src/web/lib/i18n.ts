import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGES,
  splitLocales,
  toLanguage,
  type Language,
  type LocalizedTree,
} from '../../engine/i18n/split';
import { setApiLanguage } from './api';

export const LANGUAGE_STORAGE_KEY = 'portalLanguage';
const DEFAULT_LANGUAGE: Language = LANGUAGES[0];

/** The stored choice when it is one we speak, else English. */
export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '')
    ? (value as Language)
    : DEFAULT_LANGUAGE;
}

function applyLanguage(tag: string): void {
  const language = toLanguage(tag);
  document.documentElement.lang = language;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  setApiLanguage(language);
}

/** Initialises i18next synchronously from the injected texts (one `translation` namespace). */
export function initI18n(texts: LocalizedTree): void {
  const locales = splitLocales(texts);
  const language = storedLanguage();
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: locales[lang] }])),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLanguage(language);
  i18next.on('languageChanged', applyLanguage);
}

/** The current page language as one the portal speaks. */
export function currentLanguage(): Language {
  return toLanguage(i18next.language);
}
