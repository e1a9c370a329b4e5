/**
 * Security headers on every response. Production CSP allows no inline script and no eval; the
 * config block in index.html is `type="application/json"` (data, not script). Inline styles are
 * allowed for Fluent UI's Griffel. The dev CSP adds what Vite's HMR client and React refresh need.
 * With a monitoring DSN configured, its origin joins connect-src (the browser posts errors there).
 */
import type { FastifyInstance } from 'fastify';

export const PRODUCTION_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const DEV_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Extra origins the page may connect to: the monitoring DSN's, when one is configured. */
function withConnectSources(csp: string, origins: readonly string[]): string {
  if (origins.length === 0) return csp;
  return csp.replace(
    /connect-src ([^;]*)/,
    (_all, sources: string) => `connect-src ${sources} ${origins.join(' ')}`,
  );
}

export function securityHeaders(
  dev: boolean,
  connectOrigins: readonly string[] = [],
): Record<string, string> {
  return {
    'content-security-policy': withConnectSources(dev ? DEV_CSP : PRODUCTION_CSP, connectOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  dev: boolean,
  connectOrigins: readonly string[] = [],
): void {
  const headers = securityHeaders(dev, connectOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
