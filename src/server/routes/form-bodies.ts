/**
 * Request bodies that are form data are validated exactly as the browser validates the form:
 * `validateForm` from the engine with the flow file (flows/forms, as read at start-up) and the
 * precompiled validator of the form's schema (src/generated/validators). Errors come back as
 * `{ path: '/field', keyword, message }` with the flow's own texts in the caller's language.
 *
 * Two kinds of check the engine cannot express yet live here as data, each naming a field, a
 * keyword (its text is in the flow file's `errors`) and a JSON Logic condition over the pruned
 * form data: cross-field equality (contact-us emailConfirm). Checks that need the database or the
 * agency's clock (account ownership, name changes, filing date) are done by the routes with
 * `formError`.
 */
import type { FastifyRequest } from 'fastify';
import type { FormFlow, FormData } from '../../engine/form/flow';
import { computeFormState } from '../../engine/form/form-state';
import { errorMessage, treeTranslator, type Translator } from '../../engine/form/messages';
import { loadPrecompiled, type CompiledForm } from '../../engine/form/precompiled';
import { validateForm } from '../../engine/form/validate';
import type { LocalizedTree } from '../../engine/i18n/split';
import { test, type JsonLogic } from '../../engine/rules/json-logic';
import * as addPhone from '../../generated/validators/add-phone.js';
import * as bankruptcy from '../../generated/validators/bankruptcy.js';
import * as communicationPreferences from '../../generated/validators/communication-preferences.js';
import * as contactInformation from '../../generated/validators/contact-information.js';
import * as contactUs from '../../generated/validators/contact-us.js';
import * as dispute from '../../generated/validators/dispute.js';
import type { PortalContext } from '../context';
import { ApiError, languageOf, type FieldError } from '../http/errors';

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

interface CrossFieldCheck {
  field: string;
  keyword: string;
  /** True when the data is wrong. */
  when: JsonLogic;
}

/**
 * Cross-field checks the form engine has no rule for yet (proposed engine addition: a rule effect
 * `invalid` with a `keyword`, evaluated by validateForm). Until then the browser and server agree
 * on these through this list.
 */
const CROSS_FIELD: Partial<Record<FormName, CrossFieldCheck[]>> = {
  'contact-us': [
    {
      field: 'emailConfirm',
      keyword: 'const',
      when: {
        and: [
          { var: 'commEmail' },
          { var: 'emailConfirm' },
          { '!=': [{ var: 'email' }, { var: 'emailConfirm' }] },
        ],
      },
    },
  ],
};

export class FormValidator {
  private readonly flows = new Map<FormName, FormFlow>();

  constructor(private readonly ctx: PortalContext) {
    for (const name of FORM_NAMES) {
      const flow = ctx.config.forms[name] as FormFlow | undefined;
      if (!flow) throw new Error(`flows/forms/${name}.json is missing`);
      this.flows.set(name, flow);
      compiledForm(name);
    }
  }

  flow(name: FormName): FormFlow {
    const flow = this.flows.get(name);
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

  /** Throws 400 with the errors, if any. */
  fail(errors: FieldError[]): void {
    if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
  }

  /**
   * Validates `body` as form `name` and returns the data with hidden fields pruned (what the
   * browser would submit). Throws 400 with field errors otherwise.
   */
  check(request: FastifyRequest, name: FormName, body: unknown): FormData {
    const flow = this.flow(name);
    const data = (body ?? {}) as FormData;
    const translate = this.translator(request);
    const errors: FieldError[] = validateForm({
      flow,
      validate: compiledForm(name).validate,
      data,
      translate,
    }).map((e) => ({
      path: e.field ? `/${e.field}` : '/',
      keyword: e.keyword,
      message: e.message,
    }));
    const state = computeFormState(flow, data);
    for (const check of CROSS_FIELD[name] ?? []) {
      if (errors.some((e) => e.path === `/${check.field}`)) continue;
      if (test(check.when, state.data))
        errors.push(this.error(request, name, check.field, check.keyword));
    }
    this.fail(errors);
    return state.data;
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
