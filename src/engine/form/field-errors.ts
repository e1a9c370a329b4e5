/**
 * Where an engine form's errors go: RJSF's ErrorSchema shape, the element a field's error points
 * at (and focuses), and what changed between two states of the data.
 */
import type { ErrorSchema } from '@rjsf/utils';
import type { FormData, FormFlow } from './flow';
import type { computeFormState } from './form-state';
import type { FieldError } from './validate';

type ErrorNode = { __errors?: string[] } & { [key: string]: ErrorNode | string[] | undefined };

/** Error texts per field (`phones.1` nested under `phones`), in RJSF's ErrorSchema shape. */
export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema<FormData> {
  const schema: ErrorNode = {};
  for (const error of errors) {
    if (error.field === '') continue;
    let node = schema;
    for (const part of error.field.split('.')) {
      node[part] ??= {};
      node = node[part] as ErrorNode;
    }
    node.__errors = [error.message];
  }
  return schema as ErrorSchema<FormData>;
}

/** How many items each array field has: initial items are the `existingReadOnly` ones. */
export function arrayCounts(data: FormData | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(data ?? {})
      .filter(([, value]) => Array.isArray(value))
      .map(([key, value]) => [key, (value as unknown[]).length]),
  );
}

/** The element id of an error's field: a group's first field, or an array item (`phones_1`). */
export function errorTarget(
  flow: FormFlow,
  state: ReturnType<typeof computeFormState>,
  field: string,
) {
  const group = flow.groups?.find((g) => g.fields.includes(field));
  const first = group?.fields.find((f) => state.order.includes(f));
  return (first ?? field).split('.').join('_');
}

/** Keys whose values differ between two data objects. */
export function changedFields(before: FormData, after: FormData): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}

/** The control to focus for a field: the input itself, or the first one inside (radio groups). */
export function focusField(container: HTMLElement | null, id: string): void {
  const element = container?.ownerDocument.getElementById(id);
  if (!element) return;
  const target = element.matches('input, select, textarea, button')
    ? element
    : element.querySelector<HTMLElement>('input, select, textarea, button');
  // A field with no control of its own (a read-only choice) takes focus itself when it can.
  (target ?? (element.hasAttribute('tabindex') ? element : null))?.focus();
}
