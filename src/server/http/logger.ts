/**
 * The server's logger (pino, through Fastify): what it never prints (REDACT_PATHS: secrets and
 * personal data, by name at any depth of a logged object or body), how a logged request reads
 * (http/log-urls.ts), and each request's child logger, made without running the request id
 * through the redaction (requestLogger).
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { symbols as pinoSymbols, type DestinationStream } from 'pino';
import { requestSerializer } from './log-urls';

/** The logger of buildApp's options: false, or pino options; `stream` captures logs (tests). */
export type LoggerSetting = false | { level?: string; stream?: DestinationStream } | undefined;

/** Paths the logger never prints (bodies are not logged at all; this is the second line). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...[
    'socialSecurityNumber',
    'dateOfBirth',
    'cardNumber',
    'bankAccountNumber',
    'accessToken',
    'refreshToken',
    // The staff studio's sign-in (issue 24); not its TOTP `code`, a name error logs use for
    // their own codes (a code is worth nothing after its 90 seconds, and bodies are not logged).
    'password',
    'csrfToken',
    'otpauthUri',
  ].flatMap((field) => [
    field,
    `*.${field}`,
    `body.${field}`,
    `req.body.${field}`,
    `*.body.${field}`,
  ]),
];

export function loggerOptions(logger: LoggerSetting): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    level: logger?.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Every logged URL without a letter's offer code (http/log-urls.ts).
    serializers: { req: requestSerializer },
    ...(logger?.stream ? { stream: logger.stream } : {}),
  };
}

/**
 * Each request's logger, as Fastify's own factory makes it (`logger.child({ reqId }, options)`),
 * with the same log lines, but the request id is written into the child's bindings directly.
 * pino runs every binding through the redaction of the wildcard paths above (`*.cardNumber`, ...),
 * which for the id, a string with no field inside for them to redact, parsed and walked every
 * path on every request: 36,000 instructions, 9% of an Account/Detailed request (callgrind). The
 * id is written as pino writes a binding (`,"reqId":"req-1"` after the parent's). Any other
 * binding, an id that is not a string, or a key that a redaction path names itself goes the
 * usual way. Route options (log level, serializers) still go to `child`, which takes its quicker
 * path when there are none.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Parameters<FastifyBaseLogger['child']>[0],
  options: Parameters<FastifyBaseLogger['child']>[1] = {},
): FastifyBaseLogger {
  const keys = Object.keys(bindings);
  const [key] = keys;
  const value: unknown = key === undefined ? undefined : bindings[key];
  if (keys.length !== 1 || key === undefined || typeof value !== 'string') {
    return logger.child(bindings, options);
  }
  const child = logger.child({}, Object.keys(options).length > 0 ? options : undefined);
  // pino keeps a logger's bindings as JSON text after its parent's, and the redaction of each
  // top-level key it was told (pino.symbols, public for this). A logger that is not pino's
  // (Fastify's stand-in when logging is off returns itself) has neither.
  const store = child as unknown as Record<symbol, unknown>;
  const chindings = store[pinoSymbols.chindingsSym];
  const redacted = store[pinoSymbols.stringifiersSym] as Record<string, unknown> | undefined;
  if (child === logger || typeof chindings !== 'string' || !redacted || key in redacted) {
    return logger.child(bindings, options);
  }
  store[pinoSymbols.chindingsSym] = `${chindings},${JSON.stringify(key)}:${JSON.stringify(value)}`;
  return child;
}
