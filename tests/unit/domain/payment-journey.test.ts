import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  amountFacts,
  checkPaymentJourney,
  checkSingle,
  dateChoices,
  defaultPlan,
  inferredVariant,
  isPaymentVariant,
  optionVariantIds,
  variantIds,
  type InferFacts,
  planChoices,
  reaches1099,
  singleLimits,
  type AmountFacts,
  type ApiPaymentPlan,
  type PaymentJourneyFile,
} from '../../../src/domain/payment-journey';
import {
  account,
  arrangement,
  detail,
  journeyVariant,
  scheduleRules,
  summary,
  summaryPayment,
  TODAY,
  TOMORROW,
  YESTERDAY,
} from './fixtures';

const journey = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/journeys/payment.json'), 'utf8'),
) as PaymentJourneyFile;

const SETTINGS = { minSinglePayment: 25, minMonthlyPayment: 50, maxSinglePayDaysInFuture: 30 };

function facts(overrides: Partial<AmountFacts> = {}): AmountFacts {
  return {
    balance: 100_000,
    minimumPaymentDue: 12_500,
    remaining: 40_000,
    pastDue: 20_000,
    pastDueFirst: 10_000,
    payableToday: 10_000,
    minSinglePayment: 2_500,
    minMonthlyPayment: 5_000,
    maxSinglePayDaysInFuture: 30,
    ...overrides,
  };
}

const limits = (variant: string, f = facts()) =>
  singleLimits(journeyVariant(variant, journey), f, TODAY);

describe('amount facts (payment-journey.ts)', () => {
  it('reads the balance, the minimum due and the settings in cents', () => {
    const f = amountFacts({
      account: account({ balance: 1234.56, minimumPaymentDue: 125 }),
      arrangements: [],
      settings: SETTINGS,
      today: TODAY,
      scheduleRules,
    });
    expect(f).toEqual({
      balance: 123_456,
      minimumPaymentDue: 12_500,
      remaining: 0,
      pastDue: 0,
      pastDueFirst: 0,
      payableToday: 0,
      minSinglePayment: 2_500,
      minMonthlyPayment: 5_000,
      maxSinglePayDaysInFuture: 30,
    });
  });

  it('adds up the past-due payments, and finds the one payable today and what is left', () => {
    const payments = [
      summaryPayment({ id: 1, date: '2025-04-01', amount: 100 }),
      summaryPayment({ id: 2, date: YESTERDAY, amount: 150 }),
      summaryPayment({ id: 3, date: TOMORROW, amount: 200 }),
    ];
    const f = amountFacts({
      account: account({
        hasActiveArrangement: true,
        currentArrangementSummary: summary({ payments, totalLeft: 450 }),
      }),
      arrangements: [arrangement({ remaining: 450, details: [detail()] })],
      settings: SETTINGS,
      today: TODAY,
      scheduleRules,
    });
    expect(f.pastDue).toBe(25_000);
    expect(f.pastDueFirst).toBe(10_000);
    expect(f.remaining).toBe(45_000);
    expect(f.payableToday).toBe(0);

    const today = amountFacts({
      account: account({
        hasActiveArrangement: true,
        currentArrangementSummary: summary({
          payments: [summaryPayment({ id: 4, date: TODAY, amount: 75 })],
        }),
      }),
      arrangements: [],
      settings: SETTINGS,
      today: TODAY,
      scheduleRules,
    });
    expect(today.payableToday).toBe(7_500);
  });
});

describe('single payment limits from flows/journeys/payment.json', () => {
  it('one-time: the minimum single payment up to the balance, suggested the larger minimum, up to the client’s days ahead', () => {
    expect(limits('one-time')).toEqual({
      fixed: null,
      min: 2_500,
      max: 100_000,
      suggested: 5_000,
      firstDay: TODAY,
      lastDay: '2025-05-29',
      maxDays: 30,
    });
    // Capped at the balance when the balance is smaller than the minimum.
    expect(limits('one-time', facts({ balance: 1_000 }))).toMatchObject({
      min: 1_000,
      suggested: 1_000,
    });
    // The days ahead are the client's maxSinglePayDaysInFuture (the variant's maxDays rule).
    expect(limits('one-time', facts({ maxSinglePayDaysInFuture: 15 }))).toMatchObject({
      lastDay: '2025-05-14',
      maxDays: 15,
    });
    // Neither minimum set: 25 dollars suggested.
    expect(limits('one-time', facts({ minSinglePayment: 0, minMonthlyPayment: 0 })).suggested).toBe(
      2_500,
    );
  });

  it('fixed amounts: pay in full, remaining, bring current, past due and upcoming', () => {
    expect(limits('pif')).toMatchObject({ fixed: [100_000], lastDay: '2025-05-14', maxDays: 15 });
    expect(limits('remaining')).toMatchObject({ fixed: [40_000], lastDay: '2025-05-14' });
    expect(limits('bring-current')).toMatchObject({ fixed: [12_500], lastDay: '2025-05-29' });
    expect(limits('past-due')).toMatchObject({
      fixed: [20_000, 10_000],
      suggested: 20_000,
      lastDay: TODAY,
    });
    expect(limits('upcoming')).toMatchObject({ fixed: [10_000], lastDay: TODAY, maxDays: 0 });
  });

  it('refuses an amount or a day outside the limits with the submission error codes', () => {
    const oneTime = limits('one-time');
    expect(checkSingle(oneTime, { date: TODAY, cents: 2_500 })).toBeNull();
    expect(checkSingle(oneTime, { date: TODAY, cents: 2_499 })).toBe('min_payment_amount');
    expect(checkSingle(oneTime, { date: TODAY, cents: 100_001 })).toBe('amount_exceeds_balance');
    expect(checkSingle(oneTime, { date: YESTERDAY, cents: 5_000 })).toBe('date_out_of_range');
    expect(checkSingle(oneTime, { date: '2025-05-30', cents: 5_000 })).toBe('date_out_of_range');
    const pastDue = limits('past-due');
    expect(checkSingle(pastDue, { date: TODAY, cents: 10_000 })).toBeNull();
    expect(checkSingle(pastDue, { date: TODAY, cents: 15_000 })).toBe('invalid_amount');
    expect(checkSingle(pastDue, { date: TOMORROW, cents: 20_000 })).toBe('date_out_of_range');
  });
});

