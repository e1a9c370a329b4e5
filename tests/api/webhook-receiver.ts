/**
 * A real webhook receiver for the tests (node:http on 127.0.0.1): it verifies every delivery
 * with `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package, for each
 * secret the test says it knows, records what came, and answers what the test says (a status, or
 * never: `'hang'`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  event: { id: string; type: string; cursor: number; accountNumber: string | null } & Record<
    string,
    unknown
  >;
  /** Per secret of `secrets()` (in its order): whether `verify` accepted the delivery with it. */
  verified: boolean[];
  /** The status answered (null: none). */
  answered: number | null;
}

export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** The deliveries that verified with at least one secret. */
  verifiedIds(): string[];
  close(): Promise<void>;
}

export async function startReceiver(options: {
  secrets: () => readonly string[];
  answer?: (delivery: Received, index: number) => Answer;
  path?: string;
}): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      const verified = options.secrets().map((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const delivery: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        event: JSON.parse(body) as Received['event'],
        verified,
        answered: null,
      };
      received.push(delivery);
      const answer = verified.some(Boolean)
        ? (options.answer?.(delivery, received.length - 1) ?? 204)
        : 401;
      if (answer === 'hang') return;
      delivery.answered = answer;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/hooks'}`,
    received,
    verifiedIds: () => received.filter((r) => r.verified.some(Boolean)).map((r) => r.id),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
