/**
 * Forms that are only recorded (issue 23): a page file (flows/pages) whose form submits with the
 * call `recordForm` has its submissions kept by the server in one table (`form_records`: form
 * name, form version, debtor, account, confirmation code, time and the validated data as JSON),
 * with no route or table of its own. So a new recorded one-form page is a schema, a flow file and a
 * page file: no server code.
 *
 * A body is validated exactly as the browser's form validates it (validateForm with the flow and
 * the form's schema: the build's precompiled validator when there is one, else the schema compiled
 * here, on the server, from schemas/), hidden fields are pruned, and an `accountNumber` field
 * must be the signed-in debtor's account (another's is 404). Only forms a page records can be
 * recorded; a form with a field that may hold an SSN, a date of birth or a card or bank number is
 * refused when the server starts, as such data is never stored.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { FieldError } from '@/generated/types/api/error';
import type { FormData, FormFlow } from '../../engine/form/flow';
import { computeFormState } from '../../engine/form/form-state';
import { treeTranslator } from '../../engine/form/messages';
import { schemaErrors, type CompiledForm } from '../../engine/form/precompiled';
import { validateForm } from '../../engine/form/validate';
import type { LocalizedTree } from '../../engine/i18n/split';
import type { PortalConfig } from '../config';
import { perConfig } from '../content/per-config';
import type { Language } from '../http/messages';
import { ApiError } from '../http/errors';
import { hasPrecompiledForm, compiledForm } from './compiled-forms';
import { hiddenFieldErrors } from './hidden-fields';

/** The submit call of a page form whose submissions the server records. */
export const RECORD_CALL = 'recordForm';

/** Field names never stored: what logs redact and the database must never hold. */
const SENSITIVE_FIELD =
  /ssn|socialsecurity|dateofbirth|birth|cardnumber|bankaccountnumber|routing|cvv|pin$/i;

export interface RecordedForm {
  name: string;
  flow: FormFlow;
  compiled: CompiledForm;
  /** Changes whenever the form's flow file or schema changes (a hash of both). */
  version: string;
  /** The form has an `accountNumber` field: it must be the debtor's. */
  hasAccount: boolean;
}

interface PageFile {
  forms?: { form?: string; submit?: { call?: string } }[];
}

/** The forms the page files record, by name. */
function recordedNames(config: PortalConfig): string[] {
  const names = new Set<string>();
  for (const page of Object.values(config.pages ?? {}) as PageFile[]) {
    for (const entry of page.forms ?? []) {
      if (entry.submit?.call === RECORD_CALL && typeof entry.form === 'string') {
        names.add(entry.form);
      }
    }
  }
  return [...names].sort();
}

function compile(name: string, flow: FormFlow, schemasDir: string): CompiledForm {
  if (hasPrecompiledForm(name)) return compiledForm(name);
  // A form the build has not precompiled (a page added after the build): the server compiles its
  // schema itself; only the browser needs a precompiled validator (its CSP forbids eval).
  const file = path.join(schemasDir, `${flow.schema}.schema.json`);
  if (!existsSync(file)) throw new Error(`flows/forms/${name}.json: no schema ${flow.schema}`);
  const schema = JSON.parse(readFileSync(file, 'utf8')) as RJSFSchema;
  const validator = customizeValidator<FormData>();
  return { schema, validator, validate: schemaErrors(validator, schema) };
}

/** The recorded forms of the loaded flows, checked: the server does not start with a bad one. */
export function loadRecordedForms(
  config: PortalConfig,
  schemasDir: string,
): Map<string, RecordedForm> {
  const forms = new Map<string, RecordedForm>();
  for (const name of recordedNames(config)) {
    const flow = config.forms[name] as FormFlow | undefined;
    if (!flow)
      throw new Error(`a page records form ${name}, but flows/forms/${name}.json is missing`);
    const compiled = compile(name, flow, schemasDir);
    const properties = Object.keys(
      ((compiled.schema as { properties?: Record<string, unknown> }).properties ?? {}) as object,
    );
    const sensitive = properties.filter((field) => SENSITIVE_FIELD.test(field));
    if (sensitive.length > 0) {
      throw new Error(
        `flows/forms/${name}.json: a recorded form may not have ${sensitive.join(', ')} (never stored)`,
      );
    }
    const version = createHash('sha256')
      .update(JSON.stringify([flow, compiled.schema]))
      .digest('hex')
      .slice(0, 16);
    forms.set(name, {
      name,
      flow,
      compiled,
      version,
      hasAccount: properties.includes('accountNumber'),
    });
  }
  return forms;
}

/** The body as the form's own data, validated as the browser validates it, hidden fields pruned. */
export function checkRecorded(
  form: RecordedForm,
  body: unknown,
  texts: LocalizedTree,
  language: Language,
  today: string,
): FormData {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'invalidRequest');
  }
  const data = body as FormData;
  const translate = treeTranslator(texts, language);
  const errors: FieldError[] = validateForm({
    flow: form.flow,
    validate: form.compiled.validate,
    data,
    translate,
    today,
  }).map((e) => ({
    path: e.field ? `/data/${e.field.split('.').join('/')}` : '/data',
    keyword: e.keyword,
    message: e.message,
  }));
  errors.push(
    ...hiddenFieldErrors({
      flow: form.flow,
      schema: form.compiled.schema as Record<string, unknown>,
      data,
      translate,
    }).map((e) => ({ ...e, path: `/data${e.path}` })),
  );
  if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
  return computeFormState(form.flow, data).data;
}

const bySchemasDir = new Map<string, (config: PortalConfig) => Map<string, RecordedForm>>();

/** loadRecordedForms once per config object (a published version), for one schemas folder. */
export function recordedFormsOf(
  schemasDir: string,
): (config: PortalConfig) => Map<string, RecordedForm> {
  let forms = bySchemasDir.get(schemasDir);
  if (!forms) {
    forms = perConfig((config) => loadRecordedForms(config, schemasDir));
    bySchemasDir.set(schemasDir, forms);
  }
  return forms;
}
