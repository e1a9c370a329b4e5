import { describe, expect, it } from 'vitest';
import {
  accountBadges,
  accountStateFacts,
  checkUrgentStateRules,
  urgentState,
  type AccountStateFacts,
} from '../../../src/domain/account-state';
import type { FirstMatchRules, OptionGroupRules } from '../../../src/domain/rules';
import type { Account } from '../../../src/domain/types';
import {
  TODAY,
  TOMORROW,
  YESTERDAY,
  account,
  loadRules,
  rulesContext,
  scheduleRules,
} from './fixtures';

const urgentRules = loadRules<FirstMatchRules>('urgent-state');
const badgeRules = loadRules<OptionGroupRules>('account-badges');

/** An account on a plan whose summary lists these payments (dollars, `YYYY-MM-DD`). */
function onPlan(
  payments: { date: string; amount?: number; funded?: boolean; status?: 'PostDate' | 'Rejected' }[],
  overrides: Partial<Account> = {},
): Account {
  return account({
    hasActiveArrangement: true,
    currentArrangementSummary: {
      id: 7,
      type: 'PPA',
      amount: 1000,
      date: payments[0]?.date ?? TODAY,
      paymentsLeft: payments.length,
      totalLeft: 1000,
      payments: payments.map((p, i) => ({
        id: i + 1,
        amount: p.amount ?? 100,
        date: p.date,
        status: p.status ?? 'PostDate',
        hasAttachedFunding: p.funded ?? true,
        isPendingPost: false,
      })),
    },
    ...overrides,
  });
}

const facts = (a: Account, options: string[] = []): AccountStateFacts =>
  accountStateFacts({ account: a, options, today: TODAY, scheduleRules });
const state = (a: Account, options: string[] = []) =>
  urgentState(facts(a, options), urgentRules).id;

describe('urgent state (flows/rules/urgent-state.json)', () => {
  it('a past-due payment comes first, with its amount, date and a pay action', () => {
    const a = onPlan([
      { date: '2025-04-01', amount: 150, funded: false },
      { date: YESTERDAY, amount: 50, status: 'Rejected' },
      { date: TOMORROW, funded: false },
    ]);
    const f = facts(a, ['remaining', 'past-due']);
    expect(f).toMatchObject({
      pastDueCount: 2,
      pastDueAmount: 200,
      pastDueDate: '2025-04-01',
      nextDate: TOMORROW,
      nextStatus: 'missing_funding',
    });
    const urgent = urgentState(f, urgentRules);
    expect(urgent.id).toBe('past_due');
    expect(urgent.outcome.intent).toBe('warning');
    expect(urgent.outcome.action).toMatchObject({ kind: 'pay', variant: 'past-due' });
    expect(urgent.outcome.action?.label.en).toBe('Pay {{pastDueAmount}} now');
  });

  it('a next payment without a payment method asks for one', () => {
    const a = onPlan([{ date: TOMORROW, funded: false }, { date: '2025-05-30' }]);
    expect(state(a, ['remaining'])).toBe('payment_method_needed');
  });

  it('a funded payment due today offers paying it; a later one is just the next payment', () => {
    expect(state(onPlan([{ date: TODAY }]), ['remaining', 'upcoming'])).toBe('due_today');
    // Not offered online (for example a DU8 settlement): only the next payment is said.
    expect(state(onPlan([{ date: TODAY }]), [])).toBe('next_payment');
    expect(state(onPlan([{ date: TOMORROW }]), ['remaining'])).toBe('next_payment');
  });

  it('paid off: a zero balance, or a pending payment that pays the account off', () => {
    expect(state(account({ balance: 0 }))).toBe('paid_off');
    const pending = account({ isPaymentPendingPost: true, totalPaid: 1000, originalBalance: 1000 });
    expect(state(pending)).toBe('paid_off');
  });

  it('closed: settled before closed, with the last day it is shown', () => {
    const settled = account({
      isClosed: true,
      isSif: true,
      balance: 0,
      lastViewableDate: '2025-06-01',
    });
    expect(state(settled)).toBe('settled');
    expect(facts(settled).lastViewableDate).toBe('2025-06-01');
    expect(state(account({ isClosed: true, statusCode: 'CLO', balance: 50 }))).toBe('closed');
  });

  it('one end-of-process notice: the client site when the account carries its link, else call us', () => {
    const eop = { isEop: true, statusCode: 'EOP' };
    const withLink = account({
      ...eop,
      showEndOfPathNotice: true,
      externalPaymentUrl: 'https://pay.example.com/',
    });
    expect(state(withLink)).toBe('end_of_path');
    expect(urgentRules.outcomes.end_of_path?.action?.kind).toBe('external-payment');
    expect(state(account({ ...eop, showEndOfPathNotice: true, externalPaymentUrl: null }))).toBe(
      'end_of_process',
    );
    expect(state(account(eop))).toBe('end_of_process');
    expect(urgentRules.outcomes.end_of_process?.action?.kind).toBe('call');
  });

  it('a reported bankruptcy is not urged to pay, even with a past-due payment', () => {
    const a = onPlan([{ date: YESTERDAY }], { bankruptcyReported: true });
    expect(state(a, ['past-due'])).toBe('bankruptcy');
    expect(state(account({ statusCode: 'BNK' }), ['pif'])).toBe('bankruptcy');
  });

  it('PCO without a plan: the minimum payment due, with bring current', () => {
    const pco = account({ isPco: true, minimumPaymentDue: 125 });
    expect(state(pco, ['bring-current', 'one-time'])).toBe('minimum_due');
    expect(urgentRules.outcomes.minimum_due?.action?.variant).toBe('bring-current');
  });

  it('no plan and options offered: compare them; nothing offered: nothing due', () => {
    expect(state(account(), ['sif', 'pif', 'one-time'])).toBe('choose_option');
    expect(state(account(), [])).toBe('nothing_due');
  });

  it('the file passes its domain check, and the check finds an unknown placeholder', () => {
    expect(checkUrgentStateRules(urgentRules, rulesContext)).toEqual([]);
    const broken: FirstMatchRules = {
      ...urgentRules,
      outcomes: {
        ...urgentRules.outcomes,
        paid_off: {
          ...urgentRules.outcomes.paid_off!,
          title: { en: 'Paid {{amountt}}', es: 'Pagada {{amountt}}' },
        },
      },
    };
    expect(checkUrgentStateRules(broken, rulesContext)).toEqual([
      '/outcomes/paid_off/title/en: unknown placeholder "amountt"',
      '/outcomes/paid_off/title/es: unknown placeholder "amountt"',
    ]);
  });
});

describe('account badges (flows/rules/account-badges.json)', () => {
  const badges = (a: Account) => accountBadges(facts(a), badgeRules).map((badge) => badge.id);

  it('bankruptcy reported, end of process, closed and pending payment, in that order', () => {
    expect(badges(account())).toEqual([]);
    expect(badges(account({ bankruptcyReported: true }))).toEqual(['bankruptcy']);
    expect(badges(account({ isEop: true }))).toEqual(['end_of_process']);
    expect(badges(account({ isClosed: true, isPaymentPendingPost: true }))).toEqual([
      'closed',
      'pending_payment',
    ]);
  });
});
