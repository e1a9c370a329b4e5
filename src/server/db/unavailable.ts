/**
 * Whether an error means the database is briefly out of reach, rather than that the request or
 * the code is wrong: the API answers those 503 with Retry-After (http/errors.ts), since the same
 * request may well succeed a moment later, and everything else 500.
 *
 * PostgreSQL (pg): SQLSTATE class 08 (connection exception: refused, lost, rejected), 57P01
 * admin_shutdown (the server is stopping or a backend was terminated), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, in recovery), 53300 too_many_connections; a socket error
 * reaching the server (ECONNREFUSED while it is down or restarting, ECONNRESET, ...); and the
 * errors pg and pg-pool make themselves when a connection ends or cannot be had in time (they have
 * no code, only their fixed texts). SQLite (better-sqlite3): SQLITE_BUSY and its extended codes,
 * met when another process holds the write lock longer than the busy timeout.
 *
 * Errors are looked at with their `cause` and, for a connection attempt to several addresses
 * (AggregateError), each attempt's error.
 */

const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg 8 / pg-pool 3: a connection that ended, broke, or could not be had in time. */
const PG_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

function unavailableItself(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('SQLITE_BUSY')) return true;
  if (/^08[0-9A-Z]{3}$/.test(code) || POSTGRES_STATES.has(code)) return true;
  if (SOCKET_CODES.has(code)) return true;
  return typeof error.message === 'string' && PG_CONNECTION_MESSAGES.has(error.message);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (unavailableItself(candidate)) return true;
    pending.push(candidate.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return false;
}

/** Retry-After of those answers, in seconds: about what a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
