/**
 * Fields hidden by a form's conditions, on the server. validateForm prunes a hidden field before
 * it validates (the browser never submits one), so its value was never looked at: an API client
 * could send a number, an object or a deep array there and be answered 200. The server therefore
 * types them: a hidden field whose JSON type is not the one its schema declares is refused (400,
 * `type`, the flow's text), and one of the right type is dropped, since routes store only the
 * pruned data validateForm returns. Only types are checked: a hidden field is not the debtor's
 * answer, so its format, length and the form's other rules do not apply to it.
 */
import type { ValidateFunction } from 'ajv';
import type { FieldError } from '@/generated/types/api/error';
import type { FormData, FormFlow } from '../../engine/form/flow';
import { computeFormState, type FormContext } from '../../engine/form/form-state';
import { errorMessage, type Translator } from '../../engine/form/messages';
import { errorField } from '../../engine/form/validate';
import { createAjv } from '../ajv';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The JSON types a schema declares, and nothing else: `type` (or the types of its `const` or
 * `enum` values), with the same for its properties and items. A schema that declares none
 * accepts any type.
 */
export function typesOnly(schema: Schema): Schema {
  const out: Schema = {};
  let type = schema.type;
  if (type === undefined) {
    const values = 'const' in schema ? [schema.const] : schema.enum;
    if (Array.isArray(values)) type = [...new Set(values.map(jsonType))];
  }
  if (type !== undefined) out.type = type;
  if (isSchema(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => [
        name,
        isSchema(child) ? typesOnly(child) : {},
      ]),
    );
  }
  if (isSchema(schema.items)) out.items = typesOnly(schema.items);
  return out;
}

const ajv = createAjv({ strict: false, allErrors: true });
const validators = new WeakMap<object, ValidateFunction>();

function typeValidator(schema: Schema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(typesOnly(schema));
    validators.set(schema, validate);
  }
  return validate;
}

/**
 * The `type` errors of `fields` of `data` (one per field, the flow's text), as the field errors of
 * an answer; empty when each has the JSON type its schema declares (or is absent).
 */
export function fieldTypeErrors(input: {
  flow: FormFlow;
  schema: Schema;
  data: FormData;
  fields: Iterable<string>;
  translate: Translator;
  context?: FormContext;
}): FieldError[] {
  const sent = [...input.fields].filter((field) => input.data[field] !== undefined);
  if (sent.length === 0) return [];
  const values = Object.fromEntries(sent.map((field) => [field, input.data[field]]));
  const validate = typeValidator(input.schema);
  if (validate(values)) return [];
  const fields = new Set<string>();
  for (const error of validate.errors ?? []) {
    const field = errorField(error).split('.')[0] ?? '';
    if (sent.includes(field)) fields.add(field);
  }
  return [...fields].map((field) => ({
    path: `/${field}`,
    keyword: 'type',
    message: errorMessage(input.flow, { field, keyword: 'type' }, input.translate, input.context),
  }));
}

/** The `type` errors of the fields `flow` hides in `data` (see the top of this file). */
export function hiddenFieldErrors(input: {
  flow: FormFlow;
  schema: Schema;
  data: FormData | undefined;
  translate: Translator;
  context?: FormContext;
}): FieldError[] {
  const data = input.data ?? {};
  const { hidden } = computeFormState(input.flow, data, input.context);
  return fieldTypeErrors({ ...input, data, fields: hidden });
}
