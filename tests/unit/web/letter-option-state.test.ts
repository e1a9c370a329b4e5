import { describe, expect, it } from 'vitest';
import type { LetterOption } from '../../../src/web/api/letter';
import { letterOptionViews, optionDue } from '../../../src/web/utils/letter-option-state';

const option = (n: number, dueDate: string, dates: string[], discount = 0.3): LetterOption => ({
  letterOptionId: 100 + n,
  letterId: 57,
  optionNumber: n,
  dueDate,
  dayOfMonthSettlementRequirement: null,
  settlementAmount: 1000,
  paymentAmount: 1000 / dates.length,
  discount,
  numberOfPayments: dates.length,
  paymentSchedule: dates.map((date) => ({ date, amount: 1000 / dates.length })),
});

const TODAY = '2026-11-21';

describe('letter options', () => {
  it('are sorted by due date, then option number', () => {
    const views = letterOptionViews(
      [
        option(1, '2026-12-10', ['2026-12-10']),
        option(2, '2026-11-30', ['2026-11-30']),
        option(3, '2026-11-30', ['2026-11-30']),
      ],
      TODAY,
    );
    expect(views.map((v) => v.option.optionNumber)).toEqual([2, 3, 1]);
  });

  it('show the discount as a whole percent and the first and last payment days', () => {
    const [view] = letterOptionViews(
      [option(1, '2026-12-01', ['2027-01-31', '2026-12-01', '2026-12-31'], 0.4)],
      TODAY,
    );
    expect(view).toMatchObject({
      discountPercent: 40,
      firstPaymentDate: '2026-12-01',
      lastPaymentDate: '2027-01-31',
      disabled: false,
      due: { kind: 'due', date: '2026-12-01' },
    });
  });

  it('due today is still due', () => {
    expect(optionDue({ dueDate: TODAY }, TODAY)).toEqual({ kind: 'due', date: TODAY });
  });

  it("expired up to 30 days ago say 'n days ago', older ones the date", () => {
    expect(optionDue({ dueDate: '2026-11-19' }, TODAY)).toEqual({
      kind: 'expiredDaysAgo',
      days: 2,
    });
    expect(optionDue({ dueDate: '2026-10-22' }, TODAY)).toEqual({
      kind: 'expiredDaysAgo',
      days: 30,
    });
    expect(optionDue({ dueDate: '2026-10-21' }, TODAY)).toEqual({
      kind: 'expiredOn',
      date: '2026-10-21',
    });
  });

  it('an option with any scheduled day in the past is disabled, even when not yet due', () => {
    const [expired, pastPayment] = letterOptionViews(
      [
        option(1, '2026-11-19', ['2026-11-19']),
        option(2, '2026-12-01', ['2026-11-20', '2026-12-20']),
      ],
      TODAY,
    );
    expect(expired!.disabled).toBe(true);
    expect(pastPayment!.disabled).toBe(true);
    expect(pastPayment!.due.kind).toBe('due');
  });
});
