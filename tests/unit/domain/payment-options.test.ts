import { describe, expect, it } from 'vitest';
import {
  allowsVariant,
  checkPaymentOptionRules,
  paymentFacts,
  paymentOptions,
  type PaymentFacts,
  type PaymentFactsInput,
} from '../../../src/domain/payment-options';
import type { OptionGroupRules } from '../../../src/domain/rules';
import type { Account } from '../../../src/domain/types';
import {
  account,
  arrangement,
  detail,
  paymentRules,
  rulesContext,
  scheduleRules,
  summary,
  summaryPayment,
  TODAY,
  YESTERDAY,
} from './fixtures';

type Extra = Omit<Partial<PaymentFactsInput>, 'account'>;

function factsFor(overrides: Partial<Account> = {}, extra: Extra = {}): PaymentFacts {
  return paymentFacts({ account: account(overrides), today: TODAY, scheduleRules, ...extra });
}

function optionsFor(overrides: Partial<Account> = {}, extra: Extra = {}): string[] {
  return paymentOptions(factsFor(overrides, extra), paymentRules);
}

const pastDue = summaryPayment({ id: 1, date: YESTERDAY });
const payableToday = summaryPayment({ id: 2, date: TODAY });
const later = summaryPayment({ id: 3, date: '2025-05-29' });

/** An account with an active arrangement summary holding these payments. */
function withArrangement(
  payments = [later],
  options: { allowRemaining?: boolean; type?: 'PPA' | 'SIF' | 'PIF' | 'LET' } = {},
  overrides: Partial<Account> = {},
): Partial<Account> {
  return {
    hasActiveArrangement: true,
    currentArrangementSummary: summary({
      payments,
      type: options.type ?? 'PPA',
      allowRemaining: options.allowRemaining ?? true,
    }),
    ...overrides,
  };
}

const allPlans: Extra = { settlementPlansExist: true, paymentPlansExist: true };

describe('group 1: no options', () => {
  it('a hold the agency set (bankruptcy, attorney, cease communication, deceased) offers nothing; lifted, the options return', () => {
    for (const hold of ['bankruptcy', 'attorney', 'cease-communication', 'deceased'] as const) {
      expect(optionsFor({ holds: [hold] }, allPlans), hold).toEqual([]);
      expect(allowsVariant(factsFor({ holds: [hold] }), paymentRules, 'one-time'), hold).toBe(
        false,
      );
    }
    expect(optionsFor({ holds: [] }, allPlans)).toEqual(optionsFor({}, allPlans));
    expect(optionsFor({ holds: [] }, allPlans)).toContain('one-time');
  });

  it('closed account offers nothing', () => {
    expect(optionsFor({ isClosed: true, hasSettlementOffers: true }, allPlans)).toEqual([]);
  });

  it('end-of-process account offers nothing', () => {
    expect(optionsFor({ isEop: true }, allPlans)).toEqual([]);
  });

  it('payment pending post that pays the original balance offers nothing', () => {
    expect(
      optionsFor({ isPaymentPendingPost: true, totalPaid: 1000, originalBalance: 1000 }),
    ).toEqual([]);
  });

  it('payment pending post that pays the settlement balance offers nothing', () => {
    expect(
      optionsFor({ isPaymentPendingPost: true, totalPaid: 400.1, settlementBalance: 400.1 }),
    ).toEqual([]);
  });

  it('payment pending post that does not pay the account off keeps the options', () => {
    expect(optionsFor({ isPaymentPendingPost: true, totalPaid: 200 })).toEqual(['pif', 'one-time']);
  });

  it('total paid equal to the original balance without a pending payment keeps the options', () => {
    expect(optionsFor({ totalPaid: 1000 })).toEqual(['pif', 'one-time']);
  });

  it('closed PCO account with an arrangement offers nothing (first group wins)', () => {
    expect(optionsFor(withArrangement([pastDue], {}, { isPco: true, isClosed: true }))).toEqual([]);
  });
});

