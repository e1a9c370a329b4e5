/**
 * What an account needs from the debtor now (flows/rules/urgent-state.json) and its status badges
 * (flows/rules/account-badges.json), both decided by rules over the same facts: the dashboard
 * card and the account page lead with the urgent state and show the badges.
 */
import type { RuleOutcome } from '@/generated/types/meta/rules';
import { isBankruptcy, isSettled, lastViewableDate } from './classification';
import { isBefore } from './dates';
import {
  paidOffByPendingPayment,
  type OptionVariant,
  type RulesCheckContext,
} from './payment-options';
import {
  RULE_ACTION_KINDS,
  checkRules,
  decideOptions,
  firstMatch,
  type FirstMatchRules,
  type OptionGroupRules,
  type RulesFile,
} from './rules';
import { activeArrangement, isPayableToday, scheduleStatus } from './schedule-status';
import type { Account, Arrangement } from './types';

/** The facts urgent-state and account-badges rules read (money in dollars, dates `YYYY-MM-DD`). */
export interface AccountStateFacts {
  today: string;
  isClosed: boolean;
  /** Closed and paid in full or settled (spec section 4 classification). */
  isSettled: boolean;
  isEop: boolean;
  /** The account carries the end-of-path notice of its client and an external payment link. */
  hasEndOfPathLink: boolean;
  /** Status code BNK, or a bankruptcy notice was reported. */
  isBankruptcy: boolean;
  isPaymentPendingPost: boolean;
  /** A payment is pending post and total paid equals the original or the settlement balance. */
  pendingPostAndPaidOff: boolean;
  isPco: boolean;
  hasActiveArrangement: boolean;
  balance: number;
  /** 0 when not set. */
  minimumPaymentDue: number;
  /** The payment variants the account offers (payment-options rules, as the server sent them). */
  options: OptionVariant[];
  /** Payments of the active arrangement labelled past_due (schedule-status rules). */
  pastDueCount: number;
  /** Their sum (what the past-due variant offers first). */
  pastDueAmount: number;
  /** The earliest of them; null without one. */
  pastDueDate: string | null;
  /** The next payment: the first dated today or later that is not past due. */
  hasNextPayment: boolean;
  /** Its schedule status (past_due excluded); null without one. */
  nextStatus: string | null;
  nextAmount: number;
  nextDate: string | null;
  /** The next payment is payable today (schedule-status rules' isPayableToday). */
  nextIsPayableToday: boolean;
  /** The last day a closed account is shown; null when open or unknown. */
  lastViewableDate: string | null;
}

export const ACCOUNT_STATE_FACT_NAMES: readonly (keyof AccountStateFacts)[] = [
  'today',
  'isClosed',
  'isSettled',
  'isEop',
  'hasEndOfPathLink',
  'isBankruptcy',
  'isPaymentPendingPost',
  'pendingPostAndPaidOff',
  'isPco',
  'hasActiveArrangement',
  'balance',
  'minimumPaymentDue',
  'options',
  'pastDueCount',
  'pastDueAmount',
  'pastDueDate',
  'hasNextPayment',
  'nextStatus',
  'nextAmount',
  'nextDate',
  'nextIsPayableToday',
  'lastViewableDate',
];

/** Facts shown as money ({{name}} in a text is formatted as dollars). */
export const MONEY_FACTS: readonly (keyof AccountStateFacts)[] = [
  'balance',
  'minimumPaymentDue',
  'pastDueAmount',
  'nextAmount',
];
/** Facts shown as a calendar day. */
export const DATE_FACTS: readonly (keyof AccountStateFacts)[] = [
  'today',
  'pastDueDate',
  'nextDate',
  'lastViewableDate',
];
/** Placeholders a text may use besides the facts: the number to call. */
export const EXTRA_PLACEHOLDERS = ['phone'] as const;

