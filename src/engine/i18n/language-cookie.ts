/**
 * The visitor's language choice as a cookie: the browser writes it whenever the language is set
 * (src/web/lib/i18n.ts) and the server reads it to send a public page already drawn in that
 * language (src/server/http/prerender.ts). Without it, both use the default.
 */
import { LANGUAGES, type Language } from './split';

export const LANGUAGE_COOKIE = 'portalLanguage';

/** Where the browser also keeps its choice (localStorage; read after the cookie). */
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
