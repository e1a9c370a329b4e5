/**
 * Shared test data for the domain tests: the real rules files from flows/rules/ (so changing the
 * data is tested) and builders for accounts, arrangements and scheduled payments.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  optionVariantIds,
  variantConfig,
  type PaymentJourneyFile,
  type VariantConfig,
} from '../../../src/domain/payment-journey';
import type { RulesCheckContext } from '../../../src/domain/payment-options';
import type { FirstMatchRules, OptionGroupRules } from '../../../src/domain/rules';
import type {
  Account,
  Arrangement,
  ArrangementDetail,
  ArrangementSummary,
  ArrangementSummaryPayment,
  ScheduledPayment,
} from '../../../src/domain/types';

const rulesDir = path.resolve(import.meta.dirname, '../../../flows/rules');

export function loadRules<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(rulesDir, `${name}.json`), 'utf8')) as T;
}

export const paymentRules = loadRules<OptionGroupRules>('payment-options');
export const scheduleRules = loadRules<FirstMatchRules>('schedule-status');

export const TODAY = '2025-04-29';
export const YESTERDAY = '2025-04-28';
export const TOMORROW = '2025-04-30';

export function account(overrides: Partial<Account> = {}): Account {
  return {
    accountNumber: 'LU1.12345',
    clientAccount: '4000123456789012',
    balance: 1000,
    creditorName: 'Creditor',
    originalCreditorName: 'Original Creditor',
    merchantName: null,
    creditorNameComment: null,
    originalBalance: 1000,
    outstandingBalance: 1000,
    remainingBalance: 1000,
    settlementBalance: null,
    newBalance: null,
    newBalanceDate: null,
    totalPaid: 0,
    hasActiveArrangement: false,
    currentArrangementSummary: null,
    dateOfReferral: '2023-01-15',
    dateOfLastPay: null,
    supportPhoneNumber: null,
    isInterestBearing: false,
    hasSettlementOffers: false,
    isClosed: false,
    isSif: false,
    isPif: false,
    statusCode: 'ACT',
    isPaymentPendingPost: false,
    minimumPaymentDue: null,
    stabilizationAmount: null,
    showBringAccountCurrentText: false,
    showLastWorkableDisclosure: false,
    isPco: false,
    allowPcoMinPay: false,
    saveDate: null,
    isEop: false,
    statementDate: null,
    ...overrides,
  };
}

export function summaryPayment(
  overrides: Partial<ArrangementSummaryPayment> = {},
): ArrangementSummaryPayment {
  return {
    id: 1,
    amount: 100,
    date: TOMORROW,
    hasAttachedFunding: true,
    isPendingPost: false,
    ...overrides,
  };
}

export function summary(overrides: Partial<ArrangementSummary> = {}): ArrangementSummary {
  return {
    id: 10,
    type: 'PPA',
    amount: 600,
    date: TOMORROW,
    paymentsLeft: 1,
    totalLeft: 100,
    payments: [summaryPayment()],
    ...overrides,
  };
}

export function detail(overrides: Partial<ArrangementDetail> = {}): ArrangementDetail {
  return {
    id: 1,
    payDate: TOMORROW,
    amount: 100,
    status: 'PostDate',
    submitted: null,
    confirmation: null,
    approved: null,
    satisfied: null,
    created: '2025-01-01T12:00:00Z',
    paidWith: 'Visa 1234',
    isElectronic: true,
    isPendingPost: false,
    hasAttachedFunding: true,
    ...overrides,
  };
}

export function arrangement(overrides: Partial<Arrangement> = {}): Arrangement {
  return {
    id: 10,
    type: 'PPA',
    amount: 600,
    active: true,
    beginBalance: 1000,
    paid: 500,
    remaining: 100,
    details: [detail()],
    created: '2025-01-01T12:00:00Z',
    remainingNonElectronic: 0,
    allowRemaining: true,
    modifiableOnline: true,
    ...overrides,
  };
}

export function payment(overrides: Partial<ScheduledPayment> = {}): ScheduledPayment {
  return {
    id: 1,
    amount: 100,
    date: TOMORROW,
    status: 'PostDate',
    hasAttachedFunding: true,
    isPendingPost: false,
    ...overrides,
  };
}

/** flows/journeys/payment.json, the file the browser and the server read. */
export const paymentJourney = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/journeys/payment.json'), 'utf8'),
) as PaymentJourneyFile;

/** A variant of the journey file (throws for an id it does not have). */
export function journeyVariant(id: string, journey = paymentJourney): VariantConfig {
  const config = variantConfig(journey, id);
  if (!config) throw new Error(`flows/journeys/payment.json has no variant ${id}`);
  return config;
}

/** What the rules files' domain checks are given: the journey's option variants. */
export const rulesContext: RulesCheckContext = {
  optionVariants: optionVariantIds(paymentJourney),
};
