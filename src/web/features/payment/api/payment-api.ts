/**
 * The calls of the payment journey (spec section 7): the card check and new payment
 * methods, the payment itself (exactly once: one Idempotency-Key per attempt), and the debtor's
 * copy of the authorization.
 */
import { apiRequest, apiResponse } from '@/web/lib/api';
import { shownContentVersion } from '@/web/lib/config';
import type { FundingMethod } from '@/web/api/funding-methods';

export type CardCheck = 'Ok' | 'Invalid' | 'CreditDisabled' | 'DebitDisabled';

/** POST Account/CheckCard: whether this account takes the card (spaces removed first). */
export function checkCard(accountNumber: string, cardNumber: string): Promise<CardCheck> {
  return apiRequest<CardCheck>('/api/v2/Account/CheckCard', {
    query: { accountNumber },
    body: { cardNumber: cardNumber.replace(/\s/g, ''), accountNumber },
  });
}

/** POST Account/AddCreditCardFunding or AddBankAccountFunding: the new method's record. */
export async function addFundingMethod(
  kind: 'card' | 'bank',
  body: Record<string, unknown>,
): Promise<FundingMethod> {
  const path =
    kind === 'card'
      ? '/api/v2/Account/AddCreditCardFunding'
      : '/api/v2/Account/AddBankAccountFunding';
  const method = await apiRequest<FundingMethod | null>(path, { body });
  if (!method) {
    throw new Error(
      kind === 'card'
        ? 'Failed to add credit card funding - no result'
        : 'Failed to add bank account funding - no result',
    );
  }
  return method;
}

/** SubmitPayment's answer (spec section 3 payment result). */
export interface PaymentResult {
  paymentSubmission?: { confirmation: string | null; success: boolean } | null;
  errors?: string[];
}

/** The page's content version goes with it: the authorization is made of the texts shown here. */
export function submitPayment(body: Record<string, unknown>, idempotencyKey: string) {
  return apiRequest<PaymentResult | undefined>('/api/v2/Account/SubmitPayment', {
    body: { ...body, ...shownContentVersion() },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The debtor's copy of the authorization agreed to for a payment (a PDF). */
export async function authorizationCopy(
  accountNumber: string,
  confirmation: string,
): Promise<Blob | null> {
  const response = await apiResponse('/api/v2/Account/PaymentAuthorization', {
    query: { accountNumber, confirmation },
    accept: 'application/pdf',
  });
  return response ? response.blob() : null;
}
