/**
 * Validates form data the same way in the browser and on the server: hidden fields are pruned,
 * the schema validator runs, fields required by flow rules must not be empty, and every error
 * gets its text from the flow or the generic catalog. One error per field, in display order.
 */
import type { ErrorObject } from 'ajv';
import { computeFormState } from './form-state';
import { errorMessage, type Translator } from './messages';
import type { FormData, FormFlow } from './flow';

export interface FieldError {
  /** Field name ('' for an error about the whole form, such as an unknown property). */
  field: string;
  /** The ajv keyword (required, pattern, minLength, ...). */
  keyword: string;
  /** The text to show, in the translator's language. */
  message: string;
  params: Record<string, unknown>;
}

export interface ValidateFormOptions {
  flow: FormFlow;
  /** Runs the schema validator over (pruned) data and returns ajv's errors (empty when valid). */
  validate: (data: FormData) => readonly ErrorObject[];
  data: FormData | undefined;
  translate: Translator;
}

/** The field an ajv error is about: the missing property, or the path below the root. */
export function errorField(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required') {
    segments.push(String((error.params as { missingProperty?: unknown }).missingProperty ?? ''));
  }
  return segments.join('.');
}

/** True for the values a required field may not have. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

const FIRST = ['required', 'type'];

export function validateForm({
  flow,
  validate,
  data,
  translate,
}: ValidateFormOptions): FieldError[] {
  const state = computeFormState(flow, data);
  const found = new Map<string, { keyword: string; params: Record<string, unknown> }>();
  const add = (field: string, keyword: string, params: Record<string, unknown>): void => {
    if (state.hidden.has(field)) return;
    const current = found.get(field);
    if (current && !(FIRST.includes(keyword) && !FIRST.includes(current.keyword))) return;
    found.set(field, { keyword, params });
  };

  for (const error of validate(state.data)) {
    add(errorField(error), error.keyword, { ...error.params });
  }
  for (const field of state.required) {
    if (isEmpty(state.data[field])) add(field, 'required', { missingProperty: field });
  }

  const rank = (field: string): number => {
    const index = state.order.indexOf(field);
    return index === -1 ? state.order.length : index;
  };
  return [...found.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, { keyword, params }]) => ({
      field,
      keyword,
      params,
      message: errorMessage(flow, { field, keyword, params }, translate),
    }));
}
