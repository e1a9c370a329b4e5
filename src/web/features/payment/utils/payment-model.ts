/**
 * What each stage of the payment journey shows for one account and variant: the stage's
 * declarations in the journey file (flows/journeys/payment.json `context`, `prefill`, `lines`)
 * read against the journey's facts (domain/payment-facts.ts), and the SubmitPayment body the
 * answers make. Pure: no React, no requests. Every word comes from flows/ through `t`; no stage is
 * known here by name.
 */
import type { FormContext } from '@/engine/form/form-state';
import type { FormData, FormFlow } from '@/engine/form/flow';
import type { AnswerLine } from '@/engine/journey/JourneyView';
import { toDollars } from '@/domain/money';
import { stageContext as declaredContext, stageLines, stagePrefill } from '@/domain/journey-stage';
import {
  paymentFacts,
  requestFields,
  scheduleAnswers,
  scheduleOf,
  type Answers,
  type PaymentData,
  type Translate,
} from '@/domain/payment-facts';

export {
  acceptedMethods,
  agreementTexts,
  chosenMethod,
  confirmLabel,
  limitsOf,
  scheduleAnswers,
  scheduleOf,
  scheduleTable,
  type Payer,
  type PaymentData,
  type ScheduledPayment,
  type Translate,
} from '@/domain/payment-facts';

function stageOf(data: PaymentData, id: string) {
  return data.journey.stages.find((stage) => stage.id === id);
}

/** The run-time values a stage's form reads. */
export function stageContext(
  data: PaymentData,
  stage: string,
  answers: Answers,
  t: Translate,
): FormContext {
  const declared = stageOf(data, stage);
  return declared ? declaredContext(declared, paymentFacts(data, answers, t)) : {};
}

/** The answers a stage starts with, before the debtor changes anything. */
export function stageInitial(
  data: PaymentData,
  stage: string,
  t: Translate = (key) => key,
): FormData {
  const declared = stageOf(data, stage);
  return declared ? stagePrefill(declared, paymentFacts(data, {}, t)) : {};
}

/** The lines a completed stage lists. */
export function summarize(
  data: PaymentData,
  stage: string,
  answers: Answers,
  t: Translate,
  flows: Record<string, FormFlow | undefined> = {},
): AnswerLine[] {
  const declared = stageOf(data, stage);
  if (!declared) return [];
  const form = declared.form ?? data.config.forms[declared.id];
  return stageLines({
    stage: declared,
    facts: paymentFacts(data, answers, t),
    given: answers[stage] ?? {},
    flow: form ? flows[form] : undefined,
    language: data.language,
    t,
  });
}

/** SubmitPayment's body (spec section 3 payment submission request) from the answers. */
export function submissionBody(
  data: PaymentData,
  answers: Answers,
  letterId: number | undefined,
): Record<string, unknown> {
  const schedule = scheduleOf(data, scheduleAnswers(data.journey, answers));
  return {
    // The stages that are not the schedule's answer with the request's own field names.
    ...requestFields(data.journey, answers),
    accountNumber: data.accountNumber,
    schedule: schedule.map((p) => ({ date: p.date, amount: toDollars(p.cents) })),
    type: data.config.submissionType,
    paymentVariant: data.variant,
    ...(data.config.schedule === 'letter' && data.letterOption
      ? { letterId, letterOptionId: data.letterOption.letterOptionId }
      : {}),
  };
}
