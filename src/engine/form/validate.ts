/**
 * Validates form data the same way in the browser and on the server: hidden fields are pruned,
 * the schema validator runs, fields required by flow rules must not be empty, dates must be
 * within the fields' `dateMin`/`dateMax`, the flow's `invalid` rules (cross-field checks) apply,
 * and every error gets its text from the flow or the generic catalog. One error per field (per
 * item for array fields), in display order.
 */
import type { ErrorObject } from 'ajv';
import { test } from '../rules/json-logic';
import { computeFormState, ruleFacts, type FormContext, type FormState } from './form-state';
import { errorMessage, type Translator } from './messages';
import type { FormData, FormFlow } from './flow';
import { isTextKeyword, reportedKeyword } from './text-rules';
import { resolveDateLimit } from './theme/format';

export interface FieldError {
  /**
   * Field name ('' for an error about the whole form, such as an unknown property); an item of
   * an array field is `<field>.<index>` (its position in the data as given, empty items included).
   */
  field: string;
  /** The ajv keyword (required, pattern, minLength, ...), or an `invalid` rule's keyword. */
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
  /**
   * Today as YYYY-MM-DD, for `dateMax`/`dateMin: 'today'`. The server passes the agency's
   * calendar day; by default it is the local calendar day.
   */
  today?: string;
  /** The page's run-time values: `$context` in rules, `optionsFrom` lists, date limits. */
  context?: FormContext;
}

/**
 * A `dateMin`/`dateMax` as a YYYY-MM-DD day: 'today' (the given day, else the local one), a
 * `$context.<name>` day from the context, or the date as written.
 */
export function dateLimit(
  limit: string | undefined,
  today: string | undefined,
  context: FormContext | undefined,
  now: Date = new Date(),
): string | undefined {
  if (limit === undefined) return undefined;
  if (limit === 'today' && today !== undefined) return today;
  if (limit.startsWith('$context.')) {
    const value = context?.[limit.slice('$context.'.length)];
    return typeof value === 'string' ? value : undefined;
  }
  return resolveDateLimit(limit, now);
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

/** The top-level field of an error path (`phones.1` -> `phones`). */
export const rootField = (field: string): string => field.split('.')[0] ?? field;

/** `phones.1` of the pruned data -> `phones.<position in the input>`. */
function inputPath(state: FormState, field: string): string {
  const [root = '', index, ...rest] = field.split('.');
  const positions = state.itemIndex[root];
  if (!positions || index === undefined || !/^\d+$/.test(index)) return field;
  const position = positions[Number(index)];
  return [root, String(position ?? index), ...rest].join('.');
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIRST = ['required', 'type'];

export function validateForm({
  flow,
  validate,
  data,
  translate,
  today,
  context,
}: ValidateFormOptions): FieldError[] {
  const state = computeFormState(flow, data, context);
  const found = new Map<string, { keyword: string; params: Record<string, unknown> }>();
  const add = (field: string, keyword: string, params: Record<string, unknown>): void => {
    if (state.hidden.has(rootField(field))) return;
    const current = found.get(field);
    // What a free-text pattern refused (text-rules.ts) comes before another error of the value,
    // such as `format`: it says what to change.
    const first = (k: string): boolean => FIRST.includes(k);
    const before = first(keyword) || isTextKeyword(keyword);
    if (current && !(before && !first(current.keyword))) return;
    found.set(field, { keyword, params });
  };

  for (const error of validate(state.data)) {
    // An if/then schema reports the failing `then` keyword and an extra "if" error: skip the latter.
    if (error.keyword === 'if') continue;
    // A free-text pattern's refusal is reported as what is wrong (text-rules.ts).
    const keyword = reportedKeyword(error, state.data);
    add(inputPath(state, errorField(error)), keyword, { ...error.params });
  }
  for (const field of state.required) {
    if (isEmpty(state.data[field])) add(field, 'required', { missingProperty: field });
  }

  const now = new Date();
  const limit = (value: string | undefined) => dateLimit(value, today, context, now);
  for (const [field, config] of Object.entries(flow.fields)) {
    if (!config) continue;
    const value = state.data[field];
    const options = config.optionsFrom === undefined ? undefined : context?.[config.optionsFrom];
    if (config.optionsFrom === undefined || isEmpty(value) || found.has(field)) continue;
    const allowed = Array.isArray(options) ? options.map((option) => option.value) : [];
    if (!allowed.includes(value as string | number)) {
      add(field, 'enum', { allowedValues: allowed });
    }
  }
  for (const [field, config] of Object.entries(flow.fields)) {
    const value = state.data[field];
    if (!config || typeof value !== 'string' || !ISO_DAY.test(value) || found.has(field)) continue;
    const max = limit(config.dateMax);
    const min = limit(config.dateMin);
    if (max !== undefined && value > max) add(field, 'dateMax', { limit: max });
    else if (min !== undefined && value < min) add(field, 'dateMin', { limit: min });
  }

  for (const rule of flow.rules ?? []) {
    if (rule.effect !== 'invalid' || !test(rule.when, ruleFacts(state.data, context))) continue;
    for (const field of rule.fields ?? []) {
      if (!found.has(field)) add(field, rule.keyword ?? 'invalid', {});
    }
  }

  const rank = (field: string): number => {
    const index = state.order.indexOf(rootField(field));
    return index === -1 ? state.order.length : index;
  };
  const item = (field: string): number => Number(field.split('.')[1] ?? -1);
  return [...found.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || item(a) - item(b))
    .map(([field, { keyword, params }]) => ({
      field,
      keyword,
      params,
      message: errorMessage(flow, { field, keyword, params }, translate, context),
    }));
}
