import { describe, expect, it } from 'vitest';
import {
  latestActiveArrangement,
  paidOffPercent,
  progressState,
  showsProgressRing,
} from '../../../src/domain/progress';
import { account, arrangement } from './fixtures';

describe('paidOffPercent', () => {
  it('is 100 when the balance is zero', () => {
    expect(paidOffPercent(account({ balance: 0, remainingBalance: 500 }))).toBe(100);
  });

  it('uses the original balance as base without a settlement arrangement', () => {
    expect(paidOffPercent(account({ originalBalance: 1000, remainingBalance: 750 }))).toBe(25);
  });

  it('uses the original balance as base for a PPA arrangement', () => {
    expect(
      paidOffPercent(account({ originalBalance: 1000, remainingBalance: 400 }), [
        arrangement({ type: 'PPA', amount: 500 }),
      ]),
    ).toBe(60);
  });

  it('uses the latest active SIF arrangement amount as base', () => {
    const arrangements = [
      arrangement({ type: 'SIF', amount: 800, created: '2024-01-01T00:00:00Z' }),
      arrangement({ type: 'SIF', amount: 500, created: '2025-01-01T00:00:00Z' }),
      arrangement({ type: 'SIF', amount: 100, created: '2026-01-01T00:00:00Z', active: false }),
    ];
    expect(paidOffPercent(account({ remainingBalance: 300 }), arrangements)).toBe(40);
  });

  it('uses the latest active LET arrangement amount as base', () => {
    expect(
      paidOffPercent(account({ remainingBalance: 100 }), [
        arrangement({ type: 'LET', amount: 400 }),
      ]),
    ).toBe(75);
  });

  it('falls back to the balance when the remaining balance is not sent', () => {
    expect(paidOffPercent(account({ balance: 900, remainingBalance: null }))).toBe(10);
  });

  it('floors the percentage', () => {
    expect(paidOffPercent(account({ originalBalance: 300, remainingBalance: 200.01 }))).toBe(33);
    expect(paidOffPercent(account({ originalBalance: 100, remainingBalance: 29 }))).toBe(71);
  });

  it('clamps to 0 when the remaining exceeds the base, and to 100', () => {
    expect(paidOffPercent(account({ originalBalance: 1000, remainingBalance: 1200 }))).toBe(0);
    expect(paidOffPercent(account({ originalBalance: 1000, remainingBalance: -5 }))).toBe(100);
  });

  it('is 0 when there is no base to measure against', () => {
    expect(paidOffPercent(account({ originalBalance: 0, remainingBalance: 50 }))).toBe(0);
  });

  it('ignores a settlement arrangement with no amount', () => {
    expect(
      paidOffPercent(account({ originalBalance: 1000, remainingBalance: 500 }), [
        arrangement({ type: 'SIF', amount: 0 }),
      ]),
    ).toBe(50);
  });
});

describe('latestActiveArrangement', () => {
  it('is the most recently created active one, or null', () => {
    expect(latestActiveArrangement([])).toBeNull();
    expect(latestActiveArrangement([arrangement({ active: false })])).toBeNull();
    const newer = arrangement({ id: 2, created: '2025-03-01T00:00:00Z' });
    expect(
      latestActiveArrangement([arrangement({ id: 1, created: '2025-01-01T00:00:00Z' }), newer]),
    ).toBe(newer);
  });
});

describe('progressState', () => {
  it('zero percent is not started', () => {
    expect(progressState(0)).toBe('not_started');
  });

  it('between 1 and 99 percent is in progress', () => {
    expect(progressState(1)).toBe('in_progress');
    expect(progressState(99)).toBe('in_progress');
  });

  it('100 percent is paid off', () => {
    expect(progressState(100)).toBe('paid_off');
  });
});

describe('showsProgressRing', () => {
  it('shows for an open, non-EOP, non-PCO account', () => {
    expect(showsProgressRing(account())).toBe(true);
  });

  it('hides for closed, EOP and PCO accounts', () => {
    expect(showsProgressRing(account({ isClosed: true }))).toBe(false);
    expect(showsProgressRing(account({ isEop: true }))).toBe(false);
    expect(showsProgressRing(account({ isPco: true }))).toBe(false);
  });
});
