/**
 * What each stage of the payment journey shows for one account and variant, worked out from the
 * journey file (flows/journeys/payment.json), the account's data and the answers so far: the run-time
 * values a stage's form reads (its `context`), the answers it starts with, the lines a completed
 * stage lists, the schedule the answers make, and the SubmitPayment body. Pure: no React, no
 * requests. Every word comes from flows/texts through `t`.
 */
import type { FormContext, FormOption, OptionTable } from '@/engine/form/form-state';
import type { FormData } from '@/engine/form/flow';
import type { AnswerLine } from '@/engine/journey/JourneyView';
import { localize, type Language } from '@/engine/i18n/split';
import { interpolate } from '@/engine/form/messages';
import { formatLongDay } from '@/domain/dates';
import { formatCents, toCents, toDollars } from '@/domain/money';
import {
  authorizationTexts,
  payerName,
  type AuthorizationContent,
  type AuthorizationTexts,
} from '@/domain/payment-authorization';
import {
  dateChoices,
  defaultPlan,
  reaches1099,
  singleLimits,
  type AmountFacts,
  type PaymentJourneyFile,
  type PlanChoice,
  type SingleLimits,
  type VariantConfig,
} from '@/domain/payment-journey';
import type { PaymentVariant } from '@/domain/payment-options';
import type { FundingMethod } from '@/web/api/funding-methods';
import type { LetterOption, LetterPayer } from '@/web/api/letter';
import type { PaymentSettings } from '@/web/api/payment-settings';

/** Looks a text up in flows/texts (i18next's `t`). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Who pays, as on file (the debtor, or the addressee of the letter, with no phone). */
export interface Payer extends LetterPayer {
  phone: string | null;
}

export interface PaymentData {
  variant: PaymentVariant;
  config: VariantConfig;
  journey: PaymentJourneyFile;
  today: string;
  language: Language;
  accountNumber: string;
  creditor: string;
  payer: Payer;
  settings: PaymentSettings;
  /** Single-payment variants: the amounts the rules read. */
  facts?: AmountFacts;
  /** Plan variants: the plans offered, sorted. */
  plans?: readonly PlanChoice[];
  /** Letter variant: the option chosen on the letter page. */
  letterOption?: LetterOption;
  methods: readonly FundingMethod[];
  agency: string;
  authorization: AuthorizationContent;
}

export interface ScheduledPayment {
  date: string;
  cents: number;
}

type Answers = Record<string, FormData | undefined>;

const flag = (value: boolean): number => (value ? 1 : 0);
const isBusiness = (payer: Payer): boolean => !payer.firstName;

export function limitsOf(data: PaymentData): SingleLimits | null {
  return data.config.schedule === 'single' && data.facts
    ? singleLimits(data.config, data.facts, data.today)
    : null;
}

/** The methods this account accepts (client settings); expired ones stay listed. */
export function acceptedMethods(data: PaymentData): FundingMethod[] {
  const { allowBankAccount, allowCreditCard, allowDebitCard } = data.settings;
  return data.methods.filter((method) =>
    method.type === 'bank'
      ? allowBankAccount
      : method.cardType === 'debit'
        ? allowDebitCard
        : allowCreditCard,
  );
}

function planOption(data: PaymentData, plan: PlanChoice, t: Translate): FormOption {
  const money = (cents: number) => formatCents(cents, data.language);
  const count = plan.schedule.length;
  const details = [
    { label: t('payment.plan.perMonth'), value: money(plan.perMonth) },
    { label: t('payment.plan.count'), value: String(count) },
    { label: t('payment.plan.total'), value: money(plan.total) },
  ];
  if (plan.savings > 0) {
    details.push({ label: t('payment.plan.savings'), value: money(plan.savings) });
  }
  const note = reaches1099(plan.savings, data.journey.form1099Threshold)
    ? t('payment.plan.form1099', {
        amount: formatCents(toCents(data.journey.form1099Threshold), data.language),
      })
    : undefined;
  return {
    value: plan.numMonths,
    label: t('payment.plan.label', { count, amount: money(plan.perMonth) }),
    details,
    table: scheduleTable(data, plan.schedule, t),
    ...(note ? { note } : {}),
  };
}

/** A schedule's payments as a table: number, day and amount (the plan choice's, the review's). */
export function scheduleTable(
  data: PaymentData,
  schedule: readonly ScheduledPayment[],
  t: Translate,
): OptionTable {
  return {
    caption: t('payment.schedule.caption'),
    columns: [
      t('payment.schedule.number'),
      t('payment.schedule.date'),
      t('payment.schedule.amount'),
    ],
    rows: schedule.map((payment, index) => [
      String(index + 1),
      formatLongDay(payment.date, data.language),
      formatCents(payment.cents, data.language),
    ]),
    amounts: [2],
  };
}

function letterSchedule(option: LetterOption): ScheduledPayment[] {
  return option.paymentSchedule.map((p) => ({ date: p.date, cents: toCents(p.amount) }));
}

