/**
 * The payment journey's facts: what its stages' declarations (flows/journeys/payment.json
 * `context`, `prefill`, `lines`) read, worked out from the account's data, the variant and the
 * answers so far. The variant's schedule kind decides what is offered (`offer`: an amount and a
 * day within the limits, the plans, the letter's option) and what it starts with (`offerStart`);
 * the rest is the payer on file (`payer`), the methods (`methods`, `method`), the texts agreed to
 * (`agreement`), the schedule the answers make (`payments`) and the answers (`answers`). Pure,
 * shared by the browser and the server (which builds the `payer` and `methods` facts of a request
 * with the same functions). The data they are worked out from is payment-data.ts, the schedule's
 * choices and the schedule the answers make payment-schedule.ts (both re-exported here).
 */
import type { FormData } from '@/engine/form/flow';
import type { FundingMethod } from '@/generated/types/api/funding-method';
import { formatLongDay } from './dates';
import type { JourneyFacts, Translate } from './journey-stage';
import { formatCents, toDollars } from './money';
import { authorizationTexts, payerName, type AuthorizationTexts } from './payment-authorization';
import {
  acceptedMethods,
  limitsOf,
  type Answers,
  type Payer,
  type PaymentData,
  type ScheduledPayment,
} from './payment-data';
import { dateChoices, defaultPlan, type PaymentJourneyFile } from './payment-journey';
import {
  confirmLabel,
  letterOptionChoice,
  planOption,
  scheduleOf,
  totalOf,
} from './payment-schedule';
import { planSentence, planSummary } from './plan-summary';

export type { Translate };

export type { Answers, Payer, PaymentData, ScheduledPayment } from './payment-data';
export { acceptedMethods, limitsOf } from './payment-data';
export { confirmLabel, scheduleOf, scheduleTable } from './payment-schedule';

/** The answers of the stages whose answers are fields of the request, merged (the schedule's aside). */
export function requestFields(journey: PaymentJourneyFile, answers: Answers): FormData {
  return Object.assign(
    {},
    ...journey.stages
      .filter((stage) => !stage.schedule && !stage.review && stage.send !== false)
      .map((stage) => answers[stage.id] ?? {}),
  ) as FormData;
}

/** The answers of the stage whose answers make the schedule. */
export function scheduleAnswers(
  journey: PaymentJourneyFile,
  answers: Answers,
): FormData | undefined {
  const stage = journey.stages.find((s) => s.schedule);
  return stage ? answers[stage.id] : undefined;
}

/** The method the answers chose (the request's `fundingId`). */
export function chosenMethod(data: PaymentData, answers: Answers): FundingMethod | undefined {
  const id = requestFields(data.journey, answers).fundingId;
  return data.methods.find((method) => method.id === id);
}

/** The texts the debtor agrees to, for the answers so far. */
export function agreementTexts(data: PaymentData, answers: Answers): AuthorizationTexts {
  const schedule = scheduleOf(data, scheduleAnswers(data.journey, answers));
  const fields = requestFields(data.journey, answers);
  return authorizationTexts(data.authorization, data.language, {
    name: payerName({
      firstName: fields.firstName as string | undefined,
      lastName: fields.lastName as string | undefined,
      businessName: fields.businessName as string | undefined,
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

const flag = (value: boolean): number => (value ? 1 : 0);

/** The payer's facts: who they are, and the contact details a form starts with. */
export function payerFacts(payer: Payer): JourneyFacts {
  const business = !payer.firstName;
  const phone = (payer.phone ?? '').replace(/\D/g, '');
  return {
    isBusiness: flag(business),
    /** The business a payment is made for (the last name, when no business name is on file). */
    businessName: payer.businessName ?? payer.lastName,
    firstName: business ? null : payer.firstName,
    lastName: business ? null : payer.lastName,
    address1: payer.addressLine1,
    address2: payer.addressLine2,
    city: payer.city,
    state: payer.state,
    zip: payer.zip,
    phoneNumber: phone.length >= 10 ? phone : null,
  };
}

/** The methods' facts: whether there is one, one that may pay, and the list to choose from. */
export function methodFacts(
  methods: readonly Pick<FundingMethod, 'id' | 'name' | 'isExpired'>[],
  t: Translate,
): JourneyFacts {
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

/** What the variant offers on the schedule stage, by its schedule kind. */
function offerFacts(data: PaymentData, t: Translate): JourneyFacts {
  const day = (date: string) => formatLongDay(date, data.language);
  const money = (cents: number) => formatCents(cents, data.language);
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

/** What the schedule stage starts with: the suggested amount and first day, the default plan, the letter's option. */
function offerStart(data: PaymentData): JourneyFacts {
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

/** The schedule the answers make, in the forms the review lines and stage forms read. */
function paymentsFacts(
  data: PaymentData,
  schedule: readonly ScheduledPayment[],
  t: Translate,
): JourneyFacts {
  const first = schedule[0];
  const total = totalOf(schedule);
  const summary = schedule.length > 1 ? planSummary(schedule.map((p) => p.cents)) : null;
  return {
    /** More than one payment: what each payment takes, in words (the last named when it differs). */
    planText: summary ? planSentence(summary, 'payment.plan.label', data.language, t) : null,
    count: schedule.length,
    single: flag(data.config.schedule === 'single'),
    firstDate: first?.date ?? null,
    firstDateText: first ? formatLongDay(first.date, data.language) : null,
    firstCents: first?.cents ?? null,
    totalCents: schedule.length > 0 ? total : null,
    perMonthCents: first?.cents ?? null,
    perMonth: first ? toDollars(first.cents) : null,
    perMonthText: first ? formatCents(first.cents, data.language) : null,
    total: schedule.length > 0 ? toDollars(total) : null,
  };
}

/** The facts of the account's data alone, whatever the answers: what is offered, the payer, the methods. */
export interface DataFacts {
  offer: JourneyFacts;
  offerStart: JourneyFacts;
  payer: JourneyFacts;
  methods: JourneyFacts;
}

export function dataFacts(data: PaymentData, t: Translate): DataFacts {
  return {
    offer: offerFacts(data, t),
    offerStart: offerStart(data),
    payer: payerFacts(data.payer),
    methods: methodFacts(acceptedMethods(data), t),
  };
}

/**
 * Every fact a stage's declarations may read. `fixed` is `dataFacts(data, t)`, passed in by a
 * caller that keeps it while only the answers change (the browser, at each stage).
 */
export function paymentFacts(
  data: PaymentData,
  answers: Answers,
  t: Translate,
  fixed: DataFacts = dataFacts(data, t),
): JourneyFacts {
  const schedule = scheduleOf(data, scheduleAnswers(data.journey, answers));
  const method = chosenMethod(data, answers);
  // Worked out when a declaration first reads it (the disclosure stage), not at every answer.
  let agreement: Record<string, string> | undefined;
  return {
    today: data.today,
    variant: data.variant,
    kind: data.config.schedule,
    ...fixed,
    method: method ? { id: method.id, name: method.name } : null,
    get agreement() {
      if (!agreement) {
        const texts = agreementTexts(data, answers);
        agreement = {
          agreementText: texts.agreement,
          eSignText: texts.eSign,
          authorizationText: texts.authorization,
        };
      }
      return agreement;
    },
    payments: paymentsFacts(data, schedule, t),
    answers,
  };
}