describe('group 2: PCO with active arrangement', () => {
  it('PCO with active arrangement offers remaining and past-due', () => {
    expect(optionsFor(withArrangement([pastDue, later], {}, { isPco: true }))).toEqual([
      'remaining',
      'past-due',
    ]);
  });

  it('PCO with arrangement and nothing past due offers remaining only', () => {
    expect(optionsFor(withArrangement([later], {}, { isPco: true }))).toEqual(['remaining']);
  });

  it('PCO with arrangement not allowing remaining offers past-due only', () => {
    expect(
      optionsFor(withArrangement([pastDue], { allowRemaining: false }, { isPco: true })),
    ).toEqual(['past-due']);
  });

  it('PCO with arrangement not allowing remaining and nothing past due offers nothing', () => {
    expect(
      optionsFor(withArrangement([later], { allowRemaining: false }, { isPco: true })),
    ).toEqual([]);
  });

  it('PCO with a payment payable today does not offer upcoming', () => {
    expect(optionsFor(withArrangement([payableToday], {}, { isPco: true }))).toEqual(['remaining']);
  });

  it('PCO with arrangement never offers plans, pay in full or one-time', () => {
    expect(
      optionsFor(
        withArrangement(
          [later],
          {},
          { isPco: true, hasSettlementOffers: true, minimumPaymentDue: 50 },
        ),
        allPlans,
      ),
    ).toEqual(['remaining']);
  });
});

describe('group 3: PCO without arrangement', () => {
  it('PCO without arrangement and a minimum payment due offers bring-current and one-time', () => {
    expect(optionsFor({ isPco: true, minimumPaymentDue: 75.5 })).toEqual([
      'bring-current',
      'one-time',
    ]);
  });

  it('PCO without arrangement and no minimum payment due offers one-time only', () => {
    expect(optionsFor({ isPco: true, minimumPaymentDue: null })).toEqual(['one-time']);
  });

  it('PCO without arrangement and a zero minimum payment due offers one-time only', () => {
    expect(optionsFor({ isPco: true, minimumPaymentDue: 0 })).toEqual(['one-time']);
  });

  it('PCO without arrangement ignores settlement offers and plans', () => {
    expect(optionsFor({ isPco: true, hasSettlementOffers: true }, allPlans)).toEqual(['one-time']);
  });
});

describe('group 4: non-PCO with active arrangement', () => {
  it('arrangement with a past-due payment offers remaining and past-due', () => {
    expect(optionsFor(withArrangement([pastDue, later]))).toEqual(['remaining', 'past-due']);
  });

  it('arrangement with a payment payable today offers remaining and upcoming', () => {
    expect(optionsFor(withArrangement([payableToday, later]))).toEqual(['remaining', 'upcoming']);
  });

  it('arrangement with past-due and payable-today payments offers past-due, not upcoming', () => {
    expect(optionsFor(withArrangement([pastDue, payableToday]))).toEqual(['remaining', 'past-due']);
  });

  it('arrangement with only future payments offers remaining only', () => {
    expect(optionsFor(withArrangement([later]))).toEqual(['remaining']);
  });

  it('arrangement not allowing remaining with a past-due payment offers past-due only', () => {
    expect(optionsFor(withArrangement([pastDue], { allowRemaining: false }))).toEqual(['past-due']);
  });

  it('arrangement not allowing remaining with a payment payable today offers nothing', () => {
    expect(optionsFor(withArrangement([payableToday], { allowRemaining: false }))).toEqual([]);
  });

  it('a payment due today that is pending post is not payable today', () => {
    const pending = summaryPayment({ id: 2, date: TODAY, isPendingPost: true });
    expect(optionsFor(withArrangement([pending]))).toEqual(['remaining']);
  });

  it('a rejected payment before today counts as past due', () => {
    const rejected = summaryPayment({ id: 1, date: YESTERDAY, status: 'Rejected' });
    expect(optionsFor(withArrangement([rejected]))).toEqual(['remaining', 'past-due']);
  });

  it('remaining is allowed by default when the summary has something left to pay', () => {
    const overrides = withArrangement([later]);
    delete overrides.currentArrangementSummary?.allowRemaining;
    expect(optionsFor(overrides)).toEqual(['remaining']);
    overrides.currentArrangementSummary!.totalLeft = 0;
    expect(optionsFor(overrides)).toEqual([]);
  });

  it('without a summary, the first active arrangement of the list decides', () => {
    const arrangements = [
      arrangement({ id: 9, active: false, details: [detail({ id: 5, payDate: YESTERDAY })] }),
      arrangement({ id: 10, details: [detail({ id: 6, payDate: YESTERDAY })] }),
    ];
    expect(optionsFor({ hasActiveArrangement: true }, { arrangements })).toEqual([
      'remaining',
      'past-due',
    ]);
  });

  it('an active arrangement in the list counts even when the account flag is false', () => {
    const arrangements = [arrangement({ details: [detail({ payDate: TODAY })] })];
    expect(optionsFor({ hasActiveArrangement: false }, { arrangements })).toEqual([
      'remaining',
      'upcoming',
    ]);
  });

  it('arrangement never offers plans, pay in full or one-time', () => {
    expect(
      optionsFor(withArrangement([later], {}, { hasSettlementOffers: true }), allPlans),
    ).toEqual(['remaining']);
  });
});

