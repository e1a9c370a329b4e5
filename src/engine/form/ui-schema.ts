/** Builds the RJSF uiSchema of a flow for the current state and language. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { test } from '../rules/json-logic';
import { localize, type Language } from '../i18n/split';
import type { LocalizedText } from '../../generated/types/api/localized-text';
import type { FlowField, FormData, FormFlow } from './flow';
import { ruleFacts, type FormContext, type FormState } from './form-state';
import { interpolate } from './messages';
import { dateLimit } from './validate';

export type { FormContext } from './form-state';

/** A section as the root template renders it (texts localized, hidden sections left out). */
export interface LayoutSection {
  id: string;
  title: string;
  description?: string;
  fields: string[];
}

/** A group of fields shown as one fieldset with one error. */
export interface LayoutGroup {
  id: string;
  legend: string;
  hint?: string;
  fields: string[];
}

/** What the root template needs beyond the fields: `ui:options.layout` of the root uiSchema. */
export interface FormLayout {
  formId: string;
  notes: FormNote[];
  sections: LayoutSection[];
  groups: LayoutGroup[];
  headingLevel: number;
}

export interface UiSchemaExtras {
  /** The form id (prefix of every field id). */
  formId?: string;
  /** Values for `{{name}}` in texts, `$context.<name>` date limits and `optionsFrom` lists. */
  context?: FormContext;
  /** The data as the user sees it (empty array items included), for array `canAdd` rules. */
  data?: FormData;
  /** How many items each array field had in the initial data (for `existingReadOnly`). */
  existing?: Record<string, number>;
  /** Today as YYYY-MM-DD for `dateMax`/`dateMin: 'today'` (default: the local calendar day). */
  today?: string;
}

/** The property's schema, following one local `$ref` (`#/definitions/x` or `#/$defs/x`). */
function propertySchema(schema: RJSFSchema, field: string): RJSFSchema | undefined {
  const property = schema.properties?.[field];
  if (property === undefined || typeof property === 'boolean') return undefined;
  const ref = property.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return property;
  let node: unknown = schema;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown>)?.[part];
  return { ...(node as RJSFSchema), ...property };
}

/** Options every widget of a field reads (for array fields: every item's widget). */
function widgetOptions(field: FlowField, extras: UiSchemaExtras): Record<string, unknown> {
  const day = (limit: string | undefined) =>
    limit === 'today' && !extras.today ? limit : dateLimit(limit, extras.today, extras.context);
  return {
    autoComplete: field.autoComplete,
    dateMax: day(field.dateMax),
    dateMin: day(field.dateMin),
    transform: field.transform,
    maxLength: field.maxLength,
    inputMode: field.inputMode,
  };
}

const text = (value: LocalizedText | undefined, language: Language, context: FormContext) => {
  const raw = localize(value, language);
  return raw === undefined ? undefined : interpolate(raw, context);
};

/** Item `index` of an array field: its label, and whether it is one of the initial, read-only ones. */
export function arrayItemUi(options: Record<string, unknown>, index: number): UiSchema {
  const existingReadOnly = options.existingReadOnly === true;
  const existingCount = typeof options.existingCount === 'number' ? options.existingCount : 0;
  return {
    'ui:widget': options.itemWidget as string,
    'ui:title': interpolate(String(options.itemLabel ?? ''), { number: index + 1 }),
    'ui:readonly': existingReadOnly && index < existingCount,
    // An empty item is dropped (never an error), so an item is never marked required.
    'ui:options': { ...(options.itemOptions as object), arrayItem: true } as UiSchema['ui:options'],
  };
}

