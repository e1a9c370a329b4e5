/**
 * Payment options per account: the facts computed from an account, and the variants that
 * flows/rules/payment-options.json offers for them. The server re-checks a submitted variant with
 * the same facts and rules (allowsVariant).
 */
import { toCents } from './money';
import { normalizeAccountNumber } from './masking';
import {
  checkRules,
  decideOptions,
  type FactsUse,
  type FirstMatchRules,
  type OptionGroupRules,
  type RulesFile,
} from './rules';
import { activeArrangement, isPayableToday, scheduleStatus } from './schedule-status';
import type { Account, Arrangement, ArrangementType } from './types';

/**
 * A payment variant: an id of flows/journeys/payment.json `variants` (the list is the journey
 * file's, read at run time; see payment-journey.ts variantIds and optionVariantIds).
 */
export type { PaymentVariant } from './payment-journey';
/** A variant the payment-options rules may offer (not one paid with a letter's option). */
export type OptionVariant = string;

/** What the domain's checks of a rules file need from the other flows files. */
export interface RulesCheckContext {
  /** The variants the option rules may offer (optionVariantIds of the payment journey). */
  optionVariants: readonly string[];
}

/** The facts payment-options rules read. */
export interface PaymentFacts {
  /** Normalized (trimmed, upper case). */
  accountNumber: string;
  /** `YYYY-MM-DD` in the agency's time zone. */
  today: string;
  isClosed: boolean;
  isEop: boolean;
  isPco: boolean;
  allowPcoMinPay: boolean;
  isPaymentPendingPost: boolean;
  /** A payment is pending post and total paid equals the original or the settlement balance. */
  pendingPostAndPaidOff: boolean;
  /** The account says so, or an active arrangement was found (activeArrangement()). */
  hasActiveArrangement: boolean;
  /** Type of the active arrangement; null without one. */
  arrangementType: ArrangementType | null;
  /** The active arrangement allows paying its remaining balance (false without one). */
  allowRemaining: boolean;
  /** A payment of the active arrangement shows as past_due (schedule-status rules). */
  hasPastDue: boolean;
  /** A payment of the active arrangement is payable today (schedule-status rules). */
  hasPayableToday: boolean;
  /** Dollars; null when not set. */
  minimumPaymentDue: number | null;
  hasSettlementOffers: boolean;
  /** At least one settlement plan (sif) was returned for the account. */
  settlementPlansExist: boolean;
  /** At least one payment plan (bif) was returned for the account. */
  paymentPlansExist: boolean;
  /** Dollars. */
  balance: number;
  originalBalance: number;
  settlementBalance: number | null;
  totalPaid: number;
  /**
   * The holds the agency set on the account (`attorney`, `bankruptcy`, `cease-communication`,
   * `deceased`; empty without one): the rules decide what a hold changes.
   */
  holds: readonly string[];
}

/** Every fact name payment-options rules may read (for `npm run check:config`). */
export const PAYMENT_FACT_NAMES: readonly (keyof PaymentFacts)[] = [
  'accountNumber',
  'today',
  'isClosed',
  'isEop',
  'isPco',
  'allowPcoMinPay',
  'isPaymentPendingPost',
  'pendingPostAndPaidOff',
  'hasActiveArrangement',
  'arrangementType',
  'allowRemaining',
  'hasPastDue',
  'hasPayableToday',
  'minimumPaymentDue',
  'hasSettlementOffers',
  'settlementPlansExist',
  'paymentPlansExist',
  'balance',
  'originalBalance',
  'settlementBalance',
  'totalPaid',
  'holds',
];

export interface PaymentFactsInput {
  account: Account;
  arrangements?: readonly Arrangement[];
  /** `YYYY-MM-DD` in the agency's time zone. */
  today: string;
  /** flows/rules/schedule-status.json: decides past due and payable today. */
  scheduleRules: FirstMatchRules;
  /** Whether GetSettlementPlans returned any plan (false when not fetched). */
  settlementPlansExist?: boolean;
  /** Whether GetPaymentPlans returned any plan (false when not fetched). */
  paymentPlansExist?: boolean;
}

/** A payment is pending post and total paid equals the original or the settlement balance (cents). */
export function paidOffByPendingPayment(account: Account): boolean {
  if (!account.isPaymentPendingPost) return false;
  const paid = toCents(account.totalPaid);
  const targets = [account.originalBalance, account.settlementBalance]
    .filter((amount): amount is number => typeof amount === 'number' && amount > 0)
    .map(toCents);
  return targets.includes(paid);
}

export function paymentFacts(input: PaymentFactsInput): PaymentFacts {
  const { account, today, scheduleRules } = input;
  const active = activeArrangement(account, input.arrangements ?? []);
  const payments = active?.payments ?? [];
  return {
    accountNumber: normalizeAccountNumber(account.accountNumber),
    today,
    isClosed: account.isClosed,
    isEop: account.isEop,
    isPco: account.isPco,
    allowPcoMinPay: account.allowPcoMinPay,
    isPaymentPendingPost: account.isPaymentPendingPost,
    pendingPostAndPaidOff: paidOffByPendingPayment(account),
    hasActiveArrangement: account.hasActiveArrangement || active !== null,
    arrangementType: active?.type ?? null,
    allowRemaining: active?.allowRemaining ?? false,
    hasPastDue: payments.some((p) => scheduleStatus(p, today, scheduleRules) === 'past_due'),
    hasPayableToday: payments.some((p) => isPayableToday(p, today, scheduleRules)),
    minimumPaymentDue: account.minimumPaymentDue ?? null,
    hasSettlementOffers: account.hasSettlementOffers,
    settlementPlansExist: input.settlementPlansExist ?? false,
    paymentPlansExist: input.paymentPlansExist ?? false,
    balance: account.balance,
    originalBalance: account.originalBalance,
    settlementBalance: account.settlementBalance ?? null,
    totalPaid: account.totalPaid,
    holds: account.holds ?? [],
  };
}

/**
 * The payment variants offered for these facts, in the order the rules list them. `in-place`: the
 * facts were made for this call only (see FactsUse).
 */
export function paymentOptions(
  facts: PaymentFacts,
  rules: OptionGroupRules,
  use: FactsUse = 'copy',
): OptionVariant[] {
  // Every outcome is a variant of the journey (checkPaymentOptionRules, at check:config and at
  // the server's start).
  return decideOptions(rules, facts, use).outcomes;
}

/** Whether a variant is offered (the server's re-check of a payment request; letter is not). */
export function allowsVariant(
  facts: PaymentFacts,
  rules: OptionGroupRules,
  variant: string,
): boolean {
  return (paymentOptions(facts, rules) as readonly string[]).includes(variant);
}

/** Problems in a payment-options rules file (empty when sound), for `npm run check:config`. */
export function checkPaymentOptionRules(file: RulesFile, context: RulesCheckContext): string[] {
  const problems = checkRules(file, PAYMENT_FACT_NAMES);
  if (file.kind !== 'option-groups') problems.push('/kind: must be "option-groups"');
  for (const outcome of Object.keys(file.outcomes)) {
    if (!context.optionVariants.includes(outcome)) {
      problems.push(
        `/outcomes/${outcome}: not a variant of the payment journey the rules may offer`,
      );
    }
  }
  return problems;
}
