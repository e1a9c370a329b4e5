/**
 * The payment journey's business rules, read from flows/journeys/payment.json and evaluated the
 * same way in the browser (to offer and check an amount and a date) and on the server (to re-check
 * a submission): the facts an amount rule may read, each variant's amount and date limits, the
 * submission body built from the answers; the date choices and the plans a plan slider offers are
 * payment-choices.ts (re-exported here).
 */
import type { PaymentSettings } from '@/generated/types/api/payment-settings';
import type {
  PaymentJourneyFile,
  Variant as VariantConfig,
} from '../generated/types/meta/payment-journey';
import { checkExpression, evaluate, test, type JsonLogic } from '../engine/rules/json-logic';
import { addDays } from './dates';
import { toCents } from './money';
import { variantConfig } from './payment-variant';
import type { FirstMatchRules } from './rules';
import { activeArrangement, isPayableToday, scheduleStatus } from './schedule-status';
import type { Account, Arrangement } from './types';

/** How a variant's schedule is made: one payment, a plan the debtor picks, or a letter's option. */
export type ScheduleKind = VariantConfig['schedule'];

/** Amount rules of a single-payment variant: JSON Logic over AmountFacts, in cents. */
export type AmountRules = NonNullable<VariantConfig['amount']>;

export type { PaymentJourneyFile, VariantConfig };

/** A variant id: a key of the journey file's `variants` (the route's /payment/<id>). */
export type PaymentVariant = string;

// The variant of an id: in a module of its own, which the route guards import without the rules.
export { variantConfig };

/** Whether a value is a variant id of the journey. */
export function isPaymentVariant(
  journey: Pick<PaymentJourneyFile, 'variants'>,
  value: unknown,
): value is PaymentVariant {
  return typeof value === 'string' && variantConfig(journey, value) !== undefined;
}

/** Every variant id of the journey, in the file's order. */
export function variantIds(journey: Pick<PaymentJourneyFile, 'variants'>): PaymentVariant[] {
  return Object.keys(journey.variants);
}

/**
 * The variants the payment-options rules may offer: all but those paid with a letter's option
 * (schedule `letter`), which a letter reaches instead.
 */
export function optionVariantIds(journey: Pick<PaymentJourneyFile, 'variants'>): PaymentVariant[] {
  return Object.entries(journey.variants)
    .filter(([, config]) => config?.schedule !== 'letter')
    .map(([id]) => id);
}

/** What amount rules may read (cents, except the days). */
export interface AmountFacts {
  balance: number;
  /** 0 when the account has none. */
  minimumPaymentDue: number;
  /** What is left of the active arrangement (0 without one). */
  remaining: number;
  /** Every past-due payment of the active arrangement. */
  pastDue: number;
  /** The earliest past-due payment. */
  pastDueFirst: number;
  /** The payment that is payable today (0 when none). */
  payableToday: number;
  minSinglePayment: number;
  minMonthlyPayment: number;
  maxSinglePayDaysInFuture: number;
}

export const AMOUNT_FACT_NAMES: readonly (keyof AmountFacts)[] = [
  'balance',
  'minimumPaymentDue',
  'remaining',
  'pastDue',
  'pastDueFirst',
  'payableToday',
  'minSinglePayment',
  'minMonthlyPayment',
  'maxSinglePayDaysInFuture',
];

/** The client's settings the amounts and dates read, as GetPaymentSettings answers them (dollars). */
export type AmountSettings = Pick<
  PaymentSettings,
  'minSinglePayment' | 'minMonthlyPayment' | 'maxSinglePayDaysInFuture'
>;

export interface AmountFactsInput {
  account: Account;
  arrangements: readonly Arrangement[];
  settings: AmountSettings;
  today: string;
  scheduleRules: FirstMatchRules;
}

