/**
 * What a logged URL may hold (issue 39). A letter's offer code is its account number and letter
 * id (`LU1.10001.57`): with it anyone signs in as the debtor for 45 days. The code travels in two
 * URLs, `GET /api/…/Account/Letter?accountNumber=…&letterId=…` and the page path
 * `/letter-option/:accountNumber/:letterId`, and Fastify logs every request's URL. So the letter id
 * is replaced before a URL reaches the log: in any query string (the v1 and v2 aliases, any
 * route, any case of the parameter's name) and as the last segment of a letter-option page. The
 * account number stays: on its own it signs nobody in, and it is what the agency searches logs by.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose value is (part of) a credential. */
const SECRET_PARAMETERS = new Set(['letterid']);

/** `/letter-option/{account}/{letter}` (also below a prefix, with or without a trailing part). */
const LETTER_PAGE = /^(.*\/letter-option\/[^/?#]*\/)([^/?#]+)/i;

/** The URL as it may be logged: the path and query of `url` with every offer code replaced. */
export function loggableUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  const rawPath = mark === -1 ? withoutHash : withoutHash.slice(0, mark);
  const path = rawPath.replace(LETTER_PAGE, `$1${REDACTED}`);
  if (mark === -1) return path;
  // Each `name=value` pair as sent (no re-encoding of the rest), the name compared decoded.
  const query = withoutHash
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: compared as sent (a name that cannot decode names no parameter of ours).
    return name;
  }
}

/** Fastify's own request serializer (lib/logger-pino.js), with the URL made loggable. */
export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