export interface AccountStateInput {
  account: Account;
  /** GET Account/Detailed's arrangements; ListOverview sends the summary only. */
  arrangements?: readonly Arrangement[];
  options: readonly string[];
  today: string;
  scheduleRules: FirstMatchRules;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function accountStateFacts(input: AccountStateInput): AccountStateFacts {
  const { account, today, scheduleRules } = input;
  const payments = activeArrangement(account, input.arrangements ?? [])?.payments ?? [];
  const open = payments.filter((p) => p.status !== 'Paid' && p.status !== 'Canceled');
  const labelled = open.map((payment) => ({
    payment,
    status: scheduleStatus(payment, today, scheduleRules),
  }));
  const pastDue = labelled.filter((row) => row.status === 'past_due');
  const next = labelled.find(
    (row) => row.status !== 'past_due' && !isBefore(row.payment.date, today),
  );
  const pastDueCents = pastDue.reduce((sum, row) => sum + cents(row.payment.amount), 0);
  return {
    today,
    isClosed: account.isClosed,
    isSettled: isSettled(account),
    isEop: account.isEop,
    hasEndOfPathLink: account.showEndOfPathNotice === true && Boolean(account.externalPaymentUrl),
    isBankruptcy: isBankruptcy(account) || account.bankruptcyReported === true,
    isPaymentPendingPost: account.isPaymentPendingPost,
    pendingPostAndPaidOff: paidOffByPendingPayment(account),
    isPco: account.isPco,
    hasActiveArrangement: account.hasActiveArrangement || payments.length > 0,
    balance: account.balance,
    minimumPaymentDue: account.minimumPaymentDue ?? 0,
    options: [...input.options],
    pastDueCount: pastDue.length,
    pastDueAmount: pastDueCents / 100,
    pastDueDate: pastDue[0]?.payment.date ?? null,
    hasNextPayment: next !== undefined,
    nextStatus: next?.status ?? null,
    nextAmount: next?.payment.amount ?? 0,
    nextDate: next?.payment.date ?? null,
    nextIsPayableToday: next ? isPayableToday(next.payment, today, scheduleRules) : false,
    lastViewableDate: account.isClosed ? lastViewableDate(account) : null,
  };
}

/** The urgent state: its id and its outcome (intent, title, text, action) from the rules file. */
export interface UrgentState {
  id: string;
  outcome: RuleOutcome;
}

export function urgentState(facts: AccountStateFacts, rules: FirstMatchRules): UrgentState {
  const id = firstMatch(rules, facts);
  const outcome = rules.outcomes[id];
  if (!outcome) throw new Error(`Unknown urgent state "${id}"`);
  return { id, outcome };
}

/** The status badges that apply, in the order the rules list them. */
export function accountBadges(
  facts: AccountStateFacts,
  rules: OptionGroupRules,
): { id: string; outcome: RuleOutcome }[] {
  return decideOptions(rules, facts).outcomes.flatMap((id) => {
    const outcome = rules.outcomes[id];
    return outcome ? [{ id, outcome }] : [];
  });
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Problems of the texts and actions of notice outcomes (both files). */
function checkNoticeOutcomes(
  file: RulesFile,
  requireNotice: boolean,
  context: RulesCheckContext,
): string[] {
  const problems: string[] = [];
  const known = new Set<string>([...ACCOUNT_STATE_FACT_NAMES, ...EXTRA_PLACEHOLDERS]);
  const checkText = (text: { en: string; es: string } | undefined, path: string) => {
    for (const language of ['en', 'es'] as const) {
      for (const match of (text?.[language] ?? '').matchAll(PLACEHOLDER)) {
        const name = match[1] ?? '';
        if (!known.has(name)) problems.push(`${path}/${language}: unknown placeholder "${name}"`);
      }
    }
  };
  for (const [id, outcome] of Object.entries(file.outcomes)) {
    if (!outcome) continue; // the index signature's undefined: JSON has none
    const path = `/outcomes/${id}`;
    if (requireNotice && !outcome.intent) problems.push(`${path}: "intent" is required`);
    if (requireNotice && !outcome.title) problems.push(`${path}: "title" is required`);
    checkText(outcome.label, `${path}/label`);
    checkText(outcome.title, `${path}/title`);
    checkText(outcome.text, `${path}/text`);
    const action = outcome.action;
    if (!action) continue;
    checkText(action.label, `${path}/action/label`);
    if (!RULE_ACTION_KINDS.includes(action.kind)) {
      problems.push(`${path}/action/kind: unknown action "${String(action.kind)}"`);
    }
    if (
      action.kind === 'pay' &&
      !(context.optionVariants as readonly unknown[]).includes(action.variant)
    ) {
      problems.push(`${path}/action/variant: not a payment option variant`);
    }
  }
  return problems;
}

/** Problems in urgent-state.json (empty when sound), for `npm run check:config`. */
export function checkUrgentStateRules(file: RulesFile, context: RulesCheckContext): string[] {
  const problems = checkRules(file, ACCOUNT_STATE_FACT_NAMES);
  if (file.kind !== 'first-match') problems.push('/kind: must be "first-match"');
  return [...problems, ...checkNoticeOutcomes(file, true, context)];
}

/** Problems in account-badges.json (empty when sound), for `npm run check:config`. */
export function checkAccountBadgeRules(file: RulesFile, context: RulesCheckContext): string[] {
  const problems = checkRules(file, ACCOUNT_STATE_FACT_NAMES);
  if (file.kind !== 'option-groups') problems.push('/kind: must be "option-groups"');
  for (const [id, outcome] of Object.entries(file.outcomes)) {
    if (!outcome?.intent) problems.push(`/outcomes/${id}: "intent" is required`);
  }
  return [...problems, ...checkNoticeOutcomes(file, false, context)];
}