function letterOptionChoice(data: PaymentData, option: LetterOption, t: Translate): FormOption {
  const money = (cents: number) => formatCents(cents, data.language);
  const schedule = letterSchedule(option);
  const total = schedule.reduce((sum, p) => sum + p.cents, 0);
  return {
    value: option.letterOptionId,
    label: t('payment.letter.label', { number: option.optionNumber, amount: money(total) }),
    details: [
      { label: t('payment.plan.count'), value: String(schedule.length) },
      { label: t('payment.plan.total'), value: money(total) },
      { label: t('payment.letter.discount'), value: `${Math.round(option.discount * 100)}%` },
    ],
    table: scheduleTable(data, schedule, t),
  };
}

/** The payments the arrangement stage's answers make (empty until they are complete). */
export function scheduleOf(data: PaymentData, answers: FormData | undefined): ScheduledPayment[] {
  if (!answers) return [];
  if (data.config.schedule === 'plan') {
    const plan = data.plans?.find((p) => p.numMonths === answers.planMonths);
    return plan ? [...plan.schedule] : [];
  }
  if (data.config.schedule === 'letter') {
    return data.letterOption && answers.letterOptionId === data.letterOption.letterOptionId
      ? letterSchedule(data.letterOption)
      : [];
  }
  const date = answers.dateChoice === 'advanced' ? answers.paymentDate : answers.dateChoice;
  const amount = answers.amount;
  if (typeof date !== 'string' || typeof amount !== 'number') return [];
  return [{ date, cents: toCents(amount) }];
}

const totalOf = (schedule: readonly ScheduledPayment[]): number =>
  schedule.reduce((sum, p) => sum + p.cents, 0);

/** The confirm button's words: 'Pay $150.00', the plan's total, the offer's total. */
export function confirmLabel(data: PaymentData, schedule: readonly ScheduledPayment[]): string {
  const cents = data.config.schedule === 'single' ? (schedule[0]?.cents ?? 0) : totalOf(schedule);
  return interpolate(localize(data.config.confirm, data.language), {
    amount: formatCents(cents, data.language),
  });
}

/** The method chosen on the funding stage. */
export function chosenMethod(data: PaymentData, answers: Answers): FundingMethod | undefined {
  const id = answers.funding?.fundingId;
  return data.methods.find((method) => method.id === id);
}

/** The texts the debtor agrees to, for the answers so far. */
export function agreementTexts(data: PaymentData, answers: Answers): AuthorizationTexts {
  const schedule = scheduleOf(data, answers.arrangement);
  const contact = answers['contact-details'] ?? {};
  return authorizationTexts(data.authorization, data.language, {
    name: payerName({
      firstName: contact.firstName as string | undefined,
      lastName: contact.lastName as string | undefined,
      businessName: contact.businessName as string | undefined,
    }),
    agency: data.agency,
    creditor: data.creditor,
    accountNumber: data.accountNumber,
    method: chosenMethod(data, answers)?.name ?? '',
    phone: data.settings.supportPhoneNumber ?? '',
    action: confirmLabel(data, schedule),
    payments: schedule,
  });
}

/** The run-time values a stage's form reads. */
export function stageContext(
  data: PaymentData,
  stage: string,
  answers: Answers,
  t: Translate,
): FormContext {
  const day = (date: string) => formatLongDay(date, data.language);
  const money = (cents: number) => formatCents(cents, data.language);
  switch (stage) {
    case 'arrangement': {
      if (data.config.schedule === 'plan') {
        return { plans: (data.plans ?? []).map((plan) => planOption(data, plan, t)) };
      }
      if (data.config.schedule === 'letter') {
        const option = data.letterOption;
        return { letterOptions: option ? [letterOptionChoice(data, option, t)] : [] };
      }
      const limits = limitsOf(data);
      if (!limits) return {};
      const fixed = limits.fixed !== null;
      return {
        amountFixed: flag(fixed),
        minAmount: toDollars(limits.min ?? 0),
        maxAmount: toDollars(limits.max ?? 0),
        minAmountText: money(limits.min ?? 0),
        maxAmountText: money(limits.max ?? 0),
        amountHint:
          !fixed && limits.min !== null && limits.max !== null
            ? t('payment.amountRange', { min: money(limits.min), max: money(limits.max) })
            : '',
        firstDay: limits.firstDay,
        lastDay: limits.lastDay,
        firstDayText: day(limits.firstDay),
        lastDayText: day(limits.lastDay),
        maxDays: limits.maxDays,
        dateChoices: dateChoices(limits.firstDay, limits.lastDay).map(({ choice, date }) => ({
          value: date ?? 'advanced',
          label: t(`payment.dateChoice.${choice}`, { date: date ? day(date) : '' }),
        })),
      };
    }
    case 'contact-details':
      return {
        isBusiness: flag(isBusiness(data.payer)),
        businessName: data.payer.businessName ?? data.payer.lastName,
      };
    case 'funding': {
      const methods = acceptedMethods(data);
      return {
        hasMethods: flag(methods.length > 0),
        hasUsable: flag(methods.some((method) => !method.isExpired)),
        fundingMethods: methods.map((method) => ({
          value: method.id,
          label: method.name,
          ...(method.isExpired ? { disabled: true, hint: t('payment.funding.expired') } : {}),
        })),
      };
    }
    case 'disclosure': {
      const texts = agreementTexts(data, answers);
      return {
        agreementText: texts.agreement,
        eSignText: texts.eSign,
        authorizationText: texts.authorization,
      };
    }
    default:
      return {};
  }
}

