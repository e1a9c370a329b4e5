/**
 * The arrangement type a payment submission carries, by payment variant (spec section 4,
 * Payment flow).
 */
import type { PaymentVariant } from './payment-options';
import type { ArrangementType } from './types';

export const SUBMISSION_TYPES: Readonly<Record<PaymentVariant, ArrangementType>> = {
  letter: 'LET',
  bif: 'PIF',
  pif: 'PIF',
  'one-time': 'PPA',
  'past-due': 'PPA',
  upcoming: 'PPA',
  remaining: 'PPA',
  'bring-current': 'PPA',
  sif: 'SIF',
};

export function submissionType(variant: PaymentVariant): ArrangementType {
  return SUBMISSION_TYPES[variant];
}
