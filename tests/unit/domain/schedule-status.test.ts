import { describe, expect, it } from 'vitest';
import type { FirstMatchRules } from '../../../src/domain/rules';
import {
  activeArrangement,
  checkScheduleStatusRules,
  isPayableToday,
  scheduleStatus,
} from '../../../src/domain/schedule-status';
import {
  account,
  arrangement,
  detail,
  payment,
  scheduleRules,
  summary,
  summaryPayment,
  TODAY,
  TOMORROW,
  YESTERDAY,
} from './fixtures';

/** An instant the processor was sent (or posted) a payment. */
const SENT = '2025-04-28T12:00:00Z';

const statusOf = (overrides: Parameters<typeof payment>[0]) =>
  scheduleStatus(payment(overrides), TODAY, scheduleRules);

describe('scheduleStatus', () => {
  it('PostDate payment before today is past due', () => {
    expect(statusOf({ status: 'PostDate', date: YESTERDAY })).toBe('past_due');
  });

  it('Rejected payment before today is past due', () => {
    expect(statusOf({ status: 'Rejected', date: YESTERDAY })).toBe('past_due');
  });

  it('past due wins over missing funding and pending post', () => {
    expect(statusOf({ date: YESTERDAY, hasAttachedFunding: false, isPendingPost: true })).toBe(
      'past_due',
    );
  });

  it('Approved payment before today is not past due', () => {
    expect(statusOf({ status: 'Approved', date: YESTERDAY, isPendingPost: true })).toBe('pending');
  });

  it('Rejected payment today is rejected', () => {
    expect(statusOf({ status: 'Rejected', date: TODAY })).toBe('rejected');
  });

  it('Rejected payment without funding is rejected, not missing funding', () => {
    expect(statusOf({ status: 'Rejected', date: TOMORROW, hasAttachedFunding: false })).toBe(
      'rejected',
    );
  });

  it('payment without funding, not pending post and not past due is missing funding', () => {
    expect(statusOf({ date: TODAY, hasAttachedFunding: false })).toBe('missing_funding');
    expect(statusOf({ date: TOMORROW, hasAttachedFunding: false })).toBe('missing_funding');
  });

  it('payment without funding that is pending post is pending', () => {
    expect(statusOf({ hasAttachedFunding: false, isPendingPost: true })).toBe('pending');
  });

  it('funded payment pending post is pending', () => {
    expect(statusOf({ date: TODAY, isPendingPost: true })).toBe('pending');
  });

  it('funded future payment is upcoming', () => {
    expect(statusOf({ date: TOMORROW })).toBe('upcoming');
  });

  it('funded payment due today is upcoming', () => {
    expect(statusOf({ date: TODAY })).toBe('upcoming');
  });

  it('reads the date part of a date-time', () => {
    expect(statusOf({ date: `${YESTERDAY}T23:59:59` })).toBe('past_due');
  });

  it('an outcome that is not a schedule status throws', () => {
    const rules: FirstMatchRules = {
      $schema: '../../schemas/meta/rules.schema.json',
      kind: 'first-match',
      outcomes: {},
      rules: [{ id: 'never', when: false, outcome: 'late' }],
      default: 'late',
    };
    expect(() => scheduleStatus(payment(), TODAY, rules)).toThrow('Unknown schedule status "late"');
  });
});

describe('isPayableToday', () => {
  it('PostDate payment today, not pending post, is payable today', () => {
    expect(isPayableToday(payment({ date: TODAY }), TODAY, scheduleRules)).toBe(true);
  });

  it('payment today that is pending post is not payable today', () => {
    expect(
      isPayableToday(payment({ date: TODAY, isPendingPost: true }), TODAY, scheduleRules),
    ).toBe(false);
  });

  it('payment today with another status is not payable today', () => {
    expect(isPayableToday(payment({ date: TODAY, status: 'Rejected' }), TODAY, scheduleRules)).toBe(
      false,
    );
  });

  it('payment on another day is not payable today', () => {
    expect(isPayableToday(payment({ date: TOMORROW }), TODAY, scheduleRules)).toBe(false);
    expect(isPayableToday(payment({ date: YESTERDAY }), TODAY, scheduleRules)).toBe(false);
  });

  it('rules without the isPayableToday fact throw', () => {
    const rules: FirstMatchRules = { ...scheduleRules, derived: [] };
    expect(() => isPayableToday(payment(), TODAY, rules)).toThrow('isPayableToday');
  });
});

