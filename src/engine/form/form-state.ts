/**
 * What a flow's rules make of the current data: which fields show, in which order, which are
 * required or disabled, and which options each choice offers. Pure, shared by browser and server.
 */
import { evaluate, test } from '../rules/json-logic';
import type { FormData, FormFlow, RuleEffect } from './flow';

export interface FormState {
  /** Fields to display, in display order (JSON Logic entries resolved, hidden ones dropped). */
  order: string[];
  /** Fields hidden by `show`/`hide` rules; their values do not count and are pruned. */
  hidden: Set<string>;
  /** Fields required by `require` rules (visible ones only). */
  required: Set<string>;
  /** Fields disabled by `disable` rules. */
  disabled: Set<string>;
  /** The data with hidden fields removed: what rules see, what is validated and submitted. */
  data: FormData;
  /** The enum values `field` offers once its `excludeOptions` are taken out. */
  optionsFor<V>(field: string, enumValues: readonly V[]): V[];
}

function without(data: FormData, hidden: Set<string>): FormData {
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => !hidden.has(key) && value !== undefined),
  );
}

function fieldsWhere(flow: FormFlow, effect: RuleEffect, data: FormData): Set<string> {
  const out = new Set<string>();
  for (const rule of flow.rules ?? []) {
    if (rule.effect === effect && test(rule.when, data)) rule.fields.forEach((f) => out.add(f));
  }
  return out;
}

function hiddenFields(flow: FormFlow, data: FormData): Set<string> {
  const shown = fieldsWhere(flow, 'show', data);
  const hidden = fieldsWhere(flow, 'hide', data);
  for (const rule of flow.rules ?? []) {
    if (rule.effect !== 'show') continue;
    for (const field of rule.fields) if (!shown.has(field)) hidden.add(field);
  }
  return hidden;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/**
 * Computes the form state. A hidden field's value does not count: rules are evaluated again on
 * the data without hidden fields until the hidden set settles (so hiding a dropdown also hides
 * the input it chose).
 */
export function computeFormState(flow: FormFlow, input: FormData | undefined): FormState {
  const raw = input ?? {};
  let hidden = hiddenFields(flow, raw);
  let data = without(raw, hidden);
  const limit = Object.keys(flow.fields).length + (flow.rules?.length ?? 0) + 1;
  for (let i = 0; i < limit; i += 1) {
    const next = hiddenFields(flow, data);
    if (sameSet(next, hidden)) break;
    hidden = next;
    data = without(raw, hidden);
  }

  const order: string[] = [];
  for (const entry of flow.order) {
    const name = typeof entry === 'string' ? entry : evaluate(entry, data);
    if (typeof name !== 'string' || name === '' || hidden.has(name) || order.includes(name)) {
      continue;
    }
    order.push(name);
  }

  const required = fieldsWhere(flow, 'require', data);
  hidden.forEach((field) => required.delete(field));
  const disabled = fieldsWhere(flow, 'disable', data);

  const optionsFor = <V>(field: string, enumValues: readonly V[]): V[] => {
    const rule = flow.fields[field]?.excludeOptions;
    if (rule === undefined) return [...enumValues];
    const result = evaluate(rule, data);
    const excluded = (Array.isArray(result) ? result : [result]).filter(
      (value) => value !== null && value !== undefined,
    );
    return enumValues.filter((value) => !excluded.includes(value));
  };

  return { order, hidden, required, disabled, data, optionsFor };
}

/** The data with the fields hidden by the flow's rules removed, as validated and submitted. */
export function pruneHidden(flow: FormFlow, data: FormData | undefined): FormData {
  return computeFormState(flow, data).data;
}