export function amountFacts(input: AmountFactsInput): AmountFacts {
  const { account, arrangements, settings, today, scheduleRules } = input;
  const active = activeArrangement(account, arrangements);
  const payments = active?.payments ?? [];
  const pastDue = payments.filter((p) => scheduleStatus(p, today, scheduleRules) === 'past_due');
  const payable = payments.find((p) => isPayableToday(p, today, scheduleRules));
  const own = active ? arrangements.find((a) => a.id === active.id) : undefined;
  const remaining = own?.remaining ?? account.currentArrangementSummary?.totalLeft ?? 0;
  return {
    balance: toCents(account.balance),
    minimumPaymentDue: toCents(account.minimumPaymentDue ?? 0),
    remaining: active ? toCents(remaining) : 0,
    pastDue: pastDue.reduce((sum, p) => sum + toCents(p.amount), 0),
    pastDueFirst: pastDue[0] ? toCents(pastDue[0].amount) : 0,
    payableToday: payable ? toCents(payable.amount) : 0,
    minSinglePayment: toCents(settings.minSinglePayment),
    minMonthlyPayment: toCents(settings.minMonthlyPayment),
    maxSinglePayDaysInFuture: settings.maxSinglePayDaysInFuture,
  };
}

/** A single payment's limits for one account, from its variant's rules. */
export interface SingleLimits {
  /** The accepted amounts when the amount is fixed (the first is offered); null when editable. */
  fixed: number[] | null;
  min: number | null;
  max: number | null;
  /** The amount offered first. */
  suggested: number;
  firstDay: string;
  lastDay: string;
  /** How many days after today the payment may be made: the variant's `maxDays` (lastDay - firstDay). */
  maxDays: number;
}

const cents = (value: unknown): number | null => {
  const n = Number(value);
  return value === null || value === undefined || Number.isNaN(n) ? null : Math.round(n);
};

export function singleLimits(
  config: VariantConfig,
  facts: AmountFacts,
  today: string,
): SingleLimits {
  const rules = config.amount ?? {};
  const fixedValue = rules.fixed === undefined ? undefined : evaluate(rules.fixed, facts);
  const fixed =
    fixedValue === undefined
      ? null
      : (Array.isArray(fixedValue) ? fixedValue : [fixedValue])
          .map(cents)
          .filter((amount): amount is number => amount !== null && amount > 0);
  const min = rules.min === undefined ? null : cents(evaluate(rules.min, facts));
  const max = rules.max === undefined ? null : cents(evaluate(rules.max, facts));
  const suggested =
    fixed?.[0] ??
    cents(rules.suggested === undefined ? undefined : evaluate(rules.suggested, facts)) ??
    min ??
    0;
  const days = Math.max(0, Math.floor(Number(evaluate(config.maxDays ?? 0, facts)) || 0));
  return {
    fixed,
    min,
    max,
    suggested,
    firstDay: today,
    lastDay: addDays(today, days),
    maxDays: days,
  };
}

/**
 * Why a single payment breaks its limits (the SubmitPayment error codes), or null: a fixed amount
 * first, then the day, then the minimum and the maximum.
 */
export type SingleRefusal =
  'invalid_amount' | 'min_payment_amount' | 'amount_exceeds_balance' | 'date_out_of_range';

export function checkSingle(
  limits: SingleLimits,
  payment: { date: string; cents: number },
): SingleRefusal | null {
  if (limits.fixed !== null && !limits.fixed.includes(payment.cents)) return 'invalid_amount';
  if (payment.date < limits.firstDay || payment.date > limits.lastDay) return 'date_out_of_range';
  if (limits.min !== null && payment.cents < limits.min) return 'min_payment_amount';
  if (limits.max !== null && payment.cents > limits.max) return 'amount_exceeds_balance';
  return null;
}

// The date and plan choices the schedule stage offers, split out: imported from here as before.
export {
  DATE_CHOICES,
  dateChoices,
  defaultPlan,
  planChoices,
  reaches1099,
  type ApiPaymentPlan,
  type DateChoice,
  type PlanChoice,
} from './payment-choices';

/** A scheduled payment in the submission (dollars, as the API takes it). */
export interface ScheduledAmount {
  date: string;
  amount: number;
}

/**
 * What a variant's `infer` rule reads: a SubmitPayment request that names no `paymentVariant`
 * (the spec's own request), and its account (cents).
 */
export interface InferFacts {
  /** The request's arrangement type: PIF, SIF, PPA or LET. */
  type: string;
  /** How many payments the request schedules. */
  payments: number;
  /** The first payment. */
  cents: number;
  /** What is left of the active arrangement; null without one. */
  remaining: number | null;
  hasActiveArrangement: boolean;
  hasPastDue: boolean;
  isPco: boolean;
  /** Null when the account has none. */
  minimumPaymentDue: number | null;
}

