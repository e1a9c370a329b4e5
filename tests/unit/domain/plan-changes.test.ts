import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HolidayCalendar } from '../../../src/domain/business-days';
import {
  cancellation,
  changePaymentDay,
  firstChangeableDay,
  replanOptions,
  splitPlan,
  type PlanPayment,
} from '../../../src/domain/plan-changes';

const root = path.resolve(import.meta.dirname, '../../..');
const calendar = JSON.parse(
  readFileSync(path.join(root, 'flows/calendars/us-bank-holidays.json'), 'utf8'),
) as HolidayCalendar;

let nextId = 1;
const pay = (date: string, status = 'PostDate', pendingPost = false): PlanPayment => ({
  id: nextId++,
  date,
  cents: 15000,
  status,
  pendingPost,
});

// Wednesday 25 November 2026, the day before Thanksgiving.
const TODAY = '2026-11-25';

describe('what a change may still touch', () => {
  it('keeps a payment whose cutoff has passed, and one already sent; past due is apart', () => {
    const plan = [
      pay('2026-10-25', 'Paid'),
      pay('2026-11-20'), // past due
      pay('2026-11-24', 'PostDate', true), // sent
      pay('2026-11-27'), // Friday: its cutoff was Wednesday... today
      pay('2026-11-30'), // Monday: cutoff Friday 27
      pay('2026-12-25'),
      pay('2026-12-26', 'Canceled'),
    ];
    const split = splitPlan(plan, TODAY, calendar);
    expect(split.pastDue.map((p) => p.date)).toEqual(['2026-11-20']);
    expect(split.sent.map((p) => p.date)).toEqual(['2026-11-24']);
    // Friday the 27th: its cutoff is Wednesday the 25th (Thursday is Thanksgiving), today.
    expect(split.kept.map((p) => p.date)).toEqual([]);
    expect(split.changeable.map((p) => p.date)).toEqual(['2026-11-27', '2026-11-30', '2026-12-25']);
    // On Thanksgiving, the Friday payment's cutoff has passed.
    const thursday = splitPlan(plan, '2026-11-26', calendar);
    expect(thursday.kept.map((p) => p.date)).toEqual(['2026-11-27']);
  });

  it('dates a changed payment no earlier than the first day whose cutoff is still ahead', () => {
    expect(firstChangeableDay('2026-11-25', calendar)).toBe('2026-11-26');
    // Thanksgiving: not a business day, so Friday's cutoff (Wednesday) has passed; Saturday's is Friday.
    expect(firstChangeableDay('2026-11-26', calendar)).toBe('2026-11-28');
  });
});

describe('cancelling a plan', () => {
  it('stops every payment to come and past due, but those within the cutoff and those sent', () => {
    const plan = [
      pay('2026-11-20'),
      pay('2026-11-24', 'PostDate', true),
      pay('2026-11-27'),
      pay('2026-12-27'),
    ];
    const result = cancellation(plan, '2026-11-26', calendar);
    expect(result.cancelled.map((p) => p.date)).toEqual(['2026-11-20', '2026-12-27']);
    expect(result.kept.map((p) => p.date)).toEqual(['2026-11-27']);
    expect(result.sent.map((p) => p.date)).toEqual(['2026-11-24']);
  });
});

describe('changing the payment day', () => {
  it('moves every payment to come to the new day, a month apart, in order', () => {
    const plan = [pay('2026-12-01'), pay('2027-01-01'), pay('2027-02-01')];
    const change = changePaymentDay(plan, 15, TODAY, calendar);
    expect(change?.moves.map((m) => m.date)).toEqual(['2026-12-15', '2027-01-15', '2027-02-15']);
  });

  it('starts no earlier than the first changeable day, and after the payments that stay', () => {
    const plan = [pay('2026-11-27'), pay('2026-12-27'), pay('2027-01-27')];
    // On Thanksgiving the 27th stays; the others move to the 1st, from December.
    const change = changePaymentDay(plan, 1, '2026-11-26', calendar);
    expect(change?.kept.map((p) => p.date)).toEqual(['2026-11-27']);
    expect(change?.moves.map((m) => m.date)).toEqual(['2026-12-01', '2027-01-01']);
    // A day earlier in the month than today: the next month's.
    const early = changePaymentDay([pay('2026-12-20'), pay('2027-01-20')], 10, TODAY, calendar);
    expect(early?.moves.map((m) => m.date)).toEqual(['2026-12-10', '2027-01-10']);
  });

  it('refuses a day that not every month has, or a plan with nothing to move', () => {
    expect(changePaymentDay([pay('2026-12-01')], 29, TODAY, calendar)).toBeNull();
    expect(changePaymentDay([pay('2026-12-01')], 0, TODAY, calendar)).toBeNull();
    expect(changePaymentDay([pay('2026-12-01')], 1.5, TODAY, calendar)).toBeNull();
    expect(
      changePaymentDay([pay('2026-11-20'), pay('2026-11-24', 'Paid')], 5, TODAY, calendar),
    ).toBeNull();
  });
});

describe('changing the plan', () => {
  const limits = { maxMonths: 12, minMonthlyCents: 5000 };

  it('spreads what is left over 2 to the most months the client allows, each at least the minimum', () => {
    const plan = [
      pay('2026-10-01', 'Paid'),
      pay('2026-11-20'), // past due: spread again too
      pay('2026-12-01'),
      pay('2027-01-01'),
    ];
    const options = replanOptions(plan, TODAY, calendar, limits);
    expect(options?.remainingCents).toBe(45000);
    expect(options?.paidCents).toBe(15000);
    // $450 at $50 a month at least: 2 to 9 months.
    expect(options?.choices.map((c) => c.months)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const nine = options?.choices.find((c) => c.months === 9);
    expect(nine?.schedule.reduce((sum, p) => sum + p.cents, 0)).toBe(45000);
    // On the day of the next payment (the 1st), from the first changeable day, a month apart.
    expect(nine?.schedule.slice(0, 3).map((p) => p.date)).toEqual([
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
  });

  it('keeps the payments within the cutoff and starts after them, on the chosen day', () => {
    const plan = [pay('2026-11-27'), pay('2026-12-27'), pay('2027-01-27')];
    const options = replanOptions(plan, '2026-11-26', calendar, limits, 15);
    expect(options?.kept.map((p) => p.date)).toEqual(['2026-11-27']);
    expect(options?.remainingCents).toBe(30000);
    expect(options?.choices[0]?.schedule.map((p) => p.date)).toEqual(['2026-12-15', '2027-01-15']);
  });

  it('offers nothing past the limits, and nothing when all that is left is on its way', () => {
    expect(
      replanOptions([pay('2026-12-01')], TODAY, calendar, { maxMonths: 12, minMonthlyCents: 10000 })
        ?.choices,
    ).toEqual([]);
    expect(
      replanOptions([pay('2026-11-24', 'PostDate', true)], TODAY, calendar, limits),
    ).toBeNull();
    expect(replanOptions([pay('2026-12-01')], TODAY, calendar, limits, 31)).toBeNull();
  });
});