describe('date choices', () => {
  it('names Today, Tomorrow, the first, the middle and the last of the month within the window', () => {
    expect(dateChoices('2025-04-10', '2025-05-10')).toEqual([
      { choice: 'today', date: '2025-04-10' },
      { choice: 'tomorrow', date: '2025-04-11' },
      { choice: 'mid', date: '2025-04-15' },
      { choice: 'last', date: '2025-04-30' },
      { choice: 'first', date: '2025-05-01' },
      { choice: 'advanced', date: null },
    ]);
  });

  it('leaves out days past the window and names a day once', () => {
    // The last day of the month is tomorrow: it keeps the name Tomorrow.
    expect(dateChoices('2025-04-29', '2025-05-01')).toEqual([
      { choice: 'today', date: '2025-04-29' },
      { choice: 'tomorrow', date: '2025-04-30' },
      { choice: 'first', date: '2025-05-01' },
    ]);
    // A payment due today only: today, and nothing to pick.
    expect(dateChoices(TODAY, TODAY)).toEqual([{ choice: 'today', date: TODAY }]);
    // After the 15th the middle of the month is next month's.
    expect(dateChoices('2025-04-20', '2025-05-20').map((c) => c.choice)).toContain('mid');
    expect(dateChoices('2025-04-20', '2025-05-20').find((c) => c.choice === 'mid')?.date).toBe(
      '2025-05-15',
    );
  });
});

describe('plans', () => {
  const plan = (numMonths: number, discountPercent: number, savings: number): ApiPaymentPlan => ({
    numMonths,
    discountPercent,
    discountedBalance: 1000 * discountPercent,
    estimatedPaymentAmountPerMonth: (1000 * discountPercent) / numMonths,
    savings,
    payments: Array.from({ length: numMonths }, (_, i) => ({
      suggestedDate: `2025-0${i + 5}-01`,
      amount: (1000 * discountPercent) / numMonths,
      minDate: TODAY,
      maxDate: TODAY,
    })),
  });

  it('turns the discount into its complement and sorts by number of months', () => {
    const choices = planChoices(
      [plan(6, 0.8, 200), plan(1, 0.6, 400), plan(3, 0.7, 300)],
      'settlement',
    );
    expect(choices.map((c) => [c.numMonths, c.discount, c.total, c.savings])).toEqual([
      [1, 0.4, 60_000, 40_000],
      [3, 0.3, 70_000, 30_000],
      [6, 0.2, 80_000, 20_000],
    ]);
    expect(choices[1]?.schedule).toHaveLength(3);
  });

  it('keeps settlement plans only with a discount and savings; payment plans always', () => {
    const list = [plan(1, 1, 0), plan(3, 0.7, 300)];
    expect(planChoices(list, 'settlement').map((c) => c.numMonths)).toEqual([3]);
    expect(planChoices(list, 'payment').map((c) => c.numMonths)).toEqual([1, 3]);
  });

  it('starts on the longest (bif), the shortest (sif) or the middle plan', () => {
    const choices = planChoices([plan(2, 1, 0), plan(4, 1, 0), plan(6, 1, 0)], 'payment');
    expect(defaultPlan(choices, 'longest')?.numMonths).toBe(6);
    expect(defaultPlan(choices, 'shortest')?.numMonths).toBe(2);
    expect(defaultPlan(choices, 'middle')?.numMonths).toBe(4);
    expect(defaultPlan([], 'longest')).toBeUndefined();
    expect(journeyVariant('bif', journey).defaultPlan).toBe('longest');
    expect(journeyVariant('sif', journey).defaultPlan).toBe('shortest');
  });

  it('shows the 1099 notice from the threshold on, never with a threshold of 0', () => {
    expect(reaches1099(60_000, 600)).toBe(true);
    expect(reaches1099(59_999, 600)).toBe(false);
    expect(reaches1099(1_000_000, 0)).toBe(false);
  });
});

