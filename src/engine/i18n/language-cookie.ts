/**
 * The visitor's language choice is kept in localStorage (LANGUAGE_STORAGE_KEY), and copied into a
 * cookie for the server: the browser writes the cookie whenever the language is set, and at every
 * start from the stored value (src/web/lib/i18n.ts), and the server reads it to send a public page
 * already drawn in that language (src/server/http/prerender.ts). Without it, the server uses the
 * default. The browser never reads the cookie: the stored value decides.
 */
import { LANGUAGES, type Language } from './split';

export const LANGUAGE_COOKIE = 'portalLanguage';

/** Where the browser keeps its choice (localStorage): the one source of it. */
export const LANGUAGE_STORAGE_KEY = 'portalLanguage';

/** The language a `Cookie` header (or `document.cookie`) names, when the portal speaks it. */
export function cookieLanguage(cookies: string | null | undefined): Language | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== LANGUAGE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if ((LANGUAGES as readonly string[]).includes(value)) return value as Language;
  }
  return undefined;
}
