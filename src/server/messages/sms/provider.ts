/**
 * The SMS provider interface (issue 43, item 2) and its HTTP client. A provider takes a text to
 * one E.164 number and answers with its own id for it; delivery receipts and inbound replies come
 * back later as signed webhooks (Standard Webhooks, `SMS_WEBHOOK_SECRET`) on
 * `POST /api/messages/sms/status` and `POST /api/messages/sms/inbound`.
 *
 * The HTTP API (the sandbox, sandbox.ts, speaks it; a real provider's adapter would implement
 * `SmsProvider` the same way):
 *   POST {SMS_PROVIDER_URL}/v1/messages  {"to","body","messageId"}  →  201 {"id": "<provider id>"}
 * `messageId` is the portal's id for the message: the provider keeps it as an idempotency key, so
 * a send retried after a lost answer returns the first id and texts nobody twice. The request is
 * authenticated with `Authorization: Bearer <SMS_PROVIDER_TOKEN>` when that is set.
 */
import type { Db } from '../../db/types';
import { textsAllowed as consentAllows } from './consent';

export interface SmsSendInput {
  /** E.164: `+18085550100`. */
  to: string;
  body: string;
  /** The portal's id for the message (idempotency key at the provider). */
  messageId: string;
}

export interface SmsProvider {
  send(input: SmsSendInput): Promise<{ providerMessageId: string }>;
}

/** A send the provider refused or did not answer: `retryable` says whether a retry may help. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

const E164 = /^\+[1-9]\d{7,14}$/;

/** The `id` of a provider's answer, or null when it has none. */
function answerId(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : null;
    return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
  } catch {
    return null;
  }
}

/** The HTTP provider client (the sandbox's API, sandbox.ts). */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string | null = null,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(input: SmsSendInput): Promise<{ providerMessageId: string }> {
    if (!E164.test(input.to)) throw new SmsSendError(`not an E.164 number: ${input.to}`, false);
    if (input.body.length === 0) throw new SmsSendError('empty text', false);
    let response: Response;
    try {
      response = await fetch(new URL('/v1/messages', this.baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(input),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new SmsSendError(`SMS provider unreachable: ${reason}`, true);
    }
    const text = await response.text();
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new SmsSendError(
        `SMS provider answered ${response.status}: ${text.slice(0, 200)}`,
        retryable,
        response.status,
      );
    }
    const id = answerId(text);
    if (!id) throw new SmsSendError('SMS provider answered without a message id', true);
    return { providerMessageId: id };
  }
}

/**
 * The provider `SMS_PROVIDER_URL` names (with `SMS_PROVIDER_TOKEN` if set), or null when texts
 * are not configured: then messages stay in the outbox. A URL that is not http(s) is refused.
 */
export function smsProviderFromEnv(env: NodeJS.ProcessEnv): SmsProvider | null {
  const raw = env.SMS_PROVIDER_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SMS_PROVIDER_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`SMS_PROVIDER_URL must be http(s): ${raw}`);
  return new HttpSmsProvider(url.toString(), env.SMS_PROVIDER_TOKEN?.trim() || null);
}

/**
 * Whether the portal may text `phoneE164` about `debtorId`'s debts now: the debtor recorded text
 * consent for that number (consent.ts) and no revocation from the number came after it. Fails
 * closed: an unparseable number or no record is false.
 */
export function textsAllowed(db: Db, debtorId: number, phoneE164: string): Promise<boolean> {
  return consentAllows(db, debtorId, phoneE164);
}
