import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuthorizationContent } from '../../../src/domain/payment-authorization';
import { planChoices, type PaymentJourneyFile } from '../../../src/domain/payment-journey';
import type { PaymentVariant } from '../../../src/domain/payment-options';
import { splitLocales, type LocalizedTree } from '../../../src/engine/i18n/split';
import type { LocalizedText } from '../../../src/generated/types/api/localized-text';
import { interpolate } from '../../../src/engine/form/messages';
import type { FundingMethod } from '../../../src/web/api/funding-methods';
import type { FormOption } from '../../../src/engine/form/form-state';
import {
  acceptedMethods,
  agreementTexts,
  confirmLabel,
  scheduleOf,
  scheduleTable,
  stageContext,
  stageInitial,
  submissionBody,
  summarize,
  type PaymentData,
} from '../../../src/web/features/payment/utils/payment-model';
import { paymentErrorMessage } from '../../../src/web/features/payment/utils/payment-errors';
import { journeyVariant } from '../domain/fixtures';

const root = path.resolve(import.meta.dirname, '../../..');
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
const journey = read<PaymentJourneyFile>('flows/journeys/payment.json');
const authorization = read<AuthorizationContent>('flows/content/payment-authorization.json');
const texts = splitLocales({
  payment: read<LocalizedTree>('flows/texts/payment.json'),
} as LocalizedTree);

/** i18next's lookup for the tests: dotted keys, {{values}}, and _one/_other by count. */
function translator(language: 'en' | 'es') {
  const tree = texts[language] as Record<string, unknown>;
  const lookup = (key: string): string | undefined => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  const t = (key: string, values: Record<string, unknown> = {}) => {
    const count = values.count;
    const text =
      (typeof count === 'number' ? lookup(`${key}_${count === 1 ? 'one' : 'other'}`) : undefined) ??
      lookup(key) ??
      key;
    return interpolate(text, values);
  };
  return { t, exists: (key: string) => lookup(key) !== undefined };
}

const TODAY = '2026-03-10';
const visa: FundingMethod = {
  id: 11,
  name: 'Visa ****1111',
  type: 'card',
  accountNumberMask: '****1111',
  expiration: '2031-08-31',
  isExpired: false,
  brand: 'visa',
  cardType: 'credit',
};
const debit: FundingMethod = { ...visa, id: 12, name: 'Visa ****5556', cardType: 'debit' };
const expired: FundingMethod = { ...visa, id: 13, name: 'Mastercard ****4444', isExpired: true };
const bank: FundingMethod = {
  ...visa,
  id: 14,
  name: 'Checking ****6789',
  type: 'bank',
  cardType: null,
  brand: null,
};

function data(variant: PaymentVariant, overrides: Partial<PaymentData> = {}): PaymentData {
  return {
    variant,
    config: journeyVariant(variant, journey),
    journey,
    today: TODAY,
    language: 'en',
    accountNumber: 'LU1.10001',
    creditor: 'Northwind Bank',
    payer: {
      firstName: 'Maria',
      lastName: 'Garcia',
      businessName: null,
      addressLine1: '123 Main St',
      addressLine2: null,
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phone: '555-201-0001',
    },
    settings: {
      minSinglePayment: 25,
      minMonthlyPayment: 50,
      allowCreditCard: true,
      allowDebitCard: true,
      allowBankAccount: true,
      maxMonthlyPayments: 12,
      allowSifArr: true,
      allowPifArr: true,
      maxSinglePayDaysInFuture: 30,
      allowPcoMinPay: true,
      clientId: 'NWB',
      supportPhoneNumber: '8005550100',
      endOfPathNotice: null,
    },
    facts: {
      balance: 245_000,
      minimumPaymentDue: 0,
      remaining: 0,
      pastDue: 0,
      pastDueFirst: 0,
      payableToday: 0,
      minSinglePayment: 2_500,
      minMonthlyPayment: 5_000,
      maxSinglePayDaysInFuture: 30,
    },
    methods: [visa, debit, expired, bank],
    agency: 'MRS',
    authorization,
    ...overrides,
  };
}

const { t } = translator('en');

