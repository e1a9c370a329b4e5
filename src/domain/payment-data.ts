/**
 * The account's data a payment journey is built from (the variant, the payer on file, the client's
 * settings, what is offered, the methods, the texts), and what follows from it alone: the single
 * payment's limits and the methods the client accepts. Pure, shared by the browser and the server;
 * payment-facts.ts re-exports it.
 */
import type { FormData } from '@/engine/form/flow';
import type { Language } from '@/engine/i18n/split';
import type { FundingMethod } from '@/generated/types/api/funding-method';
import type { LetterOption, LetterPayer } from '@/generated/types/api/letter';
import type { PaymentSettings } from '@/generated/types/api/payment-settings';
import type { AuthorizationContent } from './payment-authorization';
import {
  singleLimits,
  type AmountFacts,
  type PaymentJourneyFile,
  type PlanChoice,
  type SingleLimits,
  type VariantConfig,
} from './payment-journey';
import type { PaymentVariant } from './payment-options';

/** Who pays, as on file (the debtor, or the addressee of the letter, with no phone). */
export interface Payer extends LetterPayer {
  phone: string | null;
}

export interface PaymentData {
  variant: PaymentVariant;
  config: VariantConfig;
  journey: PaymentJourneyFile;
  today: string;
  language: Language;
  accountNumber: string;
  creditor: string;
  payer: Payer;
  settings: PaymentSettings;
  /** Single-payment variants: the amounts the rules read. */
  facts?: AmountFacts;
  /** Plan variants: the plans offered, sorted. */
  plans?: readonly PlanChoice[];
  /** Letter variant: the option chosen on the letter page. */
  letterOption?: LetterOption;
  methods: readonly FundingMethod[];
  agency: string;
  authorization: AuthorizationContent;
}

export interface ScheduledPayment {
  date: string;
  cents: number;
}

export type Answers = Record<string, FormData | undefined>;

export function limitsOf(data: PaymentData): SingleLimits | null {
  return data.config.schedule === 'single' && data.facts
    ? singleLimits(data.config, data.facts, data.today)
    : null;
}

/** The methods this account accepts (client settings); expired ones stay listed. */
export function acceptedMethods(data: PaymentData): FundingMethod[] {
  const { allowBankAccount, allowCreditCard, allowDebitCard } = data.settings;
  return data.methods.filter((method) =>
    method.type === 'bank'
      ? allowBankAccount
      : method.cardType === 'debit'
        ? allowDebitCard
        : allowCreditCard,
  );
}
