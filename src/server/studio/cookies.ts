/**
 * How the studio's cookies (the staff session, `studio_session`, and the preview,
 * `portal_preview`) are set and read (issue 39): `Secure`, with the `__Host-` prefix and Path=/,
 * on every request but one that arrived over plain http to a loopback host (127.0.0.0/8,
 * `localhost`, ::1: `npm start` on this machine, the tests), where a browser would refuse a
 * `Secure` or prefixed cookie; there they keep their plain names, without `Secure`.
 *
 * "Arrived over" is the request's protocol and host as Fastify reads them: behind a trusted proxy
 * (TRUST_PROXY), X-Forwarded-Proto and X-Forwarded-Host; otherwise the connection and the Host
 * header. A browser sends the Host of the address it opened, so a page opened at any other
 * address, or over https, always gets `Secure` cookies.
 *
 * `__Host-` (RFC 6265bis): Secure, Path=/ and no Domain, so no other host (a sibling subdomain)
 * and no plain-http page can set or overwrite the cookie. The staff session moves from
 * Path=/studio to Path=/ for it: a path never kept a cookie from the origin's other pages
 * (RFC 6265 section 8.5), while the prefix does keep it from other origins. The debtor API reads
 * no cookie (only its Bearer token), and logs never print a Cookie header. A server reads only
 * the name it would set for that request: over https a cookie with the plain name is ignored.
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Whether `hostname` (without its port; IPv6 in brackets or not) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return host === 'localhost' || host === '::1' || LOOPBACK_V4.test(host);
}

/** Whether the studio's cookies are Secure (and `__Host-`) for this request: see above. */
export function secureCookies(request: FastifyRequest): boolean {
  return !(request.protocol === 'http' && isLoopbackHost(request.hostname));
}

/** A cookie's name for this request: `__Host-<name>` when Secure, else `<name>`. */
export function cookieName(request: FastifyRequest, name: string): string {
  return secureCookies(request) ? `__Host-${name}` : name;
}

/**
 * The attributes of a studio cookie for this request: HttpOnly, SameSite=Strict; Secure with
 * Path=/ (`__Host-`), or `plainPath` on plain http to a loopback host.
 */
export function cookieAttributes(request: FastifyRequest, plainPath: string) {
  const secure = secureCookies(request);
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: secure ? '/' : plainPath,
    secure,
  };
}
