/**
 * The SMS sandbox provider (issue 43): a small HTTP server that behaves like a real SMS provider's
 * API, for development, tests and demos (`npm run sms:sandbox`). It texts nobody.
 *
 *   POST /v1/messages            {"to","body","messageId"} → 201 {"id"}; the same messageId again
 *                                 answers the first id (200) and texts nobody twice.
 *   GET  /v1/messages[?to=+1…]    what it "sent" (the test and operator hook), oldest first.
 *   POST /sandbox/inbound         {"from","to"?,"body"}: a reply from a phone, posted signed to the
 *                                 portal's /api/messages/sms/inbound; answers the portal's status.
 *
 * After each accepted send it posts a signed delivery receipt to the portal's
 * /api/messages/sms/status (webhooks.ts): `delivered`, or `undelivered` with code 30006 for a
 * number ending in 0666 (a landline or unreachable phone). A receipt the portal does not take
 * (no 2xx) is retried up to 3 times, one second apart.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { E164, MAX_SMS_BODY, signSmsWebhook, type SmsWebhookEvent } from './webhooks';

export interface SandboxSms {
  id: string;
  messageId: string;
  to: string;
  body: string;
  at: string;
}

export interface SmsSandboxOptions {
  /** The portal's origin, where receipts and replies are posted (`http://127.0.0.1:3000`). */
  portalUrl: string;
  /** SMS_WEBHOOK_SECRET (`whsec_…`), shared with the portal. */
  secret: string;
  port?: number;
  host?: string;
  /** The sandbox's own number, the `to` of replies (default +15005550006). */
  number?: string;
  /** How long after a send its receipt is posted (default 50 ms). */
  receiptDelayMs?: number;
}

export interface SmsSandbox {
  url: string;
  sent(to?: string): SandboxSms[];
  /** A reply from `from`, posted to the portal as the provider would; the portal's HTTP status. */
  inbound(from: string, body: string): Promise<number>;
  /** Points the webhooks at another portal (a test's server, started after the sandbox). */
  setPortalUrl(url: string): void;
  /** Receipts and replies posted so far: their status at the portal (tests wait on this). */
  posted(): { type: string; status: number | null }[];
  close(): Promise<void>;
}

const UNDELIVERABLE = /0666$/;
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startSmsSandbox(options: SmsSandboxOptions): Promise<SmsSandbox> {
  const messages: SandboxSms[] = [];
  const byMessageId = new Map<string, SandboxSms>();
  const posts: { type: string; status: number | null }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const own = options.number ?? '+15005550006';
  const delay = options.receiptDelayMs ?? 50;
  let closed = false;
  let portalUrl = options.portalUrl;

  /** Posts a signed event to the portal; its HTTP status, or null when it could not be reached. */
  async function post(path: string, event: SmsWebhookEvent): Promise<number | null> {
    const body = JSON.stringify(event);
    const record: { type: string; status: number | null } = { type: event.type, status: null };
    posts.push(record);
    try {
      const response = await fetch(new URL(path, portalUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signSmsWebhook(options.secret, id('msg'), body),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      record.status = response.status;
    } catch {
      record.status = null;
    }
    return record.status;
  }

  function later(fn: () => Promise<void>, ms: number): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void fn();
    }, ms);
    timers.add(timer);
  }

  function receipt(sms: SandboxSms, attempt = 1): void {
    later(
      async () => {
        const failed = UNDELIVERABLE.test(sms.to);
        const status = await post('/api/messages/sms/status', {
          type: 'message.status',
          data: {
            providerMessageId: sms.id,
            messageId: sms.messageId,
            to: sms.to,
            status: failed ? 'undelivered' : 'delivered',
            errorCode: failed ? '30006' : null,
            at: new Date().toISOString(),
          },
        });
        if ((status === null || status >= 300) && attempt < 4) receipt(sms, attempt + 1);
      },
      attempt === 1 ? delay : 1000,
    );
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://sandbox');
      if (request.method === 'GET' && url.pathname === '/v1/messages') {
        const to = url.searchParams.get('to');
        return answer(response, 200, to ? messages.filter((m) => m.to === to) : messages);
      }
      if (request.method !== 'POST') return answer(response, 404, { error: 'not found' });
      let body: Record<string, unknown>;
      try {
        const json = await readJson(request);
        if (typeof json !== 'object' || json === null) throw new Error('not an object');
        body = json as Record<string, unknown>;
      } catch {
        return answer(response, 400, { error: 'the body must be a JSON object' });
      }
      if (url.pathname === '/v1/messages') {
        const { to, body: text, messageId } = body;
        if (typeof to !== 'string' || !E164.test(to))
          return answer(response, 400, { error: 'to: not an E.164 number' });
        if (typeof text !== 'string' || text.length === 0 || text.length > MAX_SMS_BODY)
          return answer(response, 400, { error: `body: 1 to ${MAX_SMS_BODY} characters` });
        if (typeof messageId !== 'string' || messageId.length === 0 || messageId.length > 200)
          return answer(response, 400, { error: 'messageId: required' });
        const first = byMessageId.get(messageId);
        if (first) return answer(response, 200, { id: first.id });
        const sms = { id: id('sbxsms'), messageId, to, body: text, at: new Date().toISOString() };
        messages.push(sms);
        byMessageId.set(messageId, sms);
        receipt(sms);
        return answer(response, 201, { id: sms.id });
      }
      if (url.pathname === '/sandbox/inbound') {
        const { from, body: text } = body;
        if (typeof from !== 'string' || !E164.test(from))
          return answer(response, 400, { error: 'from: not an E.164 number' });
        if (typeof text !== 'string' || text.length > MAX_SMS_BODY)
          return answer(response, 400, { error: 'body: a text' });
        const status = await sandbox.inbound(from, text);
        return answer(response, 200, { portalStatus: status });
      }
      return answer(response, 404, { error: 'not found' });
    })().catch(() => answer(response, 500, { error: 'sandbox error' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const sandbox: SmsSandbox = {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    sent: (to) => (to ? messages.filter((m) => m.to === to) : [...messages]),
    posted: () => posts.map((p) => ({ ...p })),
    setPortalUrl: (url) => {
      portalUrl = url;
    },
    async inbound(from, text) {
      const status = await post('/api/messages/sms/inbound', {
        type: 'message.inbound',
        data: {
          providerMessageId: id('sbxin'),
          from,
          to: own,
          body: text,
          at: new Date().toISOString(),
        },
      });
      return status ?? 0;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sandbox;
}
