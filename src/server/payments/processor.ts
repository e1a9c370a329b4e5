/**
 * The payment processor adapter. The portal never keeps a full card or bank number: it hands the
 * number to the processor once (tokenize*) and stores only the token, brand, last 4 and expiry.
 * Charges use the token. The default implementation is the sandbox (sandbox.ts); a real
 * processor implements the same interface.
 */
import type { CardBrand, CardKind } from './cards';

/** Decline and error codes of spec section 8, as the processor reports them. */
export const PROCESSOR_CODES = {
  insufficientFunds: 'Decline-InsufficientFunds',
  exceedsWithdrawalLimit: 'Decline-ExceedsWithdrawalAmountLimitActivityAmountLimitExceeded',
  notPermittedCardholder: 'Error-TransactionNotPermittedCardholder',
} as const;
export type ProcessorCode = (typeof PROCESSOR_CODES)[keyof typeof PROCESSOR_CODES];

export interface CardInfo {
  brand: CardBrand | null;
  kind: CardKind;
}

export interface TokenizedMethod {
  token: string;
  last4: string;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  /**
   * Our attempt's reference (the submission's confirmation code): the processor's idempotency key
   * for this charge. Charging again with the same reference returns the first result, never a
   * second charge.
   */
  reference: string;
}

export type ChargeResult =
  | { approved: true; processorReference: string }
  | { approved: false; code: ProcessorCode | string };

export interface PaymentProcessor {
  /** Credit or debit, by the card's BIN (no network call needed for a check). */
  cardInfo(cardNumber: string): CardInfo;
  tokenizeCard(input: { cardNumber: string; expiration: string }): Promise<TokenizedMethod>;
  tokenizeBank(input: {
    accountNumber: string;
    routingNumber: string;
    accountType: 'checking' | 'savings';
  }): Promise<TokenizedMethod>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What happened to the charge with this reference, from the processor's own record. A charge the
   * processor never received is voided there at once (a charge that arrives later with this
   * reference is declined with `voided`), so the answer stays true whoever asks and whenever the
   * late request arrives. Used to settle a submission whose process died.
   */
  resolve(reference: string): Promise<ChargeResult>;
}

/** The decline code of a charge voided before the processor received it. */
export const VOIDED = 'voided';
