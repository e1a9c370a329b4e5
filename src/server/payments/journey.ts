/**
 * The payment journey file (flows/journeys/payment.json) on the server: checked at start-up
 * (meta-schema and the domain's own checks), and used to re-check every submission with the same
 * data the browser used: the variant's amount and date rules, and the forms of the stages whose
 * answers are fields of the request (contact details, payment method, disclosures).
 */
import type { FieldError } from '@/generated/types/api/error';
import type { FormData, FormFlow } from '../../engine/form/flow';
import type { Translator } from '../../engine/form/messages';
import { validateForm } from '../../engine/form/validate';
import { stageContext, type JourneyFacts } from '../../domain/journey-stage';
import {
  checkPaymentJourney,
  optionVariantIds,
  variantIds,
  type PaymentJourneyFile,
} from '../../domain/payment-journey';
import { metaSchemaCheck } from '../ajv';
import type { PortalConfig } from '../config';
import { compiledForm } from '../forms/compiled-forms';
import type { SchemaEnums } from '../http/validation';

/** The journey file, or an error naming what is wrong with it (the server does not start). */
export function loadPaymentJourney(config: PortalConfig): PaymentJourneyFile {
  const file = (config.journeys as Record<string, unknown> | undefined)?.payment;
  if (file === undefined) throw new Error('flows/journeys/payment.json is missing');
  metaSchemaCheck('payment-journey')(file, 'flows/journeys/payment.json');
  const journey = file as PaymentJourneyFile;
  const problems = checkPaymentJourney(journey);
  if (problems.length > 0) throw new Error(`flows/journeys/payment.json: ${problems.join('; ')}`);
  return journey;
}

/**
 * The id lists the API schemas take from the journey (their `x-enum-from`): every variant (a
 * request's `paymentVariant`) and those the option rules may offer (an account's options). None
 * without a journey file: the schemas then take any id of the right form.
 */
export function journeyEnums(config: PortalConfig): SchemaEnums {
  if ((config.journeys as Record<string, unknown> | undefined)?.payment === undefined) return {};
  const journey = loadPaymentJourney(config);
  return { 'payment-variants': variantIds(journey), 'option-variants': optionVariantIds(journey) };
}

/**
 * The field errors of a submission against the forms of the stages whose answers are fields of the
 * request (not the schedule's stage, whose answers are the request's schedule, and not a stage
 * kept in the browser, `send: false`): each form sees the request's fields it declares, with the
 * context its stage declares, read against the same facts the browser built (domain/payment-facts).
 */
export function stageFieldErrors(input: {
  journey: PaymentJourneyFile;
  flows: Record<string, unknown>;
  body: FormData;
  facts: JourneyFacts;
  translate: Translator;
  today: string;
}): FieldError[] {
  const errors: FieldError[] = [];
  for (const stage of input.journey.stages) {
    if (!stage.form || stage.schedule || stage.review || stage.send === false) continue;
    const flow = input.flows[stage.form] as FormFlow | undefined;
    if (!flow) throw new Error(`flows/forms/${stage.form}.json is missing`);
    const form = compiledForm(stage.form);
    const fields = Object.keys(
      (form.schema.properties as Record<string, unknown> | undefined) ?? {},
    );
    const data = Object.fromEntries(
      fields.filter((field) => field in input.body).map((field) => [field, input.body[field]]),
    );
    for (const error of validateForm({
      flow,
      validate: form.validate,
      data,
      translate: input.translate,
      today: input.today,
      context: stageContext(stage, input.facts),
    })) {
      errors.push({
        path: error.field ? `/${error.field.split('.').join('/')}` : '/',
        keyword: error.keyword,
        message: error.message,
      });
    }
  }
  return errors;
}
