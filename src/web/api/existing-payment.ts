import type { ExistingPaymentRequest } from '@/generated/types/api/existing-payment-request';
import type { ExistingPaymentResult } from '@/generated/types/api/existing-payment-result';
import { apiRequest } from '../lib/api';

/** How long an answer is used again for the same account, day and amount. */
export const EXISTING_PAYMENT_FRESH_MS = 60_000;

/**
 * The answers asked for in the last minute, by account, day and amount. The payment journey asks
 * as soon as a stage that checks shows its suggested schedule (PaymentJourney), so that its
 * Continue, if the suggestion is kept, has the answer at once instead of waiting for a round trip.
 * A failed request is forgotten (the next ask sends it again); a payment made forgets them all.
 */
const asked = new Map<string, { at: number; answer: Promise<boolean>; known?: boolean }>();

const keyOf = (input: ExistingPaymentRequest) =>
  JSON.stringify([input.accountNumber, input.dateOfPayment, input.amount]);

/** The entry asked for in the last minute, if any (older ones are dropped). */
function fresh(key: string): { answer: Promise<boolean>; known?: boolean } | undefined {
  const now = Date.now();
  for (const [other, entry] of asked) {
    if (now - entry.at >= EXISTING_PAYMENT_FRESH_MS) asked.delete(other);
  }
  return asked.get(key);
}

/** POST Account/GetExistingPayment: whether a payment is already taken or scheduled that day. */
export function hasExistingPayment(input: ExistingPaymentRequest): Promise<boolean> {
  const key = keyOf(input);
  const known = fresh(key);
  if (known) return known.answer;
  const answer = apiRequest<ExistingPaymentResult>('/api/v2/Account/GetExistingPayment', {
    body: input,
  }).then((result) => result === true);
  const entry: { at: number; answer: Promise<boolean>; known?: boolean } = {
    at: Date.now(),
    answer,
  };
  asked.set(key, entry);
  answer.then(
    (value) => {
      entry.known = value;
    },
    () => {
      if (asked.get(key) === entry) asked.delete(key);
    },
  );
  return answer;
}

/**
 * The answer already in hand (asked for in the last minute and answered), or undefined: the
 * caller then goes on at once, with no render while it waits.
 */
export function existingPaymentAnswer(input: ExistingPaymentRequest): boolean | undefined {
  return fresh(keyOf(input))?.known;
}

/** After a payment: a day that had none may have one now. */
export function forgetExistingPaymentAnswers(): void {
  asked.clear();
}
