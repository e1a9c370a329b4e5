/**
 * The pure part of the form page: a page file (flows/pages/<name>.json) read against its facts.
 * Rules are JSON Logic (the engine's evaluator, as in flows/forms and flows/rules).
 */
import { evaluate, test, type JsonLogic } from '@/engine/rules/json-logic';
import { formatPhone } from '@/engine/form/theme/format';
import type { ExternalError } from '@/engine/form/SchemaForm';
import type { Failure, FormPageFile } from '@/generated/types/meta/page';
import { isApiError } from '@/web/lib/api';
import { apiFieldErrors } from '@/web/utils/api-field-errors';
import { portalConfig } from '@/web/lib/config';

export type { FormPageFile };
export type PageForm = NonNullable<FormPageFile['forms']>[number];
export type Facts = Record<string, unknown>;
export type Values = Record<string, string>;

/** flows/pages/<name>.json as the server injected it. */
export function pageFile(name: string): FormPageFile {
  const file = portalConfig().pages[name] as FormPageFile | undefined;
  if (!file?.forms && !file?.stages) throw new Error(`flows/pages/${name}.json is missing`);
  return file;
}

/** True when the rule holds over the facts (no rule: always). */
export function holds(rule: unknown, facts: Facts): boolean {
  return rule === undefined || test(rule as JsonLogic, facts);
}

/** The first guard whose rule holds: where the page sends the debtor instead. */
export function guardTarget(page: FormPageFile, facts: Facts): string | undefined {
  return page.guards?.find((guard) => holds(guard.when, facts))?.goTo;
}

const empty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The page's named values (`values`): each rule's result as text, formatted; an empty one is its
 * `otherwise` text (translated by `t`) or left out.
 */
export function pageValues(page: FormPageFile, facts: Facts, t: (key: string) => string): Values {
  const values: Values = {};
  for (const [name, value] of Object.entries(page.values ?? {})) {
    if (!value) continue;
    const result = evaluate(value.from as JsonLogic, facts);
    if (empty(result)) {
      if (value.otherwise) values[name] = t(value.otherwise);
      continue;
    }
    const text = String(result).trim();
    values[name] = value.format === 'phone' ? formatPhone(text) : text;
  }
  return values;
}

/** A path with its {{name}} placeholders filled with the (encoded) values. */
export function fillPath(path: string, values: Values): string {
  return path.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/** A form's first data: each `prefill` rule's result, the empty ones (null, missing, '') left out. */
export function prefillData(form: PageForm, facts: Facts): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(form.prefill ?? {})) {
    const value = evaluate(rule as JsonLogic, facts);
    if (value !== null && value !== undefined && value !== '') data[field] = value;
  }
  return data;
}

/** The values a success's texts read: the page's, and the call's answer's text and number fields. */
export function resultValues(values: Values, result: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = { ...values };
  if (result && typeof result === 'object') {
    for (const [key, value] of Object.entries(result)) {
      if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    }
  }
  return out;
}

/** The text a page file names for an error's HTTP status (`byStatus`), if any. */
export function statusText(byStatus: Failure['byStatus'], error: unknown): string | undefined {
  return Object.entries(byStatus ?? {}).find(([status]) => isApiError(error, Number(status)))?.[1];
}

/**
 * What a failed submit shows, as its page file says: the server's field errors on their fields
 * (with `fieldErrors`), else the alert (its status's text, or the general one).
 */
export function submitFailure(
  failure: Failure,
  error: unknown,
): { fieldErrors: ExternalError[]; alert: string | null } {
  const fieldErrors = failure.fieldErrors ? apiFieldErrors(error) : [];
  const alert =
    failure.alert && fieldErrors.length === 0
      ? (statusText(failure.byStatus, error) ?? failure.alert)
      : null;
  return { fieldErrors, alert };
}