describe('group 5: non-PCO without arrangement', () => {
  it('settlement offers, settlement plans and payment plans offer sif, bif, pif and one-time', () => {
    expect(optionsFor({ hasSettlementOffers: true }, allPlans)).toEqual([
      'sif',
      'bif',
      'pif',
      'one-time',
    ]);
  });

  it('settlement offers without settlement plans do not offer sif', () => {
    expect(
      optionsFor(
        { hasSettlementOffers: true },
        { settlementPlansExist: false, paymentPlansExist: true },
      ),
    ).toEqual(['bif', 'pif', 'one-time']);
  });

  it('settlement plans without settlement offers do not offer sif', () => {
    expect(optionsFor({ hasSettlementOffers: false }, allPlans)).toEqual([
      'bif',
      'pif',
      'one-time',
    ]);
  });

  it('no payment plans: no bif', () => {
    expect(
      optionsFor(
        { hasSettlementOffers: true },
        { settlementPlansExist: true, paymentPlansExist: false },
      ),
    ).toEqual(['sif', 'pif', 'one-time']);
  });

  it('always pif and one-time, also when plans were not fetched', () => {
    expect(optionsFor()).toEqual(['pif', 'one-time']);
  });
});

describe('DU8 exception', () => {
  it('DU8 account with a SIF arrangement cannot pay the remaining balance', () => {
    expect(
      optionsFor(withArrangement([pastDue], { type: 'SIF' }, { accountNumber: 'DU8.10001' })),
    ).toEqual(['past-due']);
  });

  it('DU8 account with a SIF arrangement gets no upcoming either (needs remaining)', () => {
    expect(
      optionsFor(withArrangement([payableToday], { type: 'SIF' }, { accountNumber: 'DU8.10001' })),
    ).toEqual([]);
  });

  it('DU8 PCO account with a SIF arrangement cannot pay the remaining balance', () => {
    expect(
      optionsFor(
        withArrangement([pastDue], { type: 'SIF' }, { accountNumber: 'DU8.10001', isPco: true }),
      ),
    ).toEqual(['past-due']);
  });

  it('DU8 is matched after trimming and upper-casing the account number', () => {
    expect(
      optionsFor(withArrangement([later], { type: 'SIF' }, { accountNumber: ' du8.10001 ' })),
    ).toEqual([]);
  });

  it('DU8 account with a PPA arrangement keeps remaining', () => {
    expect(
      optionsFor(withArrangement([later], { type: 'PPA' }, { accountNumber: 'DU8.10001' })),
    ).toEqual(['remaining']);
  });

  it('non-DU8 account with a SIF arrangement keeps remaining', () => {
    expect(
      optionsFor(withArrangement([later], { type: 'SIF' }, { accountNumber: 'DU1.10001' })),
    ).toEqual(['remaining']);
  });
});

