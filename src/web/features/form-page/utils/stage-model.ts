/**
 * The pure part of a journey page (flows/pages/<name>.json with `stages`): a stage read against
 * its facts, the page's facts with `answers` (each earlier stage's form data, by stage id),
 * `preview` (the stage's load answer) and its `pick` facts.
 */
import { evaluate, type JsonLogic } from '@/engine/rules/json-logic';
import type { Format, FormPageFile } from '@/generated/types/meta/page';
import type { FormOption } from '@/engine/form/form-state';
import type { Facts } from './page-model';

export type JourneyStage = NonNullable<FormPageFile['stages']>[number];
export type StageBlock = NonNullable<JourneyStage['blocks']>[number];
/** Writes a value as the page shows it (money and dates in the page language). */
export type Formatter = (value: unknown, format: Format | undefined) => string;

/** The stage's load arguments: each rule's result, the empty ones left out. */
export function loadArgs(stage: JourneyStage, facts: Facts): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const [name, rule] of Object.entries(stage.load?.args ?? {})) {
    const value = evaluate(rule as JsonLogic, facts);
    if (typeof value === 'string' || typeof value === 'number') args[name] = value;
  }
  return args;
}

/** The facts with the stage's `pick`s added (each the first item whose field equals the value). */
export function withPicks(stage: JourneyStage, facts: Facts): Facts {
  const out: Facts = { ...facts };
  for (const [name, pick] of Object.entries(stage.pick ?? {})) {
    if (!pick) continue;
    const items = evaluate(pick.from as JsonLogic, out);
    const wanted = evaluate(pick.equals as JsonLogic, out);
    out[name] = Array.isArray(items)
      ? items.find(
          (item: unknown) =>
            item !== null &&
            typeof item === 'object' &&
            String((item as Record<string, unknown>)[pick.where]) === String(wanted),
        )
      : undefined;
  }
  return out;
}

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** The stage's named values, formatted (for its texts and its form's context). */
export function stageValues(
  stage: JourneyStage,
  facts: Facts,
  format: Formatter,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(stage.values ?? {})) {
    if (!value) continue;
    const result = evaluate(value.from as JsonLogic, facts);
    if (!empty(result)) values[name] = format(result, value.format);
  }
  return values;
}

/** An item's fields as texts' values, formatted where the option says. */
export function itemValues(
  item: unknown,
  formats: Record<string, Format | undefined> | undefined,
  format: Formatter,
): Record<string, string> {
  const values: Record<string, string> = {};
  if (item === null || typeof item !== 'object') return values;
  for (const [key, value] of Object.entries(item)) {
    // A field of another type (a list of payments) shows only through a format that takes it.
    if (typeof value === 'string' || typeof value === 'number' || formats?.[key] === 'plan')
      values[key] = format(value, formats?.[key]);
  }
  return values;
}

/** The stage's option lists for its form's `optionsFrom` fields. */
export function stageOptions(
  stage: JourneyStage,
  facts: Facts,
  label: (key: string, values: Record<string, string>) => string,
  format: Formatter,
): Record<string, FormOption[]> {
  const lists: Record<string, FormOption[]> = {};
  for (const [name, option] of Object.entries(stage.options ?? {})) {
    if (!option) continue;
    const items = evaluate(option.items as JsonLogic, facts);
    lists[name] = (Array.isArray(items) ? items : []).flatMap((item: unknown) => {
      const value = (item as Record<string, unknown> | null)?.[option.value];
      if (typeof value !== 'string' && typeof value !== 'number') return [];
      return [{ value, label: label(option.label, itemValues(item, option.format, format)) }];
    });
  }
  return lists;
}

/** The form's first data: what the debtor answered before, else the `prefill` rules. */
export function stageFormData(
  stage: JourneyStage,
  facts: Facts,
  answers: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  const before = answers[stage.id];
  if (before) return before;
  const data: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(stage.form?.prefill ?? {})) {
    const value = evaluate(rule as JsonLogic, facts);
    if (!empty(value)) data[field] = value;
  }
  return data;
}

/** The last stage's body: its form data with the `body` rules' results. */
export function submitBody(
  stage: JourneyStage,
  facts: Facts,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...data };
  for (const [field, rule] of Object.entries(stage.submit?.body ?? {})) {
    const value = evaluate(rule as JsonLogic, facts);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** A list block's strings, or a table block's rows (anything else: none). */
export function blockItems(rule: unknown, facts: Facts): unknown[] {
  const items = evaluate(rule as JsonLogic, facts);
  return Array.isArray(items) ? (items as unknown[]) : [];
}