function arrayUi(
  name: string,
  field: FlowField,
  state: FormState,
  language: Language,
  extras: UiSchemaExtras,
): UiSchema {
  const array = field.array;
  const data = extras.data ?? state.data;
  const options = {
    orderable: false,
    removable: true,
    requiredByRule: state.required.has(name),
    itemWidget: field.widget,
    itemLabel: localize(array?.itemLabel, language) ?? localize(field.label, language),
    addLabel: localize(array?.add, language),
    removeLabel: localize(array?.remove, language),
    existingReadOnly: array?.existingReadOnly === true,
    existingCount: extras.existing?.[name] ?? 0,
    canAddNow: array?.canAdd === undefined ? true : test(array.canAdd, data),
    itemOptions: widgetOptions(field, extras),
  };
  return {
    'ui:title': localize(field.label, language),
    'ui:help': localize(field.hint, language),
    'ui:disabled': state.disabled.has(name),
    'ui:readonly': state.readOnly.has(name),
    'ui:options': options,
    // Everything the function reads is in `ui:options` too, so RJSF's deep comparison (which
    // treats functions as equal) still sees every change.
    items: (_item: unknown, index: number) => arrayItemUi(options, index),
  };
}

/** A note of the form, shown while its rule holds. */
export interface FormNote {
  text: string;
  /** Drawn as a warning message (announced when it appears). */
  warning: boolean;
}

function layoutOf(
  flow: FormFlow,
  state: FormState,
  language: Language,
  extras: UiSchemaExtras,
): FormLayout {
  const context = extras.context ?? {};
  return {
    formId: extras.formId ?? flow.schema.split('/').pop() ?? 'form',
    notes: (flow.notes ?? [])
      .filter((note) => !('when' in note) || test(note.when, ruleFacts(state.data, context)))
      .map((note) => ({
        text: text('text' in note ? note.text : note, language, context),
        warning: 'intent' in note && note.intent === 'warning',
      }))
      .filter((note): note is FormNote => note.text !== undefined),
    sections: (flow.sections ?? [])
      .filter((section) => !state.hiddenSections.has(section.id))
      .map((section) => ({
        id: section.id,
        title: text(section.title, language, context) ?? '',
        description: text(section.description, language, context),
        fields: section.fields,
      })),
    groups: (flow.groups ?? []).map((group) => ({
      id: group.id,
      legend: text(group.legend, language, context) ?? '',
      hint: text(group.hint, language, context),
      fields: group.fields,
    })),
    headingLevel: flow.headingLevel ?? 2,
  };
}

export function buildUiSchema(
  flow: FormFlow,
  schema: RJSFSchema,
  state: FormState,
  language: Language,
  extras: UiSchemaExtras = {},
): UiSchema {
  const ui: UiSchema = {
    'ui:order': [...state.order, '*'],
    'ui:submitButtonOptions': { norender: true },
    'ui:options': { layout: layoutOf(flow, state, language, extras) },
  };
  const grouped = new Set((flow.groups ?? []).flatMap((group) => group.fields));
  for (const name of Object.keys(schema.properties ?? {})) {
    const field = flow.fields[name];
    if (!field || !state.order.includes(name)) {
      ui[name] = { 'ui:widget': 'hidden' };
      continue;
    }
    const property = propertySchema(schema, name);
    if (property?.type === 'array') {
      ui[name] = arrayUi(name, field, state, language, extras);
      continue;
    }
    const enumValues = property?.enum;
    const enumNames = field.options
      ? Object.fromEntries(
          Object.entries(field.options).map(([value, label]) => [value, localize(label, language)]),
        )
      : undefined;
    const context = extras.context ?? {};
    const runtimeOptions = field.optionsFrom === undefined ? undefined : context[field.optionsFrom];
    ui[name] = {
      'ui:widget': field.widget,
      'ui:title': text(field.label, language, context),
      'ui:help': text(field.hint, language, context),
      'ui:placeholder': text(field.placeholder, language, context),
      'ui:disabled': state.disabled.has(name),
      'ui:readonly': state.readOnly.has(name),
      'ui:enumNames': enumNames,
      'ui:options': {
        requiredByRule: state.required.has(name),
        allowedValues: enumValues ? state.optionsFor(name, enumValues) : undefined,
        inGroup: grouped.has(name),
        // Options known at run time (RJSF computes `enumOptions` from the schema only).
        runtimeOptions: Array.isArray(runtimeOptions) ? runtimeOptions : undefined,
        stepPrevious: text(field.stepLabels?.previous, language, context),
        stepNext: text(field.stepLabels?.next, language, context),
        ...widgetOptions(field, extras),
      },
    };
  }
  return ui;
}
