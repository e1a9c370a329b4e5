/**
 * Security headers on every response, made by helmet. They are the portal's own set, no
 * more: a strict CSP, nosniff, no referrer, no framing, HSTS, a same-origin opener policy, and a
 * Permissions-Policy (which helmet does not make) denying camera, microphone, location and
 * payment. helmet's other defaults (Cross-Origin-Resource-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, ...) are off so the headers stay what the tests and docs say.
 *
 * Production CSP allows no inline script and no eval; the config block in index.html is
 * `type="application/json"` (data, not script). Inline styles are allowed for Fluent UI's Griffel.
 * The dev CSP adds what Vite's HMR client and React refresh need. With a monitoring DSN
 * configured, its origin joins connect-src (the browser posts errors there).
 *
 * The headers depend only on the options, never on the request, so helmet's middleware runs once
 * at start-up (securityHeaders) and every response gets that map: on Fastify's responses from an
 * onRequest hook (every route, the not-found and error answers, the static files), on Vite's
 * responses in dev from web.ts. @fastify/helmet is not used: it builds helmet's middleware anew
 * on every request (parsing and checking the CSP directives each time), which cost about as much
 * as the rest of the health route.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { BOOT_SCRIPT_SOURCE } from './boot-script';
import { PAGE_REQUEST_SCRIPT_SOURCE } from './page-requests';

type Directives = Record<string, string[]>;

const PRODUCTION_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  // The two inline scripts, each allowed by its hash: what starts a server-drawn page's
  // JavaScript (boot-script.ts) and what starts a signed-in page's data requests (page-requests.ts).
  'script-src': ["'self'", BOOT_SCRIPT_SOURCE, PAGE_REQUEST_SCRIPT_SOURCE],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const DEV_DIRECTIVES: Directives = {
  ...PRODUCTION_DIRECTIVES,
  'script-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
};

/** The CSP as helmet writes it (directives joined by `;`). */
const serialize = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');

export const PRODUCTION_CSP = serialize(PRODUCTION_DIRECTIVES);
export const DEV_CSP = serialize(DEV_DIRECTIVES);

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/** helmet's options for the portal's headers; `connectOrigins` join connect-src. */
export function helmetOptions(dev: boolean, connectOrigins: readonly string[] = []): HelmetOptions {
  const base = dev ? DEV_DIRECTIVES : PRODUCTION_DIRECTIVES;
  const directives: Directives = {
    ...base,
    'connect-src': [...(base['connect-src'] ?? []), ...connectOrigins],
  };
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: false },
    xFrameOptions: { action: 'deny' },
    // On by default and kept: X-Content-Type-Options: nosniff. Off: helmet's other headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  };
}

/**
 * The headers as a map (lower-case names), made by helmet's middleware itself, once: for every
 * response (registerSecurityHeaders, and Vite's in dev) and for tests.
 */
export function securityHeaders(
  dev: boolean,
  connectOrigins: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  // helmet's middleware only calls setHeader/removeHeader on the response.
  helmet(helmetOptions(dev, connectOrigins))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => undefined,
  );
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  dev: boolean,
  connectOrigins: readonly string[] = [],
): void {
  const headers = Object.freeze(securityHeaders(dev, connectOrigins));
  // On the root instance: every route, the not-found answers and the static files. Set at the
  // start, so an answer made by any later hook or handler (errors too) carries them.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * A studio preview's page (web.ts) may be shown in a frame by a page of the same origin (the
 * studio): `frame-ancestors 'self'` and no X-Frame-Options. Every other response keeps
 * `frame-ancestors 'none'` and X-Frame-Options: DENY.
 */
export function framedByStudio(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.header(
      'content-security-policy',
      csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
  }
  reply.removeHeader('x-frame-options');
}
