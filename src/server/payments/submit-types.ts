/** The shapes SubmitPayment's modules share: the request, its answer and the checked plan. */
import type { VariantConfig } from '../../domain/payment-journey';
import type { PaymentVariant } from '../../domain/payment-options';
import type { ArrangementType } from '../../domain/types';
import type { ArrangementPaymentRow } from '../db/types';

export interface SubmitBody {
  accountNumber: string;
  schedule: { date: string; amount: number }[];
  fundingId: number;
  type: ArrangementType;
  authorizationDisclosuresAccepted: true;
  paymentVariant?: PaymentVariant;
  letterId?: number;
  letterOptionId?: number;
  firstName?: string;
  lastName?: string;
  /** The content version whose texts the debtor was shown (content/shown.ts). */
  contentVersion?: number;
  [field: string]: unknown;
}

export interface SubmitResult {
  paymentSubmission: { confirmation: string | null; success: boolean };
  errors: string[];
}

export interface Entry {
  date: string;
  cents: number;
}

export type DebtorName = {
  first_name: string | null;
  last_name: string;
  business_name: string | null;
  /** The debtor's key in the agency's system (the subject of its events). */
  external_key: string;
};

export interface Plan {
  variant: PaymentVariant;
  /** The variant as flows/journeys/payment.json declares it. */
  config: VariantConfig;
  entries: Entry[];
  /** Existing scheduled payments this submission pays (past-due, upcoming). */
  paysExisting: ArrangementPaymentRow[];
  letter?: { letterId: number; optionId: number; optionNumber: number; settlementCents: number };
}
