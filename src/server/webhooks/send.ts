/**
 * One webhook POST (issue 42): the event as JSON (the feed's shape: events/feed.ts), signed per
 * Standard Webhooks with the `standardwebhooks` package. `webhook-id` is the event's id, so a
 * receiver dedupes a redelivery by it; `webhook-signature` holds one `v1,…` signature per secret
 * that signs now (two, space-separated, for 24 h after a rotation: endpoints.ts).
 *
 * Sent with node:http(s) and no connection pool: no redirect is followed (a 3xx is a failed
 * attempt, never a POST to another host), no socket outlives the request, and the whole exchange
 * (connection, answer and its body) is bounded by a timeout. The answer's body is read and
 * dropped; nothing of it is stored.
 */
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { AgencyEvent } from '@/generated/types/api/agency-event';
import { allowedUrl } from './endpoints';

export interface SendResult {
  httpStatus: number | null;
  /** A short code when there was no answer: `timeout`, `aborted`, `ECONNREFUSED`, `url`… */
  error: string | null;
  durationMs: number;
}

export interface EventRow {
  cursor: number | string;
  id: string;
  type: string;
  created_at: string;
  client_id: string | null;
  account_number: string | null;
  debtor_key: string | null;
  data: string;
}

/** The body of a delivery: the event as the feed shows it. */
export function eventBody(row: EventRow): string {
  const event: AgencyEvent = {
    id: row.id,
    cursor: Number(row.cursor),
    type: row.type as AgencyEvent['type'],
    createdAt: row.created_at,
    clientId: row.client_id,
    accountNumber: row.account_number,
    debtorKey: row.debtor_key,
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
  return JSON.stringify(event);
}

/** The Standard Webhooks headers of `body` signed with each of `secrets` at `at`. */
export function signedHeaders(
  id: string,
  body: string,
  secrets: readonly string[],
  at: Date,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, at, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** Most of an answer's body that is read (then dropped) before the request is ended. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url` with `headers`; never throws. Anything but an answer within `timeoutMs`
 * (or before `signal` aborts) is an error code. A URL the portal may not call is refused unsent.
 */
export function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<SendResult> {
  const started = performance.now();
  const done = (httpStatus: number | null, error: string | null): SendResult => ({
    httpStatus,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  if (!allowedUrl(url)) return Promise.resolve(done(null, 'url'));
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (httpStatus: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(done(httpStatus, error));
    };
    const request = transport.request(target, {
      method: 'POST',
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'debt-portal-webhooks/1',
        connection: 'close',
      },
    });
    const timer = setTimeout(() => finish(null, 'timeout'), timeoutMs);
    const onAbort = () => finish(null, 'aborted');
    if (signal?.aborted) return finish(null, 'aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('response', (response) => {
      let read = 0;
      const status = response.statusCode ?? null;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) finish(status, null);
      });
      response.on('end', () => finish(status, null));
      response.on('error', () => finish(status, null));
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ?? 'error'));
    request.end(body);
  });
}
