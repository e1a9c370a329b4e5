/**
 * Request bodies that are form data are validated exactly as the browser validates the form:
 * `validateForm` from the engine with the flow file (flows/forms, of the content served now) and the
 * precompiled validator of the form's schema (src/generated/validators). Errors come back as
 * `{ path: '/field', keyword, message }` with the flow's own texts in the caller's language.
 *
 * Cross-field checks (contact-us emailConfirm, dispute reasons) are `invalid` rules in the flow
 * files, and `dateMax: 'today'` is checked against the agency's calendar day (`ctx.today()`), so
 * both are part of `validateForm`. Checks that need the database (account ownership, name
 * changes) are done by the routes with `error`.
 */
import type { FastifyRequest } from 'fastify';
import type { FieldError } from '@/generated/types/api/error';
import type { FormFlow, FormData } from '../../engine/form/flow';
import { computeFormState } from '../../engine/form/form-state';
import { errorMessage, treeTranslator, type Translator } from '../../engine/form/messages';
import { loadPrecompiled, type CompiledForm } from '../../engine/form/precompiled';
import { validateForm } from '../../engine/form/validate';
import type { LocalizedTree } from '../../engine/i18n/split';
import * as addPhone from '../../generated/validators/add-phone.js';
import * as bankruptcy from '../../generated/validators/bankruptcy.js';
import * as communicationPreferences from '../../generated/validators/communication-preferences.js';
import * as contactInformation from '../../generated/validators/contact-information.js';
import * as contactUs from '../../generated/validators/contact-us.js';
import * as dispute from '../../generated/validators/dispute.js';
import type { PortalConfig } from '../config';
import type { PortalContext } from '../context';
import { fieldTypeErrors, hiddenFieldErrors } from '../forms/hidden-fields';
import { ApiError, languageOf } from '../http/errors';

const MODULES = {
  'add-phone': addPhone,
  bankruptcy,
  'communication-preferences': communicationPreferences,
  'contact-information': contactInformation,
  'contact-us': contactUs,
  dispute,
};

export type FormName = keyof typeof MODULES;
export const FORM_NAMES = Object.keys(MODULES) as FormName[];

const compiled = new Map<FormName, CompiledForm>();
function compiledForm(name: FormName): CompiledForm {
  let form = compiled.get(name);
  if (!form) {
    form = loadPrecompiled(MODULES[name]);
    compiled.set(name, form);
  }
  return form;
}

/** The JSON Schema of a form (for the OpenAPI document). */
export function formSchema(name: FormName): Record<string, unknown> {
  return compiledForm(name).schema as Record<string, unknown>;
}

/** Throws, naming it, when a form the routes validate bodies with is missing from the config. */
export function checkBodyForms(config: PortalConfig): void {
  for (const name of FORM_NAMES) {
    if (!config.forms[name]) throw new Error(`flows/forms/${name}.json is missing`);
  }
}

export class FormValidator {
  /** The flows are read from the content served now (ctx.config): a publish changes them. */
  constructor(private readonly ctx: PortalContext) {
    checkBodyForms(ctx.config);
    for (const name of FORM_NAMES) compiledForm(name);
  }

  flow(name: FormName): FormFlow {
    const flow = this.ctx.config.forms[name] as FormFlow | undefined;
    if (!flow) throw new Error(`unknown form ${name}`);
    return flow;
  }

  translator(request: FastifyRequest): Translator {
    return treeTranslator(this.ctx.config.texts as LocalizedTree, languageOf(request));
  }

  /** A field error with the flow's text for `keyword` (server-only checks). */
  error(
    request: FastifyRequest,
    name: FormName,
    field: string,
    keyword: string,
    params: Record<string, unknown> = {},
  ): FieldError {
    return {
      path: `/${field}`,
      keyword,
      message: errorMessage(this.flow(name), { field, keyword, params }, this.translator(request)),
    };
  }

  /**
   * Throws 400 when a field of `body` that the form declares has another JSON type than its
   * schema's. For the fields a route sets itself before `check` (the debtor's allowed channels,
   * whether they are a business): what the client sent there is replaced, but must be well typed.
   */
  checkTypes(request: FastifyRequest, name: FormName, body: unknown, fields: string[]): void {
    const data = (body ?? {}) as FormData;
    const flow = this.flow(name);
    const schema = compiledForm(name).schema as Record<string, unknown>;
    this.fail(fieldTypeErrors({ flow, schema, data, fields, translate: this.translator(request) }));
  }

  /** Throws 400 with the errors, if any. */
  fail(errors: FieldError[]): void {
    if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
  }

  /**
   * Validates `body` as form `name` and returns the data with hidden fields pruned (what the
   * browser would submit): routes store only that. A hidden field must still have its declared
   * type (forms/hidden-fields.ts). Throws 400 with field errors otherwise.
   */
  check(request: FastifyRequest, name: FormName, body: unknown): FormData {
    const flow = this.flow(name);
    const data = (body ?? {}) as FormData;
    const translate = this.translator(request);
    const form = compiledForm(name);
    const errors: FieldError[] = validateForm({
      flow,
      validate: form.validate,
      data,
      translate,
      today: this.ctx.today(),
    }).map((e) => ({
      path: e.field ? `/${e.field.split('.').join('/')}` : '/',
      keyword: e.keyword,
      message: e.message,
    }));
    errors.push(
      ...hiddenFieldErrors({
        flow,
        schema: form.schema as Record<string, unknown>,
        data,
        translate,
      }),
    );
    this.fail(errors);
    return computeFormState(flow, data).data;
  }
}

const validators = new WeakMap<PortalContext, FormValidator>();

/** One FormValidator per server (the route modules register once per API family). */
export function formValidator(ctx: PortalContext): FormValidator {
  let validator = validators.get(ctx);
  if (!validator) {
    validator = new FormValidator(ctx);
    validators.set(ctx, validator);
  }
  return validator;
}