export const INFER_FACT_NAMES: readonly (keyof InferFacts)[] = [
  'type',
  'payments',
  'cents',
  'remaining',
  'hasActiveArrangement',
  'hasPastDue',
  'isPco',
  'minimumPaymentDue',
];

/**
 * The variant a request without `paymentVariant` asks for: the variants with an `infer` rule,
 * tried by its `order` (lowest first); the first whose `when` holds. Null when none does.
 */
export function inferredVariant(
  journey: Pick<PaymentJourneyFile, 'variants'>,
  facts: InferFacts,
): PaymentVariant | null {
  const candidates = Object.entries(journey.variants)
    .flatMap(([id, config]) => (config?.infer ? [{ id, infer: config.infer }] : []))
    .sort((a, b) => a.infer.order - b.infer.order);
  for (const { id, infer } of candidates) {
    if (test(infer.when as JsonLogic, facts)) return id;
  }
  return null;
}

/** Problems in the payment journey file that its meta-schema cannot see (for check:config). */
export function checkPaymentJourney(file: PaymentJourneyFile): string[] {
  const problems: string[] = [];
  const ids = file.stages.map((stage) => stage.id);
  const inferOrders = new Map<number, string>();
  for (const [variant, config] of Object.entries(file.variants)) {
    if (!config) continue;
    const where = `/variants/${variant}`;
    for (const stage of Object.keys(config.forms)) {
      if (!ids.includes(stage))
        problems.push(`${where}/forms/${stage}: not a stage of the journey`);
    }
    const rules: [string, unknown][] = [
      ...Object.entries(config.amount ?? {}).map(([key, rule]): [string, unknown] => [
        `amount/${key}`,
        rule,
      ]),
      ['maxDays', config.maxDays],
    ];
    for (const [key, rule] of rules) {
      if (rule === undefined) continue;
      problems.push(...checkExpression(rule, `${where}/${key}`));
      for (const name of varNames(rule)) {
        if (!(AMOUNT_FACT_NAMES as readonly string[]).includes(name)) {
          problems.push(`${where}/${key}: unknown fact "${name}"`);
        }
      }
    }
    if (config.infer) {
      problems.push(...checkExpression(config.infer.when, `${where}/infer/when`));
      for (const name of varNames(config.infer.when)) {
        if (!(INFER_FACT_NAMES as readonly string[]).includes(name)) {
          problems.push(`${where}/infer/when: unknown fact "${name}"`);
        }
      }
      const taken = inferOrders.get(config.infer.order);
      if (taken !== undefined) {
        problems.push(`${where}/infer/order: ${config.infer.order} is also ${taken}'s`);
      } else inferOrders.set(config.infer.order, variant);
    }
    if (config.schedule !== 'single' && (config.paysScheduled || config.replacesActive)) {
      problems.push(`${where}: only a single payment pays scheduled payments or the arrangement`);
    }
    if (config.schedule === 'single' && config.amount === undefined) {
      problems.push(`${where}: a single payment needs "amount" rules`);
    }
    if (config.schedule === 'plan' && config.plans === undefined) {
      problems.push(`${where}: a plan variant needs "plans"`);
    }
  }
  const scheduleStages = file.stages.filter((stage) => stage.schedule).length;
  if (scheduleStages !== 1)
    problems.push(
      `/stages: exactly one stage makes the schedule ("schedule": true), not ${scheduleStages}`,
    );
  if (file.stages.filter((stage) => stage.review).length > 1)
    problems.push('/stages: at most one review stage');
  for (const stage of file.stages) {
    for (const dependency of stage.resetWhenChanged ?? []) {
      if (!ids.includes(dependency)) {
        problems.push(`/stages/${stage.id}/resetWhenChanged: "${dependency}" is not a stage`);
      }
    }
  }
  return problems;
}

/** The fact names a rule reads with `var`. */
function varNames(rule: unknown): string[] {
  if (rule === null || typeof rule !== 'object') return [];
  if (Array.isArray(rule)) return rule.flatMap(varNames);
  const entries = Object.entries(rule as Record<string, unknown>);
  return entries.flatMap(([operator, args]) => {
    if (operator === 'var') {
      const path = Array.isArray(args) ? args[0] : args;
      return typeof path === 'string' ? [path.split('.')[0] ?? path] : [];
    }
    return varNames(args);
  });
}
