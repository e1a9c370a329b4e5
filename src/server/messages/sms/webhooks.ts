/**
 * The SMS provider's webhooks to the portal (issue 43): delivery receipts on
 * `POST /api/messages/sms/status` and inbound replies on `POST /api/messages/sms/inbound`, each
 * a JSON body signed per Standard Webhooks with `SMS_WEBHOOK_SECRET` (`whsec_…`, the
 * `standardwebhooks` package; headers `webhook-id`, `webhook-timestamp`, `webhook-signature`,
 * five minutes of tolerance). The sandbox (sandbox.ts) sends exactly these.
 *
 *   status:  {"type":"message.status","data":{"providerMessageId","messageId","to",
 *             "status":"delivered"|"failed"|"undelivered","errorCode":string|null,"at"}}
 *   inbound: {"type":"message.inbound","data":{"providerMessageId","from","to","body","at"}}
 *
 * `from`, `to` are E.164; `at` is an ISO instant; `body` is at most 1,600 characters.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export type SmsDeliveryStatus = 'delivered' | 'failed' | 'undelivered';

export interface SmsStatusEvent {
  type: 'message.status';
  data: {
    providerMessageId: string;
    /** The portal's id given to SmsProvider.send. */
    messageId: string;
    to: string;
    status: SmsDeliveryStatus;
    /** The carrier's code for a failure (e.g. 30006 landline or unreachable); null when delivered. */
    errorCode: string | null;
    at: string;
  };
}

export interface SmsInboundEvent {
  type: 'message.inbound';
  data: { providerMessageId: string; from: string; to: string; body: string; at: string };
}

export type SmsWebhookEvent = SmsStatusEvent | SmsInboundEvent;

/** Why a webhook is refused: `signature` → 401, `shape` → 400. */
export class SmsWebhookError extends Error {
  constructor(
    readonly reason: 'signature' | 'shape',
    detail: string,
  ) {
    super(detail);
    this.name = 'SmsWebhookError';
  }
}

export const E164 = /^\+[1-9]\d{7,14}$/;
export const MAX_SMS_BODY = 1600;
const STATUSES: readonly SmsDeliveryStatus[] = ['delivered', 'failed', 'undelivered'];

/** The Standard Webhooks headers of `body` signed with `secret`. */
export function signSmsWebhook(
  secret: string,
  id: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const isString = (v: unknown, max = 200): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;
const isInstant = (v: unknown): v is string =>
  isString(v, 40) && !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT/.test(v);

/** The event's shape, or a description of what is wrong. */
function shapeOf(json: unknown): SmsWebhookEvent | string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  const { type, data } = json as { type?: unknown; data?: unknown };
  if (typeof data !== 'object' || data === null) return 'data: not an object';
  const d = data as Record<string, unknown>;
  if (!isString(d.providerMessageId)) return 'data.providerMessageId: missing';
  if (!isInstant(d.at)) return 'data.at: not an ISO instant';
  if (type === 'message.status') {
    if (!isString(d.messageId)) return 'data.messageId: missing';
    if (typeof d.to !== 'string' || !E164.test(d.to)) return 'data.to: not E.164';
    if (!STATUSES.includes(d.status as SmsDeliveryStatus)) return 'data.status: unknown';
    if (d.errorCode !== null && !isString(d.errorCode, 40)) return 'data.errorCode: not a code';
    return json as SmsStatusEvent;
  }
  if (type === 'message.inbound') {
    if (typeof d.from !== 'string' || !E164.test(d.from)) return 'data.from: not E.164';
    if (typeof d.to !== 'string' || !E164.test(d.to)) return 'data.to: not E.164';
    if (typeof d.body !== 'string' || d.body.length > MAX_SMS_BODY) return 'data.body: not a text';
    return json as SmsInboundEvent;
  }
  return 'type: unknown';
}

/**
 * Verifies a webhook's signature over its raw body and checks its shape. Throws SmsWebhookError:
 * `signature` (no secret configured, missing or wrong headers, stale timestamp) or `shape`.
 */
export function verifySmsWebhook(
  secret: string | null | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): SmsWebhookEvent {
  if (!secret) throw new SmsWebhookError('signature', 'SMS_WEBHOOK_SECRET is not set');
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  let json: unknown;
  try {
    json = new Webhook(secret).verify(rawBody, {
      'webhook-id': one('webhook-id'),
      'webhook-timestamp': one('webhook-timestamp'),
      'webhook-signature': one('webhook-signature'),
    });
  } catch (error) {
    // Signed, but not JSON: the signature held, the body is bad.
    if (error instanceof SyntaxError) throw new SmsWebhookError('shape', 'not JSON');
    const detail = error instanceof WebhookVerificationError ? error.message : String(error);
    throw new SmsWebhookError('signature', detail);
  }
  const event = shapeOf(json);
  if (typeof event === 'string') throw new SmsWebhookError('shape', event);
  return event;
}
