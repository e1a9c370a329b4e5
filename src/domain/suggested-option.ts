/**
 * The payment option picker's cards in money (what each option costs, today or per month, in
 * total, what it saves and by when), and the option the rules suggest
 * (flows/rules/suggested-option.json). The amounts come from the same journey rules and plans the
 * payment wizard uses, so a card says what the wizard will ask.
 */
import {
  defaultPlan,
  planChoices,
  singleLimits,
  type AmountFacts,
  type ApiPaymentPlan,
  type VariantConfig,
} from './payment-journey';
import type { OptionVariant, RulesCheckContext } from './payment-options';
import { checkRules, firstMatch, type FirstMatchRules, type RulesFile } from './rules';
import { planSummary } from './plan-summary';

/** One option in money (cents; days `YYYY-MM-DD`). */
export type OptionMoney =
  | {
      kind: 'single';
      /** The amount offered (fixed, or suggested when the debtor chooses it). */
      amount: number;
      /** The debtor chooses the amount (one-time): at least `min`. */
      editable: boolean;
      min: number | null;
      total: number;
      savings: number;
      /** The last day the payment may be made. */
      deadline: string;
    }
  | {
      kind: 'plan';
      /** The plan the wizard offers first. */
      perPayment: number;
      /** The last payment, when it differs from the others (they are then payments - 1). */
      lastPayment?: number;
      payments: number;
      total: number;
      savings: number;
      /** The day of the last payment. */
      deadline: string;
      /** How many plans the wizard offers (1: only this one). */
      plans: number;
      minPayments: number;
      maxPayments: number;
    };

export interface OptionMoneyInput {
  config: VariantConfig;
  /** Single variants: the account's amount facts. */
  facts?: AmountFacts;
  /** Plan variants: the plans GetPaymentPlans / GetSettlementPlans returned. */
  plans?: readonly ApiPaymentPlan[];
  /** The balance (cents), against which a single payment's savings are measured. */
  balance: number;
  today: string;
}

/** What an option means in money; null when it cannot be said (plans not loaded or none). */
export function optionMoney(input: OptionMoneyInput): OptionMoney | null {
  const { config, today } = input;
  if (config.schedule === 'single') {
    if (!input.facts) return null;
    const limits = singleLimits(config, input.facts, today);
    const editable = limits.fixed === null;
    return {
      kind: 'single',
      amount: limits.suggested,
      editable,
      min: limits.min,
      total: limits.suggested,
      savings: 0,
      deadline: limits.lastDay,
    };
  }
  if (config.schedule !== 'plan' || !input.plans) return null;
  const choices = planChoices(input.plans, config.plans ?? 'payment');
  const plan = defaultPlan(choices, config.defaultPlan);
  if (!plan) return null;
  const months = choices.map((choice) => choice.numMonths);
  const last = planSummary(plan.schedule.map((p) => p.cents))?.lastCents;
  return {
    kind: 'plan',
    perPayment: plan.perMonth,
    ...(last !== undefined ? { lastPayment: last } : {}),
    payments: plan.schedule.length || plan.numMonths,
    total: plan.total,
    savings: plan.savings,
    deadline: plan.schedule.at(-1)?.date ?? today,
    plans: choices.length,
    minPayments: Math.min(...months),
    maxPayments: Math.max(...months),
  };
}

/** The facts suggested-option rules read (money in dollars). */
export interface SuggestionFacts {
  /** The variants the account offers, in the rules' order. */
  options: OptionVariant[];
  balance: number;
  /** What the savings plan shown saves (0 without one). */
  settlementSavings: number;
  /** Payments of the longest monthly plan (0 without one). */
  longestPlanPayments: number;
}

export const SUGGESTION_FACT_NAMES: readonly (keyof SuggestionFacts)[] = [
  'options',
  'balance',
  'settlementSavings',
  'longestPlanPayments',
];

/** The variant the rules suggest, or null when they suggest none (outcome `none`). */
export function suggestedOption(
  facts: SuggestionFacts,
  rules: FirstMatchRules,
): OptionVariant | null {
  const outcome = firstMatch(rules, facts);
  return (facts.options as readonly string[]).includes(outcome) ? (outcome as OptionVariant) : null;
}

/** Problems in suggested-option.json (empty when sound), for `npm run check:config`. */
export function checkSuggestedOptionRules(file: RulesFile, context: RulesCheckContext): string[] {
  const problems = checkRules(file, SUGGESTION_FACT_NAMES);
  if (file.kind !== 'first-match') problems.push('/kind: must be "first-match"');
  for (const id of Object.keys(file.outcomes)) {
    if (id !== 'none' && !context.optionVariants.includes(id)) {
      problems.push(`/outcomes/${id}: not a payment option variant (or "none")`);
    }
  }
  const known = new Set<string>(SUGGESTION_FACT_NAMES);
  for (const [id, outcome] of Object.entries(file.outcomes)) {
    for (const language of ['en', 'es'] as const) {
      for (const match of (outcome?.text?.[language] ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
        if (!known.has(match[1] ?? '')) {
          problems.push(`/outcomes/${id}/text/${language}: unknown placeholder "${match[1]}"`);
        }
      }
    }
  }
  return problems;
}