describe('the arrangement stage of a single payment', () => {
  it("offers the variant's limits as the form's context, in words too", () => {
    const context = stageContext(data('one-time'), 'arrangement', {}, t);
    expect(context).toMatchObject({
      amountFixed: 0,
      minAmount: 25,
      maxAmount: 2450,
      minAmountText: '$25.00',
      maxAmountText: '$2,450.00',
      amountHint: 'From $25.00 to $2,450.00.',
      firstDay: TODAY,
      lastDay: '2026-04-09',
      firstDayText: 'March 10, 2026',
      lastDayText: 'April 9, 2026',
      maxDays: 30,
    });
    expect(context.dateChoices).toEqual([
      { value: '2026-03-10', label: 'Today, March 10, 2026' },
      { value: '2026-03-11', label: 'Tomorrow, March 11, 2026' },
      { value: '2026-03-15', label: 'Middle of the month, March 15, 2026' },
      { value: '2026-03-31', label: 'End of the month, March 31, 2026' },
      { value: '2026-04-01', label: 'First of the month, April 1, 2026' },
      { value: 'advanced', label: 'Another day' },
    ]);
    expect(stageInitial(data('one-time'), 'arrangement')).toEqual({
      amount: 50,
      dateChoice: TODAY,
    });
  });

  it("the field for another day says how many days ahead and the last day, in the page's language", () => {
    const flow = read<{
      fields: Record<string, { label: LocalizedText; hint: LocalizedText }>;
    }>('flows/forms/payment-amount.json');
    const field = flow.fields.paymentDate!;
    // A client that allows `days` days ahead, in the page language.
    const oneTime = (days: number, language: 'en' | 'es') => {
      const base = data('one-time', { language });
      const facts = base.facts ? { ...base.facts, maxSinglePayDaysInFuture: days } : undefined;
      return { ...base, ...(facts ? { facts } : {}) };
    };
    const en = stageContext(oneTime(15, 'en'), 'arrangement', {}, t);
    expect(field.label.en).toBe('Day you want to pay');
    expect(interpolate(field.hint.en, en)).toBe('Up to 15 days from today: by March 25, 2026.');
    const es = stageContext(oneTime(30, 'es'), 'arrangement', {}, translator('es').t);
    expect(field.label.es).toBe('Día en que desea pagar');
    expect(interpolate(field.hint.es, es)).toBe(
      'Hasta 30 días a partir de hoy: a más tardar el 9 de abril de 2026.',
    );
  });

  it('a fixed amount is read-only and has no range hint', () => {
    const context = stageContext(data('pif'), 'arrangement', {}, t);
    expect(context).toMatchObject({ amountFixed: 1, amountHint: '' });
    expect(stageInitial(data('pif'), 'arrangement')).toEqual({ amount: 2450, dateChoice: TODAY });
  });

  it('makes one payment of the amount on the chosen or the picked day', () => {
    const d = data('one-time');
    expect(scheduleOf(d, { amount: 60.5, dateChoice: '2026-03-11' })).toEqual([
      { date: '2026-03-11', cents: 6050 },
    ]);
    expect(
      scheduleOf(d, { amount: 60, dateChoice: 'advanced', paymentDate: '2026-03-20' }),
    ).toEqual([{ date: '2026-03-20', cents: 6000 }]);
    expect(scheduleOf(d, { amount: 'abc', dateChoice: TODAY })).toEqual([]);
    expect(confirmLabel(d, [{ date: TODAY, cents: 6050 }])).toBe('Pay $60.50');
    expect(confirmLabel({ ...d, language: 'es' }, [{ date: TODAY, cents: 6050 }])).toBe(
      'Pagar $60.50',
    );
  });
});

