/** Builds the RJSF uiSchema of a flow for the current state and language. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { localize, type Language } from '../i18n/split';
import type { FormFlow } from './flow';
import type { FormState } from './form-state';

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

export function buildUiSchema(
  flow: FormFlow,
  schema: RJSFSchema,
  state: FormState,
  language: Language,
): UiSchema {
  const ui: UiSchema = {
    'ui:order': [...state.order, '*'],
    'ui:submitButtonOptions': { norender: true },
  };
  for (const name of Object.keys(schema.properties ?? {})) {
    const field = flow.fields[name];
    if (!field || !state.order.includes(name)) {
      ui[name] = { 'ui:widget': 'hidden' };
      continue;
    }
    const enumValues = propertySchema(schema, name)?.enum;
    const enumNames = field.options
      ? Object.fromEntries(
          Object.entries(field.options).map(([value, text]) => [value, localize(text, language)]),
        )
      : undefined;
    ui[name] = {
      'ui:widget': field.widget,
      'ui:title': localize(field.label, language),
      'ui:help': localize(field.hint, language),
      'ui:placeholder': localize(field.placeholder, language),
      'ui:disabled': state.disabled.has(name),
      'ui:enumNames': enumNames,
      'ui:options': {
        requiredByRule: state.required.has(name),
        allowedValues: enumValues ? state.optionsFor(name, enumValues) : undefined,
        autoComplete: field.autoComplete,
        dateMax: field.dateMax,
        dateMin: field.dateMin,
      },
    };
  }
  return ui;
}
