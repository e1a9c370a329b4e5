/**
 * The payment schedule as the journey shows it: the plan and letter option choices of the schedule
 * stage (with their tables), the payments the schedule stage's answers make and the confirm
 * button's words. Pure, shared by the browser and the server; payment-facts.ts re-exports it.
 */
import type { FormOption, OptionTable } from '@/engine/form/form-state';
import type { FormData } from '@/engine/form/flow';
import { localize } from '@/engine/i18n/split';
import { interpolate } from '@/engine/form/messages';
import type { LetterOption } from '@/generated/types/api/letter';
import { formatLongDay } from './dates';
import type { Translate } from './journey-stage';
import { formatCents, toCents } from './money';
import type { PaymentData, ScheduledPayment } from './payment-data';
import { reaches1099, type PlanChoice } from './payment-journey';
import { planSentence, planSummary } from './plan-summary';

/** A plan of the slider as a choice: its sentence, details, note and table. */
export function planOption(data: PaymentData, plan: PlanChoice, t: Translate): FormOption {
  const money = (cents: number) => formatCents(cents, data.language);
  const count = plan.schedule.length;
  const summary = planSummary(plan.schedule.map((p) => p.cents));
  const details = [
    {
      label:
        summary?.lastCents !== undefined
          ? t('payment.plan.perMonthBeforeLast')
          : t('payment.plan.perMonth'),
      value: money(plan.perMonth),
    },
    ...(summary?.lastCents !== undefined
      ? [{ label: t('payment.plan.lastPayment'), value: money(summary.lastCents) }]
      : []),
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
    label: summary
      ? planSentence(summary, 'payment.plan.label', data.language, t)
      : t('payment.plan.label', { count, amount: money(plan.perMonth) }),
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

/** The letter's option as the one choice of its schedule stage. */
export function letterOptionChoice(
  data: PaymentData,
  option: LetterOption,
  t: Translate,
): FormOption {
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

export const totalOf = (schedule: readonly ScheduledPayment[]): number =>
  schedule.reduce((sum, p) => sum + p.cents, 0);

/** The confirm button's words: 'Pay $150.00', the plan's total, the offer's total. */
export function confirmLabel(data: PaymentData, schedule: readonly ScheduledPayment[]): string {
  const cents = data.config.schedule === 'single' ? (schedule[0]?.cents ?? 0) : totalOf(schedule);
  return interpolate(localize(data.config.confirm, data.language), {
    amount: formatCents(cents, data.language),
  });
}
