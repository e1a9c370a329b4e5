/**
 * One payment attempt, exactly once (PAYMENT-FLOW.md): the attempt (its Idempotency-Key and the
 * body it was made for) is written to the tab before its request leaves; every retry of the same
 * body reuses the key, so a double click, a lost answer or a reload while paying cannot pay twice.
 * The server's final answer (paid, or refused) ends the attempt; no answer keeps it for a retry.
 * No React here: src/web/features/payment/hooks/use-payment-submission.ts draws it.
 */
import { isApiError } from '@/web/lib/api';
import type { PaymentResult } from '../api/payment-api';
import { loadPayment, type PaymentAttempt, type StoredPayment } from './payment-store';

/** What an attempt ended in. */
export type AttemptEnd =
  /** The payment went through: the attempt's final answer. */
  | { kind: 'paid'; confirmation: string; stored: StoredPayment }
  /** The server refused the payment (its codes) or the request (4xx): a new try is a new attempt. */
  | { kind: 'refused'; codes: readonly string[]; status?: number }
  /** No final answer (network, 5xx, still processing): the attempt and its key stay. */
  | { kind: 'unanswered' };

export interface AttemptPorts {
  /** SubmitPayment with this key. */
  send(body: Record<string, unknown>, key: string): Promise<PaymentResult | undefined>;
  /** Writes the tab's state at once (before the request leaves). */
  update(next: (current: StoredPayment) => StoredPayment): void;
  /** Waits between tries while the server is still processing the same attempt (409). */
  pause?(ms: number): Promise<void>;
  /** A new Idempotency-Key. */
  newKey?(): string;
}

/** How often a 409 (the same attempt still being processed) is asked again before giving up. */
export const PROCESSING_RETRIES = 5;

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the attempt for `body` (or, with `resume`, the unanswered one the tab holds, whatever the
 * answers are now). The same body as the stored attempt keeps its key; another body is a new one.
 */
export async function runAttempt(
  storageKey: string,
  body: Record<string, unknown> | null,
  ports: AttemptPorts,
): Promise<AttemptEnd> {
  const latest = loadPayment(storageKey);
  const resume = body === null;
  if (resume && !latest.attempt) return { kind: 'unanswered' };
  const sent = resume
    ? (JSON.parse(latest.attempt!.body) as Record<string, unknown>)
    : (body as Record<string, unknown>);
  const json = JSON.stringify(sent);
  const attempt: PaymentAttempt =
    latest.attempt && latest.attempt.body === json
      ? latest.attempt
      : { key: (ports.newKey ?? newIdempotencyKey)(), body: json };
  ports.update((s) => ({ ...s, attempt }));
  const pause = ports.pause ?? wait;
  const finish = (): void => ports.update((s) => ({ journey: s.journey }));
  for (let tries = 0; ; tries += 1) {
    try {
      const result = await ports.send(sent, attempt.key);
      const submission = result?.paymentSubmission;
      if (submission?.success && submission.confirmation) {
        return { kind: 'paid', confirmation: submission.confirmation, stored: latest };
      }
      finish();
      return { kind: 'refused', codes: result?.errors ?? [] };
    } catch (error) {
      if (isApiError(error, 409) && tries < PROCESSING_RETRIES) {
        await pause(1000 * (tries + 1));
        continue;
      }
      if (isApiError(error) && error.status < 500 && error.status !== 409) {
        finish();
        return { kind: 'refused', codes: [], status: error.status };
      }
      return { kind: 'unanswered' };
    }
  }
}
