/**
 * What a flow's rules make of the current data: which fields and sections show, in which order,
 * which are required, disabled or read-only, and which options each choice offers. Pure, shared
 * by browser and server.
 */
import { evaluate, test } from '../rules/json-logic';
import type { FormData, FormFlow, FlowRule, RuleEffect } from './flow';

/**
 * The page's run-time values (see SchemaForm's `context`). Rules read them as
 * `{ "var": "$context.<name>" }`; texts as `{{name}}`.
 */
export type FormContext = Record<string, string | number | readonly FormOption[]>;

/** A table of texts (a payment schedule): drawn by the theme's ScheduleTable. */
export interface OptionTable {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** The columns of amounts (by index): aligned to the end, so their digits line up. */
  amounts?: readonly number[];
}

/** One option of a choice whose options come from the `context` (a field's `optionsFrom`). */
export interface FormOption {
  value: string | number;
  label: string;
  /** Shown but not selectable (an expired payment method); `hint` says why. */
  disabled?: boolean;
  /** A line under the option's label. */
  hint?: string;
  /** Facts about the option, shown while it is chosen (planChoice: a plan's amounts). */
  details?: readonly { label: string; value: string }[];
  /** A table shown while it is chosen (planChoice: the plan's schedule). */
  table?: OptionTable;
  /** A notice shown while it is chosen. */
  note?: string;
}

/** The data rules see: the form data plus the page's context under `$context`. */
export function ruleFacts(data: FormData, context: FormContext | undefined): FormData {
  return context === undefined ? data : { ...data, $context: context };
}

export interface FormState {
  /** Fields to display, in display order (JSON Logic entries resolved, hidden ones dropped). */
  order: string[];
  /** Fields hidden by `show`/`hide` rules (directly or through their section); pruned. */
  hidden: Set<string>;
  /** Sections hidden by `show`/`hide` rules naming `sections`. */
  hiddenSections: Set<string>;
  /** Fields required by `require` rules (visible ones only). */
  required: Set<string>;
  /** Fields disabled by `disable` rules. */
  disabled: Set<string>;
  /** Fields read-only by their flow `readOnly` or by `readonly` rules. */
  readOnly: Set<string>;
  /**
   * The data with hidden fields removed and empty items (undefined, null, '') dropped from
   * arrays: what rules see, what is validated and submitted.
   */
  data: FormData;
  /**
   * For each array field whose empty items were dropped: the position in the input of each item
   * of `data[field]` (so an error on `data.phones[1]` can be shown on the input's item).
   */
  itemIndex: Record<string, number[]>;
  /** The enum values `field` offers once its `excludeOptions` are taken out. */
  optionsFor<V>(field: string, enumValues: readonly V[]): V[];
}

const emptyItem = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value === '');

function without(data: FormData, hidden: Set<string>): FormData {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key, value]) => !hidden.has(key) && value !== undefined)
      .map(([key, value]) => [
        key,
        Array.isArray(value) ? value.filter((v) => !emptyItem(v)) : value,
      ]),
  );
}

/** The fields a rule names, its sections' fields included. */
export function ruleFields(flow: FormFlow, rule: FlowRule): string[] {
  const fromSections = (rule.sections ?? []).flatMap(
    (id) => flow.sections?.find((section) => section.id === id)?.fields ?? [],
  );
  return [...(rule.fields ?? []), ...fromSections];
}

function fieldsWhere(flow: FormFlow, effect: RuleEffect, data: FormData): Set<string> {
  const out = new Set<string>();
  for (const rule of flow.rules ?? []) {
    if (rule.effect === effect && test(rule.when, data)) {
      ruleFields(flow, rule).forEach((f) => out.add(f));
    }
  }
  return out;
}

function hiddenFields(flow: FormFlow, data: FormData): Set<string> {
  const shown = fieldsWhere(flow, 'show', data);
  const hidden = fieldsWhere(flow, 'hide', data);
  for (const rule of flow.rules ?? []) {
    if (rule.effect !== 'show') continue;
    for (const field of ruleFields(flow, rule)) if (!shown.has(field)) hidden.add(field);
  }
  return hidden;
}

/** Sections hidden the way fields are: a `hide` that holds, or `show` rules none of which holds. */
function hiddenSectionsOf(flow: FormFlow, data: FormData): Set<string> {
  const shown = new Set<string>();
  const hidden = new Set<string>();
  const withShow = new Set<string>();
  for (const rule of flow.rules ?? []) {
    if (!rule.sections) continue;
    if (rule.effect === 'show') {
      rule.sections.forEach((id) => withShow.add(id));
      if (test(rule.when, data)) rule.sections.forEach((id) => shown.add(id));
    } else if (rule.effect === 'hide' && test(rule.when, data)) {
      rule.sections.forEach((id) => hidden.add(id));
    }
  }
  withShow.forEach((id) => {
    if (!shown.has(id)) hidden.add(id);
  });
  return hidden;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** Positions in `raw` of the items kept in the pruned array. */
function keptPositions(raw: unknown[]): number[] {
  const out: number[] = [];
  raw.forEach((value, index) => {
    if (!emptyItem(value)) out.push(index);
  });
  return out;
}

/**
 * Computes the form state. A hidden field's value does not count: rules are evaluated again on
 * the data without hidden fields until the hidden set settles (so hiding a dropdown also hides
 * the input it chose).
 */
export function computeFormState(
  flow: FormFlow,
  input: FormData | undefined,
  context?: FormContext,
): FormState {
  const raw = input ?? {};
  let hidden = hiddenFields(flow, ruleFacts(raw, context));
  let data = without(raw, hidden);
  const limit = Object.keys(flow.fields).length + (flow.rules?.length ?? 0) + 1;
  for (let i = 0; i < limit; i += 1) {
    const next = hiddenFields(flow, ruleFacts(data, context));
    if (sameSet(next, hidden)) break;
    hidden = next;
    data = without(raw, hidden);
  }
  const facts = ruleFacts(data, context);
  const hiddenSections = hiddenSectionsOf(flow, facts);

  const order: string[] = [];
  for (const entry of flow.order) {
    const name = typeof entry === 'string' ? entry : evaluate(entry, facts);
    if (typeof name !== 'string' || name === '' || hidden.has(name) || order.includes(name)) {
      continue;
    }
    order.push(name);
  }

  const required = fieldsWhere(flow, 'require', facts);
  hidden.forEach((field) => required.delete(field));
  const disabled = fieldsWhere(flow, 'disable', facts);
  const readOnly = fieldsWhere(flow, 'readonly', facts);
  for (const [name, field] of Object.entries(flow.fields)) {
    if (field?.readOnly) readOnly.add(name);
  }

  const itemIndex: Record<string, number[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value) && !hidden.has(key) && value.some(emptyItem)) {
      itemIndex[key] = keptPositions(value);
    }
  }

  const optionsFor = <V>(field: string, enumValues: readonly V[]): V[] => {
    const rule = flow.fields[field]?.excludeOptions;
    if (rule === undefined) return [...enumValues];
    const result = evaluate(rule, facts);
    const excluded = (Array.isArray(result) ? result : [result]).filter(
      (value) => value !== null && value !== undefined,
    );
    return enumValues.filter((value) => !excluded.includes(value));
  };

  return {
    order,
    hidden,
    hiddenSections,
    required,
    disabled,
    readOnly,
    data,
    itemIndex,
    optionsFor,
  };
}

/** The data with the fields hidden by the flow's rules removed, as validated and submitted. */
export function pruneHidden(
  flow: FormFlow,
  data: FormData | undefined,
  context?: FormContext,
): FormData {
  return computeFormState(flow, data, context).data;
}
