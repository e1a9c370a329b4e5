import { describe, expect, it } from 'vitest';
import type {
  AmountFacts,
  ApiPaymentPlan,
  PaymentJourneyFile,
} from '../../../src/domain/payment-journey';
import type { FirstMatchRules } from '../../../src/domain/rules';
import {
  checkSuggestedOptionRules,
  optionMoney,
  suggestedOption,
  type SuggestionFacts,
} from '../../../src/domain/suggested-option';
import type { OptionVariant } from '../../../src/domain/payment-options';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TODAY, journeyVariant, loadRules, rulesContext } from './fixtures';

const rules = loadRules<FirstMatchRules>('suggested-option');
const journey = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/journeys/payment.json'), 'utf8'),
) as PaymentJourneyFile;

const amountFacts: AmountFacts = {
  balance: 245_000,
  minimumPaymentDue: 0,
  remaining: 0,
  pastDue: 0,
  pastDueFirst: 0,
  payableToday: 0,
  minSinglePayment: 2_500,
  minMonthlyPayment: 5_000,
  maxSinglePayDaysInFuture: 30,
};

const plan = (numMonths: number, total: number, savings: number): ApiPaymentPlan => ({
  numMonths,
  discountPercent: savings > 0 ? 0.6 : 1,
  discountedBalance: total,
  estimatedPaymentAmountPerMonth: Math.round((total / numMonths) * 100) / 100,
  savings,
  payments: Array.from({ length: numMonths }, (_, i) => ({
    suggestedDate: `2025-0${5 + i}-15`,
    amount: Math.round((total / numMonths) * 100) / 100,
    minDate: TODAY,
    maxDate: TODAY,
  })),
});

describe('optionMoney', () => {
  it('pay in full: the balance, no savings, within 15 days', () => {
    expect(
      optionMoney({
        config: journeyVariant('pif', journey),
        facts: amountFacts,
        balance: 245_000,
        today: TODAY,
      }),
    ).toEqual({
      kind: 'single',
      amount: 245_000,
      editable: false,
      min: null,
      total: 245_000,
      savings: 0,
      deadline: '2025-05-14',
    });
  });

  it('one-time: the debtor chooses, from the minimum single payment', () => {
    const money = optionMoney({
      config: journeyVariant('one-time', journey),
      facts: amountFacts,
      balance: 245_000,
      today: TODAY,
    });
    expect(money).toMatchObject({
      kind: 'single',
      editable: true,
      min: 2_500,
      deadline: '2025-05-29',
    });
  });

  it('a savings plan: the shortest plan per month × payments, its total, savings and last day', () => {
    const money = optionMoney({
      config: journeyVariant('sif', journey),
      plans: [plan(3, 1_715, 735), plan(1, 1_470, 980)],
      balance: 245_000,
      today: TODAY,
    });
    expect(money).toEqual({
      kind: 'plan',
      perPayment: 147_000,
      payments: 1,
      total: 147_000,
      savings: 98_000,
      deadline: '2025-05-15',
      plans: 2,
      minPayments: 1,
      maxPayments: 3,
    });
  });

  it('a monthly plan starts with the longest; no plans, no figures', () => {
    const money = optionMoney({
      config: journeyVariant('bif', journey),
      plans: [plan(2, 2_450, 0), plan(4, 2_450, 0)],
      balance: 245_000,
      today: TODAY,
    });
    expect(money).toMatchObject({ kind: 'plan', perPayment: 61_250, payments: 4, total: 245_000 });
    expect(
      optionMoney({ config: journeyVariant('bif', journey), plans: [], balance: 1, today: TODAY }),
    ).toBeNull();
    expect(
      optionMoney({ config: journeyVariant('pif', journey), balance: 1, today: TODAY }),
    ).toBeNull();
  });
});

describe('suggested option (flows/rules/suggested-option.json)', () => {
  const suggest = (options: OptionVariant[], more: Partial<SuggestionFacts> = {}) =>
    suggestedOption(
      { options, balance: 2450, settlementSavings: 0, longestPlanPayments: 0, ...more },
      rules,
    );

  it('a past-due, due-today or minimum payment comes first', () => {
    expect(suggest(['remaining', 'past-due'])).toBe('past-due');
    expect(suggest(['remaining', 'upcoming'])).toBe('upcoming');
    expect(suggest(['bring-current', 'one-time'])).toBe('bring-current');
  });

  it('a savings plan that saves money, else a monthly plan, else pay in full', () => {
    const all: OptionVariant[] = ['sif', 'bif', 'pif', 'one-time'];
    expect(suggest(all, { settlementSavings: 980, longestPlanPayments: 12 })).toBe('sif');
    expect(suggest(all, { settlementSavings: 0, longestPlanPayments: 12 })).toBe('bif');
    expect(suggest(['bif', 'pif', 'one-time'], { longestPlanPayments: 1 })).toBe('pif');
    expect(suggest(['pif', 'one-time'])).toBe('pif');
  });

  it('nothing is marked when no rule names an offered option', () => {
    expect(suggest(['remaining'])).toBeNull();
    expect(suggest(['one-time'])).toBeNull();
  });

  it('the file passes its domain check; an outcome that is no variant is named', () => {
    expect(checkSuggestedOptionRules(rules, rulesContext)).toEqual([]);
    const broken = { ...rules, outcomes: { ...rules.outcomes, cheapest: rules.outcomes.pif! } };
    expect(checkSuggestedOptionRules(broken, rulesContext)).toEqual([
      '/outcomes/cheapest: not a payment option variant (or "none")',
    ]);
  });
});