describe('paymentFacts', () => {
  it('computes the facts the rules read', () => {
    const facts = factsFor(withArrangement([pastDue, payableToday], { type: 'SIF' }), {
      settlementPlansExist: true,
    });
    expect(facts).toMatchObject({
      accountNumber: 'LU1.12345',
      today: TODAY,
      hasActiveArrangement: true,
      arrangementType: 'SIF',
      allowRemaining: true,
      hasPastDue: true,
      hasPayableToday: true,
      settlementPlansExist: true,
      paymentPlansExist: false,
      pendingPostAndPaidOff: false,
    });
  });

  it('without an arrangement: no type, remaining not allowed, nothing due', () => {
    expect(factsFor()).toMatchObject({
      hasActiveArrangement: false,
      arrangementType: null,
      allowRemaining: false,
      hasPastDue: false,
      hasPayableToday: false,
    });
  });

  it('a zero settlement balance never counts as paid off', () => {
    expect(
      factsFor({ isPaymentPendingPost: true, totalPaid: 0, settlementBalance: 0 })
        .pendingPostAndPaidOff,
    ).toBe(false);
  });
});

describe('allowsVariant and variants', () => {
  it('allows an offered variant and refuses one that is not offered', () => {
    const facts = factsFor();
    expect(allowsVariant(facts, paymentRules, 'pif')).toBe(true);
    expect(allowsVariant(facts, paymentRules, 'remaining')).toBe(false);
    expect(allowsVariant(facts, paymentRules, 'letter')).toBe(false);
  });

  it('offers the outcomes as the rules list them (checkPaymentOptionRules vouches for them)', () => {
    const rules: OptionGroupRules = {
      $schema: '../../schemas/meta/rules.schema.json',
      kind: 'option-groups',
      outcomes: {},
      groups: [{ id: 'all', when: true, options: [{ outcome: 'pif' }, { outcome: 'half' }] }],
    };
    expect(paymentOptions(factsFor(), rules)).toEqual(['pif', 'half']);
  });
});

describe('checkPaymentOptionRules', () => {
  it('finds nothing wrong with flows/rules/payment-options.json', () => {
    expect(checkPaymentOptionRules(paymentRules, rulesContext)).toEqual([]);
  });

  it('names an unknown fact, an undeclared outcome and an unknown variant', () => {
    const rules: OptionGroupRules = {
      $schema: '../../schemas/meta/rules.schema.json',
      kind: 'option-groups',
      outcomes: { pif: { label: { en: 'a', es: 'b' } }, bogus: { label: { en: 'a', es: 'b' } } },
      groups: [
        {
          id: 'g',
          when: { var: 'isClosd' },
          options: [{ outcome: 'pif' }, { outcome: 'sif', when: true }],
        },
      ],
    };
    expect(checkPaymentOptionRules(rules, rulesContext)).toEqual([
      '/groups/0/when: unknown fact "isClosd"',
      '/groups/0/options/1/outcome: outcome "sif" is not declared in /outcomes',
      '/outcomes/bogus: not a variant of the payment journey the rules may offer',
    ]);
  });

  it('requires kind option-groups', () => {
    expect(
      checkPaymentOptionRules(
        {
          $schema: '../../schemas/meta/rules.schema.json',
          kind: 'first-match',
          outcomes: {},
          rules: [{ id: 'never', when: false, outcome: 'pif' }],
          default: 'pif',
        },
        rulesContext,
      ),
    ).toContain('/kind: must be "option-groups"');
  });
});
