import { describe, expect, it } from 'vitest';
import { paymentFacts, paymentOptions } from '../../../src/domain/payment-options';
import {
  isModifiableOnline,
  transactionStatus,
  withArrangementFlags,
  type AccountData,
} from '../../../src/web/utils/account-view';
import type { Account, Arrangement } from '../../../src/domain/types';
import { TODAY, account, detail, paymentRules, scheduleRules, summary } from '../domain/fixtures';

const offered = (data: AccountData) =>
  paymentOptions(
    paymentFacts({
      account: withArrangementFlags(data),
      arrangements: data.arrangements,
      today: TODAY,
      scheduleRules,
      paymentPlansExist: false,
      settlementPlansExist: false,
    }),
    paymentRules,
  );

function arrangement(overrides: Partial<Arrangement> = {}): Arrangement {
  return {
    id: 10,
    type: 'PPA',
    amount: 600,
    active: true,
    beginBalance: 600,
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

const withPlan = (overrides: Partial<Arrangement> = {}, acc: Partial<Account> = {}) => ({
  account: account({ hasActiveArrangement: true, currentArrangementSummary: summary(), ...acc }),
  arrangements: [arrangement(overrides)],
});

describe('account view', () => {
  it("the summary carries its arrangement's own allowRemaining flag", () => {
    const data = withPlan({ allowRemaining: false });
    expect(withArrangementFlags(data).currentArrangementSummary?.allowRemaining).toBe(false);
    // Without the flag the summary would allow it (something is left): nothing is offered.
    expect(offered(data)).toEqual([]);
    expect(offered(withPlan())).toEqual(['remaining']);
  });

  it('an arrangement that cannot be modified online says so', () => {
    expect(isModifiableOnline(withPlan({ modifiableOnline: false }))).toBe(false);
    expect(isModifiableOnline(withPlan())).toBe(true);
  });

  it('transaction statuses: pending, failed, adjusted, success', () => {
    expect(transactionStatus({ type: 'WebCredit', isPending: true })).toBe('pending');
    expect(transactionStatus({ type: 'NonSufficientFunds', isPending: false })).toBe('failed');
    expect(transactionStatus({ type: 'Adjustment', isPending: false })).toBe('adjusted');
    expect(transactionStatus({ type: 'Check', isPending: false })).toBe('success');
    expect(transactionStatus({ type: 'Check', isPending: false, returnedDate: null })).toBe(
      'success',
    );
    // The agency said it came back (an import's returned delta).
    expect(transactionStatus({ type: 'Phone', isPending: false, returnedDate: '2026-11-30' })).toBe(
      'returned',
    );
  });
});
