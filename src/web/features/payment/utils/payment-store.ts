/**
 * One payment journey in progress, kept in the tab (src/web/lib/journey-storage.ts) so a reload,
 * the browser's Back and a trip to sign-in keep every answer: the journey state, the attempt being
 * submitted (its Idempotency-Key, reused for every retry of the same body) and, once paid, the
 * result the confirmation page shows. Never a card or bank number: the stages do not hold one.
 */
import { EMPTY_JOURNEY, type JourneyState } from '@/engine/journey/journey';
import type { PaymentVariant } from '@/domain/payment-options';
import { forgetJourney, loadJourney, saveJourney } from '@/web/lib/journey-storage';
import type { ScheduledPayment } from './payment-model';

export interface PaymentAttempt {
  /** The Idempotency-Key of every request of this attempt. */
  key: string;
  /** The body it was made for: a different body is a new attempt. */
  body: string;
}

export interface PaymentOutcome {
  confirmation: string;
  schedule: ScheduledPayment[];
  method: string;
  methodType: 'card' | 'bank' | null;
  /** The first payment was charged today (else it is scheduled). */
  chargedToday: boolean;
  supportPhone: string;
}

export interface StoredPayment {
  journey: JourneyState;
  attempt?: PaymentAttempt;
  outcome?: PaymentOutcome;
}

export function journeyKey(parts: {
  accountNumber: string;
  variant: PaymentVariant;
  letterId?: number | undefined;
  optionId?: number | undefined;
}): string {
  const letter = parts.letterId ? `:${parts.letterId}:${parts.optionId ?? ''}` : '';
  return `payment:${parts.accountNumber.toUpperCase()}:${parts.variant}${letter}`;
}

export function loadPayment(key: string): StoredPayment {
  return loadJourney<StoredPayment>(key) ?? { journey: EMPTY_JOURNEY };
}

export function savePayment(key: string, value: StoredPayment): void {
  saveJourney(key, value);
}

export function forgetPayment(key: string): void {
  forgetJourney(key);
}
