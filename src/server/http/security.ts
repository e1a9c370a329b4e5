/**
 * Security headers on every response, sent by helmet (@fastify/helmet on Fastify's responses; in
 * dev, helmet's own middleware on the responses Vite sends). They are the portal's own set, no
 * more: a strict CSP, nosniff, no referrer, no framing, HSTS, a same-origin opener policy, and a
 * Permissions-Policy (which helmet does not make) denying camera, microphone, location and
 * payment. helmet's other defaults (Cross-Origin-Resource-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, ...) are off so the headers stay what the tests and docs say.
 *
 * Production CSP allows no inline script and no eval; the config block in index.html is
 * `type="application/json"` (data, not script). Inline styles are allowed for Fluent UI's Griffel.
 * The dev CSP adds what Vite's HMR client and React refresh need. With a monitoring DSN
 * configured, its origin joins connect-src (the browser posts errors there).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

const PRODUCTION_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
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

/** helmet's options for the portal's headers; `connectOrigins` join connect-src. */
export function helmetOptions(
  dev: boolean,
  connectOrigins: readonly string[] = [],
): FastifyHelmetOptions {
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
 * The headers as a map, made by helmet's middleware itself: for responses that Fastify does not
 * send (Vite's, in dev) and for tests.
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
  // helmet's middleware only calls setHeader/removeHeader on the response. The options type is
  // @fastify/helmet's view (helmet's CommonJS declarations) of the same helmet options as the ESM
  // declarations `helmet` is typed with here: the same shape, two declarations.
  helmet(helmetOptions(dev, connectOrigins) as Parameters<typeof helmet>[0])(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => undefined,
  );
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  dev: boolean,
  connectOrigins: readonly string[] = [],
): Promise<void> {
  // Global (the default): every route, the not-found answers and the static files.
  await app.register(fastifyHelmet, helmetOptions(dev, connectOrigins));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}