describe('the arrangement stage of a plan', () => {
  const plans = planChoices(
    [3, 6].map((months) => ({
      numMonths: months,
      discountPercent: months === 3 ? 0.7 : 0.8,
      discountedBalance: months === 3 ? 1715 : 1960,
      estimatedPaymentAmountPerMonth: months === 3 ? 571.67 : 326.67,
      savings: months === 3 ? 735 : 490,
      payments: Array.from({ length: months }, (_, i) => ({
        suggestedDate: `2026-0${4 + i}-10`.replace(/-0(1\d)-/, '-$1-'),
        amount: months === 3 ? 571.67 : 326.67,
        minDate: TODAY,
        maxDate: TODAY,
      })),
    })),
    'settlement',
  );

  it('names a last payment that differs (issue 40), in the label and the details', () => {
    const uneven = planChoices(
      [
        {
          numMonths: 3,
          discountPercent: 1,
          discountedBalance: 1000,
          estimatedPaymentAmountPerMonth: 333.33,
          savings: 0,
          payments: [333.33, 333.33, 333.34].map((amount, i) => ({
            suggestedDate: `2026-0${4 + i}-10`,
            amount,
            minDate: TODAY,
            maxDate: TODAY,
          })),
        },
      ],
      'payment',
    );
    const [three] = stageContext(data('bif', { plans: uneven }), 'arrangement', {}, t)
      .plans as readonly FormOption[];
    expect(three?.label).toBe('2 monthly payments of $333.33 and a last payment of $333.34');
    expect(three?.details?.slice(0, 2)).toEqual([
      { label: 'Each payment before the last', value: '$333.33' },
      { label: 'Last payment', value: '$333.34' },
    ]);
  });

  it('lists each plan with what it means in money, its schedule, and the 1099 notice from $600', () => {
    const context = stageContext(data('sif', { plans }), 'arrangement', {}, t);
    const [three, six] = context.plans as readonly FormOption[];
    expect(three?.label).toBe('3 monthly payments of $571.67');
    expect(three?.details).toEqual([
      { label: 'Each payment', value: '$571.67' },
      { label: 'Number of payments', value: '3' },
      { label: 'Total you pay', value: '$1,715.00' },
      { label: 'You save', value: '$735.00' },
    ]);
    expect(three?.note).toContain('1099-C');
    expect(six?.note).toBeUndefined();
    // A savings plan starts on the shortest plan; a balance-in-full plan on the longest.
    expect(stageInitial(data('sif', { plans }), 'arrangement')).toEqual({ planMonths: 3 });
    expect(stageInitial(data('bif', { plans }), 'arrangement')).toEqual({ planMonths: 6 });
    const schedule = scheduleOf(data('sif', { plans }), { planMonths: 3 });
    expect(schedule).toHaveLength(3);
    expect(confirmLabel(data('sif', { plans }), schedule)).toBe('Settle my account for $1,715.01');
  });

  it('the plan choice and the review draw the same schedule table, amounts in their own column', () => {
    const context = stageContext(data('sif', { plans }), 'arrangement', {}, t);
    const [three] = context.plans as readonly FormOption[];
    const schedule = scheduleOf(data('sif', { plans }), { planMonths: 3 });
    const review = scheduleTable(data('sif', { plans }), schedule, t);
    expect(three?.table).toEqual(review);
    expect(review.columns).toHaveLength(3);
    expect(review.rows[0]).toEqual(['1', expect.any(String), '$571.67']);
    expect(review.amounts).toEqual([2]);
  });
});