describe('the journey file', () => {
  it('is sound, and maps each variant to the spec section 4 submission type', () => {
    expect(checkPaymentJourney(journey)).toEqual([]);
    const types = Object.fromEntries(
      Object.entries(journey.variants).map(([variant, config]) => [
        variant,
        config?.submissionType,
      ]),
    );
    expect(types).toEqual({
      'one-time': 'PPA',
      'bring-current': 'PPA',
      pif: 'PIF',
      remaining: 'PPA',
      'past-due': 'PPA',
      upcoming: 'PPA',
      bif: 'PIF',
      sif: 'SIF',
      letter: 'LET',
    });
  });

  it('names unknown facts, stages and missing rules', () => {
    const broken = structuredClone(journey);
    journeyVariant('one-time', broken).amount = { min: { var: 'salary' } };
    journeyVariant('pif', broken).forms = { nowhere: 'payment-amount' };
    delete journeyVariant('bif', broken).plans;
    expect(checkPaymentJourney(broken)).toEqual([
      '/variants/one-time/amount/min: unknown fact "salary"',
      '/variants/pif/forms/nowhere: not a stage of the journey',
      '/variants/bif: a plan variant needs "plans"',
    ]);
  });
});

describe("the variant list (the journey file's, read at run time)", () => {
  it('is the keys of `variants`; the rules may offer all but the letter-paid ones', () => {
    expect(variantIds(journey)).toContain('one-time');
    expect(variantIds(journey)).toContain('letter');
    expect(optionVariantIds(journey)).not.toContain('letter');
    expect(optionVariantIds(journey)).toHaveLength(variantIds(journey).length - 1);
    expect(isPaymentVariant(journey, 'bring-current')).toBe(true);
    expect(isPaymentVariant(journey, 'everything')).toBe(false);
    // Only the file's own keys: not what every object inherits.
    expect(isPaymentVariant(journey, 'constructor')).toBe(false);
    expect(isPaymentVariant(journey, 42)).toBe(false);
  });
});

describe('inferredVariant (a SubmitPayment request without paymentVariant)', () => {
  const request = (overrides: Partial<InferFacts> = {}): InferFacts => ({
    type: 'PPA',
    payments: 1,
    cents: 5_000,
    remaining: null,
    hasActiveArrangement: false,
    hasPastDue: false,
    isPco: false,
    minimumPaymentDue: null,
    ...overrides,
  });
  const infer = (overrides: Partial<InferFacts> = {}) =>
    inferredVariant(journey, request(overrides));

  it('reads the type first: LET a letter, SIF a savings plan, PIF in full or monthly', () => {
    expect(infer({ type: 'LET', hasActiveArrangement: true })).toBe('letter');
    expect(infer({ type: 'SIF', payments: 3 })).toBe('sif');
    expect(infer({ type: 'PIF' })).toBe('pif');
    expect(infer({ type: 'PIF', payments: 4 })).toBe('bif');
  });

  it('with an active arrangement: its remaining balance, a past-due or the upcoming payment', () => {
    const active = { hasActiveArrangement: true, remaining: 30_000 };
    expect(infer({ ...active, cents: 30_000 })).toBe('remaining');
    expect(infer({ ...active, cents: 10_000, hasPastDue: true })).toBe('past-due');
    expect(infer({ ...active, cents: 10_000 })).toBe('upcoming');
    // The account says it has one, but none was found: nothing left to compare with.
    expect(infer({ hasActiveArrangement: true, remaining: null, cents: 0 })).toBe('upcoming');
  });

  it('without one: the minimum due of a PCO account brings it current, else one-time', () => {
    expect(infer({ isPco: true, minimumPaymentDue: 5_000 })).toBe('bring-current');
    expect(infer({ isPco: true, minimumPaymentDue: 4_000 })).toBe('one-time');
    expect(infer({ isPco: true, minimumPaymentDue: null })).toBe('one-time');
    expect(infer({ minimumPaymentDue: 5_000 })).toBe('one-time');
  });

  it('is null when no rule holds, and tries the rules by their order', () => {
    const only = structuredClone(journey);
    for (const id of variantIds(only)) delete journeyVariant(id, only).infer;
    expect(inferredVariant(only, request())).toBeNull();
    journeyVariant('pif', only).infer = { order: 2, when: true };
    journeyVariant('bif', only).infer = { order: 1, when: true };
    expect(inferredVariant(only, request())).toBe('bif');
  });

  it('check:config names an unknown fact and a shared order', () => {
    const broken = structuredClone(journey);
    journeyVariant('pif', broken).infer = { order: 10, when: { var: 'salary' } };
    expect(checkPaymentJourney(broken)).toEqual([
      '/variants/pif/infer/when: unknown fact "salary"',
      "/variants/letter/infer/order: 10 is also pif's",
    ]);
  });
});