/** The answers a stage starts with, before the debtor changes anything. */
export function stageInitial(data: PaymentData, stage: string): FormData {
  switch (stage) {
    case 'arrangement': {
      if (data.config.schedule === 'plan') {
        const plan = defaultPlan(data.plans ?? [], data.config.defaultPlan);
        return plan ? { planMonths: plan.numMonths } : {};
      }
      if (data.config.schedule === 'letter') {
        return data.letterOption ? { letterOptionId: data.letterOption.letterOptionId } : {};
      }
      const limits = limitsOf(data);
      return limits ? { amount: toDollars(limits.suggested), dateChoice: limits.firstDay } : {};
    }
    case 'contact-details': {
      const { payer } = data;
      const business = isBusiness(payer);
      const phone = (payer.phone ?? '').replace(/\D/g, '');
      return Object.fromEntries(
        Object.entries({
          businessName: business ? (payer.businessName ?? payer.lastName) : undefined,
          firstName: business ? undefined : (payer.firstName ?? undefined),
          lastName: business ? undefined : payer.lastName,
          address1: payer.addressLine1 ?? undefined,
          address2: payer.addressLine2 ?? undefined,
          city: payer.city ?? undefined,
          state: payer.state ?? undefined,
          zip: payer.zip ?? undefined,
          phoneNumber: phone.length >= 10 ? phone : undefined,
        }).filter(([, value]) => value !== undefined && value !== ''),
      );
    }
    default:
      return {};
  }
}

/** The lines a completed stage lists. */
export function summarize(
  data: PaymentData,
  stage: string,
  answers: Answers,
  t: Translate,
): AnswerLine[] {
  const money = (cents: number) => formatCents(cents, data.language);
  const given = answers[stage] ?? {};
  switch (stage) {
    case 'arrangement': {
      const schedule = scheduleOf(data, given);
      if (schedule.length === 0) return [];
      if (data.config.schedule === 'single') {
        return [
          { label: t('payment.summary.amount'), value: money(schedule[0]!.cents) },
          {
            label: t('payment.summary.date'),
            value: formatLongDay(schedule[0]!.date, data.language),
          },
        ];
      }
      return [
        {
          label: t('payment.summary.payments'),
          value: t('payment.summary.paymentsValue', {
            count: schedule.length,
            first: formatLongDay(schedule[0]!.date, data.language),
          }),
        },
        { label: t('payment.summary.total'), value: money(totalOf(schedule)) },
      ];
    }
    case 'contact-details': {
      const name = payerName({
        firstName: given.firstName as string | undefined,
        lastName: given.lastName as string | undefined,
        businessName: given.businessName as string | undefined,
      });
      const address = [
        given.address1,
        given.address2,
        [given.city, [given.state, given.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(', ');
      const lines = [
        { label: t('payment.summary.name'), value: name },
        { label: t('payment.summary.address'), value: address },
      ];
      const phone = typeof given.phoneNumber === 'string' ? given.phoneNumber : '';
      if (phone) {
        lines.push({
          label: t('payment.summary.phone'),
          value: phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3'),
        });
      }
      return lines;
    }
    case 'funding': {
      const method = chosenMethod(data, answers);
      return method ? [{ label: t('payment.summary.method'), value: method.name }] : [];
    }
    case 'disclosure':
      return given.authorizationDisclosuresAccepted === true
        ? [{ label: t('payment.summary.agreement'), value: t('payment.summary.accepted') }]
        : [];
    default:
      return [];
  }
}

/** SubmitPayment's body (spec section 3 payment submission request) from the answers. */
export function submissionBody(
  data: PaymentData,
  answers: Answers,
  letterId: number | undefined,
): Record<string, unknown> {
  const schedule = scheduleOf(data, answers.arrangement);
  // Every stage but the arrangement answers with the request's own field names.
  const fields = Object.assign(
    {},
    ...data.journey.stages
      .filter((stage) => stage.id !== 'arrangement' && !stage.review)
      .map((stage) => answers[stage.id] ?? {}),
  ) as FormData;
  return {
    ...fields,
    accountNumber: data.accountNumber,
    schedule: schedule.map((p) => ({ date: p.date, amount: toDollars(p.cents) })),
    type: data.config.submissionType,
    paymentVariant: data.variant,
    ...(data.config.schedule === 'letter' && data.letterOption
      ? { letterId, letterOptionId: data.letterOption.letterOptionId }
      : {}),
  };
}