describe('activeArrangement', () => {
  it('uses the account summary when present, payments sorted by date', () => {
    const result = activeArrangement(
      account({
        currentArrangementSummary: summary({
          type: 'SIF',
          payments: [
            summaryPayment({ id: 3, date: '2025-06-01' }),
            summaryPayment({ id: 1, date: '2025-05-01' }),
            summaryPayment({ id: 2, date: '2025-05-01' }),
          ],
        }),
      }),
      [arrangement({ id: 99 })],
    );
    expect(result?.id).toBe(10);
    expect(result?.type).toBe('SIF');
    expect(result?.payments.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('takes a summary payment status from the detail with the same id, else PostDate', () => {
    const result = activeArrangement(
      account({
        currentArrangementSummary: summary({
          payments: [
            summaryPayment({ id: 1 }),
            summaryPayment({ id: 2 }),
            summaryPayment({ id: 3, status: 'Approved' }),
          ],
        }),
      }),
      [arrangement({ details: [detail({ id: 1, status: 'Rejected' })] })],
    );
    expect(result?.payments.map((p) => p.status)).toEqual(['Rejected', 'PostDate', 'Approved']);
  });

  it('summary allows remaining as sent, else when something is left to pay', () => {
    const allow = (allowRemaining: boolean | undefined, totalLeft: number) =>
      activeArrangement(
        account({ currentArrangementSummary: summary({ allowRemaining, totalLeft }) }),
      )?.allowRemaining;
    expect(allow(false, 100)).toBe(false);
    expect(allow(true, 0)).toBe(true);
    expect(allow(undefined, 100)).toBe(true);
    expect(allow(undefined, 0)).toBe(false);
  });

  it('without a summary uses the first active arrangement of the list', () => {
    const result = activeArrangement(account(), [
      arrangement({ id: 1, active: false }),
      arrangement({ id: 2 }),
      arrangement({ id: 3 }),
    ]);
    expect(result?.id).toBe(2);
  });

  it('maps details to scheduled payments, dropping paid and canceled ones', () => {
    const result = activeArrangement(account(), [
      arrangement({
        remaining: 0,
        details: [
          detail({ id: 5, payDate: '2025-06-01T00:00:00', paidWith: null }),
          detail({ id: 4, payDate: '2025-05-01', status: 'Paid' }),
          detail({ id: 3, payDate: '2025-05-02', status: 'Canceled' }),
          detail({ id: 2, payDate: '2025-05-03', status: 'Approved' }),
          detail({ id: 1, payDate: '2025-05-04', submitted: SENT }),
          detail({ id: 6, payDate: '2025-05-05', submitted: SENT, satisfied: SENT }),
          detail({ id: 7, payDate: '2025-05-06', status: 'Rejected', submitted: SENT }),
        ],
      }),
    ]);
    expect(result?.allowRemaining).toBe(false);
    expect(result?.payments).toEqual([
      {
        id: 2,
        amount: 100,
        date: '2025-05-03',
        status: 'Approved',
        hasAttachedFunding: true,
        isPendingPost: true,
      },
      {
        id: 1,
        amount: 100,
        date: '2025-05-04',
        status: 'PostDate',
        hasAttachedFunding: true,
        isPendingPost: true,
      },
      {
        id: 6,
        amount: 100,
        date: '2025-05-05',
        status: 'PostDate',
        hasAttachedFunding: true,
        isPendingPost: false,
      },
      {
        id: 7,
        amount: 100,
        date: '2025-05-06',
        status: 'Rejected',
        hasAttachedFunding: true,
        isPendingPost: false,
      },
      {
        id: 5,
        amount: 100,
        date: '2025-06-01',
        status: 'PostDate',
        hasAttachedFunding: false,
        isPendingPost: false,
      },
    ]);
  });

  it('is null without a summary or an active arrangement', () => {
    expect(activeArrangement(account(), [arrangement({ active: false })])).toBeNull();
    expect(activeArrangement(account())).toBeNull();
  });
});

describe('checkScheduleStatusRules', () => {
  it('finds nothing wrong with flows/rules/schedule-status.json', () => {
    expect(checkScheduleStatusRules(scheduleRules)).toEqual([]);
  });

  it('names a wrong kind, an unknown status and a missing isPayableToday', () => {
    expect(
      checkScheduleStatusRules({
        $schema: '../../schemas/meta/rules.schema.json',
        kind: 'option-groups',
        outcomes: { late: { label: { en: 'Late', es: 'Tarde' } } },
        groups: [{ id: 'never', when: false, options: [] }],
      }),
    ).toEqual([
      '/kind: must be "first-match"',
      '/outcomes/late: not a schedule status',
      '/derived: the derived fact "isPayableToday" is required',
    ]);
  });
});
