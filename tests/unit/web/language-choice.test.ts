// @vitest-environment jsdom
/**
 * The language choice (spec section 1: only en and es; the default and the fallback are en): the
 * value kept in localStorage decides, and the portalLanguage cookie, the server's copy, follows
 * it; the page's own data requests (the inline script of src/server/http/page-requests.ts) ask in
 * the same language as the app.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../src/engine/session-storage-keys';
import { PAGE_REQUEST_SCRIPT } from '../../../src/server/http/page-requests';
import { currentLanguage, initI18n, storedLanguage } from '../../../src/web/lib/i18n';

const setCookie = (value: string) => {
  document.cookie = `portalLanguage=${value}; Path=/`;
};
const cookieValue = () => /(?:^|;\s*)portalLanguage=([^;]*)/.exec(document.cookie)?.[1];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'portalLanguage=; Max-Age=0; Path=/';
  document.documentElement.lang = 'en';
});

describe('the language the browser uses', () => {
  it('is the stored choice, whatever the cookie says', () => {
    localStorage.setItem('portalLanguage', 'es');
    setCookie('en');
    expect(storedLanguage()).toBe('es');
    localStorage.setItem('portalLanguage', 'en');
    setCookie('es');
    expect(storedLanguage()).toBe('en');
  });

  it('is English for an unsupported stored value, or none, even with a Spanish cookie', () => {
    setCookie('es');
    localStorage.setItem('portalLanguage', 'fr');
    expect(storedLanguage()).toBe('en');
    localStorage.removeItem('portalLanguage');
    expect(storedLanguage()).toBe('en');
  });

  it('at start sets the page, the store and the cookie to it: the cookie follows the store', () => {
    localStorage.setItem('portalLanguage', 'fr');
    setCookie('es');
    document.documentElement.lang = 'es';
    initI18n({ greeting: { en: 'Hello', es: 'Hola' } });
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('portalLanguage')).toBe('en');
    expect(cookieValue()).toBe('en');
  });
});

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe("the page's own first data requests (page-requests.ts)", () => {
  const address = '/api/v2/Account/ListOverview';
  let fetch: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    sessionStorage.setItem(
      SESSION_KEYS.accessToken,
      `${base64url({ alg: 'HS256' })}.${base64url({ role: 'account', exp })}.signature`,
    );
    sessionStorage.setItem(SESSION_KEYS.sessionId, 'tab-1');
    document.head.innerHTML = `<meta name="portal-request" content="${address}">`;
    fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
  });

  /** Runs the inline script as the page does; the language its requests were asked in. */
  function languageAsked(): string | undefined {
    new Function(PAGE_REQUEST_SCRIPT)();
    const init = fetch.mock.calls[0]?.[1] as { headers: Record<string, string> } | undefined;
    const kept = (window as unknown as { portalPageRequests?: { language: string } })
      .portalPageRequests;
    expect(kept?.language).toBe(init?.headers['Accept-Language']);
    return init?.headers['Accept-Language'];
  }

  it('ask in the stored language, not in the cookie’s (the page was drawn from the cookie)', () => {
    localStorage.setItem('portalLanguage', 'es');
    setCookie('en');
    expect(languageAsked()).toBe('es');
  });

  it('ask in English for an unsupported stored value, with a Spanish cookie and page', () => {
    localStorage.setItem('portalLanguage', 'fr');
    setCookie('es');
    document.documentElement.lang = 'es';
    expect(languageAsked()).toBe('en');
  });
});
