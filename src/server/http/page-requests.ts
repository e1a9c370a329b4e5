/**
 * A signed-in screen's first data requests, started by the page itself. Which ones, per route
 * pattern, is declared by the web app (src/web/app/page-requests.ts) and written by the build into
 * `route-preloads.json` (`requests`). For an address that matches one of those patterns, the page
 * gets the requests' addresses as `<meta name="portal-request">` elements and PAGE_REQUEST_SCRIPT,
 * a constant inline script (allowed by its hash in the Content-Security-Policy, security.ts) that,
 * for a tab holding an account session that has not expired, starts them with the headers the
 * app's own calls carry. The app takes the answers over (src/web/lib/api.ts) when its queries ask
 * for the same address with the same token and language; anything else it asks for anew.
 *
 * Why: the server cannot draw a signed-in screen (the session is in the tab's sessionStorage, not
 * in a cookie), and without this the data could only be asked for once the app's scripts had
 * downloaded and run: on a phone, one more round trip before the first screen.
 */
import { createHash } from 'node:crypto';
import { LANGUAGE_STORAGE_KEY } from '../../engine/i18n/language-cookie';
import { LANGUAGES } from '../../engine/i18n/split';
import { SESSION_KEYS } from '../../engine/session-storage-keys';
import { escapeAttribute, routeTable, segmentsOf, type RoutePreloadsFile } from './route-preloads';

/**
 * Reads the session the way src/web/lib/session.ts keeps it: the access token, whose role must be
 * `account` and whose expiry (on this browser's clock, the saved clock offset added) must be more
 * than five seconds away, as src/web/lib/api.ts would renew it otherwise; then one fetch per
 * `portal-request` element in the app's language, kept in `window.portalPageRequests` with the
 * token and language used.
 */
export const PAGE_REQUEST_SCRIPT =
  `(function(){try{var s=sessionStorage,token=s.getItem(${JSON.stringify(SESSION_KEYS.accessToken)}),` +
  `id=s.getItem(${JSON.stringify(SESSION_KEYS.sessionId)});if(!token||!id)return;` +
  'var part=token.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");' +
  'var claims=JSON.parse(atob(part+"===".slice((part.length+3)%4)));' +
  `var offset=Number(s.getItem(${JSON.stringify(SESSION_KEYS.clockOffset)}))||0;` +
  'if(claims.role!=="account"||typeof claims.exp!=="number"||' +
  'claims.exp*1000+offset-Date.now()<5000)return;' +
  // The app's language, as src/web/lib/i18n.ts decides it: the one kept in localStorage when the
  // portal speaks it, else the default (the first of LANGUAGES, English). The cookie, a copy of it
  // for the server (which drew <html lang> from it), is not read: it may be out of date.
  `var spoken=${JSON.stringify(LANGUAGES)},kept=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});` +
  'var language=spoken.indexOf(kept)<0?spoken[0]:kept;' +
  'var headers={Accept:"application/json","Accept-Language":language,"X-Session-Id":id,' +
  'Authorization:"Bearer "+token};' +
  'var answers={};window.portalPageRequests={token:token,language:language,answers:answers};' +
  'var named=document.querySelectorAll("meta[name=portal-request]");' +
  'for(var i=0;i<named.length;i++){var address=named[i].content;' +
  'answers[address]=fetch(address,{headers:headers});answers[address].catch(function(){});}' +
  '}catch(error){}})();';

/** The CSP source that allows PAGE_REQUEST_SCRIPT. */
export const PAGE_REQUEST_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PAGE_REQUEST_SCRIPT).digest('base64')}'`;

/**
 * A request's address with the route's parameters put in, encoded as the app's calls encode them
 * (URLSearchParams for the query); undefined when a parameter is missing.
 */
function addressOf(template: string, params: Record<string, string>): string | undefined {
  const [pathname = '', query] = template.split('?');
  const parts = segmentsOf(pathname).map((part) =>
    part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part,
  );
  if (parts.includes('')) return undefined;
  const search = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query ?? '')) {
    const actual = value.startsWith(':') ? params[value.slice(1)] : value;
    if (!actual) return undefined;
    search.set(key, actual);
  }
  const address = `/${parts.join('/')}`;
  return search.size > 0 ? `${address}?${search.toString()}` : address;
}

/**
 * `(pathname) => '<meta name="portal-request" …>…<script>…</script>'` for the page's head, from
 * the build's route list ('' for an address with no such requests, or without the list).
 */
export function pageRequestElements(
  data: RoutePreloadsFile | undefined,
): (pathname: string) => string {
  const find = routeTable(Object.entries(data?.requests ?? {}));
  return (pathname) => {
    const found = find(pathname);
    if (!found) return '';
    const requests = found.value.flatMap((template) => addressOf(template, found.params) ?? []);
    if (requests.length === 0) return '';
    const named = requests
      .map((request) => `<meta name="portal-request" content="${escapeAttribute(request)}">`)
      .join('');
    return `${named}<script>${PAGE_REQUEST_SCRIPT}</script>`;
  };
}