describe('the other stages', () => {
  it('offers the methods the client accepts; an expired one is listed but cannot be chosen', () => {
    const noCredit = data('one-time');
    noCredit.settings = { ...noCredit.settings, allowCreditCard: false };
    expect(acceptedMethods(noCredit).map((m) => m.id)).toEqual([12, 14]);
    const context = stageContext(data('one-time'), 'funding', {}, t);
    expect(context.fundingMethods).toEqual([
      { value: 11, label: 'Visa ****1111' },
      { value: 12, label: 'Visa ****5556' },
      {
        value: 13,
        label: 'Mastercard ****4444',
        disabled: true,
        hint: 'This payment method has expired. Choose another one or add a new one.',
      },
      { value: 14, label: 'Checking ****6789' },
    ]);
    expect(context).toMatchObject({ hasMethods: 1, hasUsable: 1 });
  });

  it('prefills the contact details on file; a business gives the name of who authorizes', () => {
    expect(stageInitial(data('one-time'), 'contact-details')).toEqual({
      firstName: 'Maria',
      lastName: 'Garcia',
      address1: '123 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phoneNumber: '5552010001',
    });
    const business = data('one-time');
    business.payer = { ...business.payer, firstName: null, lastName: 'Acme', businessName: 'Acme' };
    expect(stageInitial(business, 'contact-details')).toMatchObject({ businessName: 'Acme' });
    expect(stageInitial(business, 'contact-details').firstName).toBeUndefined();
    expect(stageContext(business, 'contact-details', {}, t)).toEqual({
      isBusiness: 1,
      businessName: 'Acme',
    });
  });

  it('fills the authorization with the amount, the day, the method and how to cancel', () => {
    const answers = {
      arrangement: { amount: 60, dateChoice: '2026-03-11' },
      'contact-details': { firstName: 'Maria', lastName: 'Garcia' },
      funding: { fundingId: 11 },
    };
    const texts = agreementTexts(data('one-time'), answers);
    expect(texts.recurring).toBe(false);
    expect(texts.authorization).toBe(
      'I, Maria Garcia, authorize MRS to make a single electronic payment of $60.00 from Visa ****1111 on March 11, 2026, for account LU1.10001 (Northwind Bank). This authorization is for this one payment only. To cancel it, call us at 800-555-0100 at least 1 business day before March 11, 2026. If the payment fails, MRS may try it again within 30 days of March 11, 2026.',
    );
    expect(texts.eSign).toContain('selecting Pay $60.00');
    const spanish = agreementTexts(data('one-time', { language: 'es' }), answers);
    expect(spanish.authorization).toContain('Yo, Maria Garcia, autorizo a MRS');
    expect(spanish.authorization).toContain('11 de marzo de 2026');
  });

  it('lists the answers of each completed stage', () => {
    const answers = {
      arrangement: { amount: 60, dateChoice: '2026-03-11' },
      'contact-details': {
        firstName: 'Maria',
        lastName: 'Garcia',
        address1: '123 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        phoneNumber: '5552010001',
      },
      funding: { fundingId: 11 },
      disclosure: { eSignConsent: true, authorizationDisclosuresAccepted: true },
    };
    const d = data('one-time');
    expect(summarize(d, 'arrangement', answers, t)).toEqual([
      { label: 'Amount', value: '$60.00' },
      { label: 'Payment date', value: 'March 11, 2026' },
    ]);
    expect(summarize(d, 'contact-details', answers, t)).toEqual([
      { label: 'Name', value: 'Maria Garcia' },
      { label: 'Address', value: '123 Main St, Springfield, IL 62701' },
      { label: 'Phone', value: '555-201-0001' },
    ]);
    expect(summarize(d, 'funding', answers, t)).toEqual([
      { label: 'Payment method', value: 'Visa ****1111' },
    ]);
    expect(summarize(d, 'disclosure', answers, t)).toEqual([
      { label: 'Agreement and authorization', value: 'Accepted' },
    ]);
  });

  it("builds SubmitPayment's body from the answers, with the variant's type", () => {
    const body = submissionBody(
      data('one-time'),
      {
        arrangement: { amount: 60, dateChoice: '2026-03-11' },
        'contact-details': { firstName: 'Maria', lastName: 'Garcia', address1: '1 A St' },
        funding: { fundingId: 11 },
        disclosure: { eSignConsent: true, authorizationDisclosuresAccepted: true },
      },
      undefined,
    );
    expect(body).toEqual({
      accountNumber: 'LU1.10001',
      schedule: [{ date: '2026-03-11', amount: 60 }],
      type: 'PPA',
      paymentVariant: 'one-time',
      firstName: 'Maria',
      lastName: 'Garcia',
      address1: '1 A St',
      fundingId: 11,
      eSignConsent: true,
      authorizationDisclosuresAccepted: true,
    });
  });
});

describe('payment error messages (spec section 8)', () => {
  const { t: tr, exists } = translator('en');
  const i18n = { exists };
  it("says each known code's words, lists unknown codes, and falls back", () => {
    expect(paymentErrorMessage(['duplicate'], tr, i18n)).toBe(
      'A duplicate payment has been detected. Please contact customer support or try again tomorrow.',
    );
    expect(paymentErrorMessage(['Decline-InsufficientFunds'], tr, i18n)).toContain(
      'insufficient funds',
    );
    expect(paymentErrorMessage(['sif_invalid'], tr, i18n)).toBe('The settlement plan is invalid.');
    expect(paymentErrorMessage(['weird', 'odd'], tr, i18n)).toBe(
      'Your payment could not be submitted. Please try again in a few minutes; if it fails again, call us.',
    );
    expect(paymentErrorMessage([], tr, i18n)).toBe(
      'Your payment could not be submitted. Please try again.',
    );
    expect(paymentErrorMessage(['unknown'], tr, i18n)).toBe(
      'Your payment could not be submitted. Please try again in a few minutes; if it fails again, call us.',
    );
  });
});
