import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGES,
  splitLocales,
  toLanguage,
  type Language,
  type LocalizedTree,
} from '../../engine/i18n/split';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../../engine/i18n/language-cookie';
import { setApiLanguage } from './api';

export { LANGUAGE_STORAGE_KEY };
const DEFAULT_LANGUAGE: Language = LANGUAGES[0];
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const spoken = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The visitor's choice, kept in localStorage (the one place it is kept, spec section 1), when it is
 * one we speak; anything else, or nothing, is English. The portalLanguage cookie is only its copy
 * for the server, which draws public pages in the cookie's language: a cookie that says otherwise
 * (left from before the stored value changed) is not followed but rewritten (applyLanguage), and
 * main.tsx draws such a page afresh.
 */
export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return spoken(value) ? value : DEFAULT_LANGUAGE;
}

/** The page, the store, the cookie (which follows the store) and the API calls in `tag`. */
function applyLanguage(tag: string): void {
  const language = toLanguage(tag);
  document.documentElement.lang = language;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
  setApiLanguage(language);
}

/** i18next with the texts of every language (one `translation` namespace), in `language`. */
function initTexts(texts: LocalizedTree, language: Language): void {
  const locales = splitLocales(texts);
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: locales[lang] }])),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** A studio preview's page: its language is the page's and the API's, never stored. */
function applyPreviewLanguage(tag: string): void {
  const language = toLanguage(tag);
  document.documentElement.lang = language;
  setApiLanguage(language);
}

/**
 * Initialises i18next synchronously from the injected texts, in the stored language; in a studio
 * preview, in the preview's language, and a change is not stored (the studio, of the same origin,
 * keeps its own).
 */
export function initI18n(texts: LocalizedTree, previewLanguage?: Language): void {
  const language = previewLanguage ?? storedLanguage();
  const apply = previewLanguage ? applyPreviewLanguage : applyLanguage;
  initTexts(texts, language);
  apply(language);
  i18next.on('languageChanged', apply);
}

/**
 * The server's prerender (no document): these texts, in `language`. Called again with new texts
 * (a server started again in the same process), it replaces them.
 */
export function initServerI18n(texts: LocalizedTree, language: Language): void {
  if (!i18next.isInitialized) {
    initTexts(texts, language);
    return;
  }
  const locales = splitLocales(texts);
  for (const lang of LANGUAGES) {
    i18next.removeResourceBundle(lang, 'translation');
    i18next.addResourceBundle(lang, 'translation', locales[lang], true, true);
  }
  void i18next.changeLanguage(language);
}

/** The current page language as one the portal speaks. */
export function currentLanguage(): Language {
  return toLanguage(i18next.language);
}
