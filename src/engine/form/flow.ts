/**
 * The shape of a form flow file (flows/forms/<name>.json), as described by
 * schemas/meta/form-flow.schema.json. Hand-written so the engine imports nothing generated and
 * JSON Logic positions are typed as such.
 */
import type { JsonLogic } from '../rules/json-logic';
import type { LocalizedText } from '../i18n/split';

export const WIDGETS = [
  'text',
  'textarea',
  'ssn',
  'phone',
  'maskedDate',
  'date',
  'select',
  'radio',
  'checkbox',
  'accountNumber',
  'number',
  'cardNumber',
  'cardExpiry',
] as const;
export type WidgetName = (typeof WIDGETS)[number];

export interface FlowField {
  widget: WidgetName;
  label: LocalizedText;
  hint?: LocalizedText;
  placeholder?: LocalizedText;
  /** Labels of enum values, keyed by value. */
  options?: Record<string, LocalizedText>;
  /** JSON Logic giving a value or a list of values to leave out of the options. */
  excludeOptions?: JsonLogic;
  autoComplete?: string;
  /** 'today' or a YYYY-MM-DD date (date widget). */
  dateMax?: string;
  dateMin?: string;
  /** Error texts by ajv keyword. */
  errors?: Record<string, LocalizedText>;
}

export type RuleEffect = 'show' | 'hide' | 'require' | 'disable';

export interface FlowRule {
  effect: RuleEffect;
  fields: string[];
  when: JsonLogic;
}

export interface FormFlow {
  $schema?: string;
  /** schemas/<schema>.schema.json, e.g. 'forms/sign-in'. */
  schema: string;
  /** Field names, or JSON Logic giving a field name or null. */
  order: JsonLogic[];
  submit?: LocalizedText;
  fields: Record<string, FlowField>;
  rules?: FlowRule[];
  liveValidate?: boolean;
  submitDisabledUntilValid?: boolean;
}

/** Form data: a flat object of field values. */
export type FormData = Record<string, unknown>;
