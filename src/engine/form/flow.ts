/**
 * The shape of a form flow file (flows/forms/<name>.json), as described by
 * schemas/meta/form-flow.schema.json. Hand-written so the engine imports nothing generated and
 * JSON Logic positions are typed as such.
 */
import type { JsonLogic } from '../rules/json-logic';
import type { LocalizedText } from '../../generated/types/api/localized-text';

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
  'money',
  'planChoice',
] as const;
export type WidgetName = (typeof WIDGETS)[number];

/** How a text input changes what is typed before it is stored. */
export type InputTransform = 'uppercase' | 'lowercase' | 'digits';
export type InputMode = 'text' | 'numeric' | 'decimal' | 'tel' | 'email';

/**
 * A field whose schema is an array of simple items (`type: array`, `items: { type: string }`):
 * one input per item (each with the field's `widget`), an add button and per-item remove buttons.
 */
export interface FlowArrayOptions {
  /** Label of each item; `{{number}}` is its 1-based position ('Phone number {{number}}'). */
  itemLabel: LocalizedText;
  /** The add button's text ('Add a phone number'). */
  add: LocalizedText;
  /** The remove button's text; `{{number}}` as in `itemLabel` ('Remove phone number {{number}}'). */
  remove: LocalizedText;
  /** Items present in the initial data are read-only and cannot be removed. */
  existingReadOnly?: boolean;
  /**
   * JSON Logic over the form data (empty items included): the add button is enabled only while
   * it holds, e.g. `{ "!!": { "last": { "var": "phones" } } }`. Default: always (up to `maxItems`).
   */
  canAdd?: JsonLogic;
}

/**
 * What a planChoice field's − and + buttons do ('Fewer payments', 'More payments'). A button's
 * accessible name is its symbol followed by the text: what it shows is in its name (WCAG 2.5.3).
 */
export interface FlowStepLabels {
  /** The − button: steps to the previous option. */
  previous: LocalizedText;
  /** The + button: steps to the next option. */
  next: LocalizedText;
}

export interface FlowField {
  widget: WidgetName;
  label: LocalizedText;
  hint?: LocalizedText;
  placeholder?: LocalizedText;
  /** Labels of enum values, keyed by value. */
  options?: Record<string, LocalizedText>;
  /**
   * The name of a `context` value listing this choice's options at run time, as
   * `[{ value, label }]` (choices known only when the page opens, such as saved payment methods).
   * A value not in the list is an `enum` error.
   */
  optionsFrom?: string;
  /** JSON Logic giving a value or a list of values to leave out of the options. */
  excludeOptions?: JsonLogic;
  autoComplete?: string;
  /**
   * 'today', a YYYY-MM-DD date, or `$context.<name>` (a day the page passes in `context`):
   * validated (`dateMax`/`dateMin` errors) and bounds the picker.
   */
  dateMax?: string;
  dateMin?: string;
  /** Shown (with its hint) but not editable; its value is still validated and submitted. */
  readOnly?: boolean;
  /** Applied while typing (text widget). */
  transform?: InputTransform;
  /** Typing stops at this many characters (text widget); the schema still validates. */
  maxLength?: number;
  /** The on-screen keyboard to offer (text widget). */
  inputMode?: InputMode;
  /** For array fields: labels and buttons of the items. */
  array?: FlowArrayOptions;
  /** For a planChoice field: what its − and + buttons do. */
  stepLabels?: FlowStepLabels;
  /** Error texts by ajv keyword, or by the keyword of an `invalid` rule. */
  errors?: Record<string, LocalizedText>;
  /** false: the answer is not listed when a journey's review stage lists the answers. */
  review?: boolean;
}

/** A text shown before the fields only while `when` holds (over the data and `$context`). */
export interface FlowNote {
  text: LocalizedText;
  when: JsonLogic;
}

/**
 * show: hidden unless `when` holds; hide; require; disable; readonly; invalid: adds the error
 * `keyword` to `fields` when `when` holds (cross-field checks such as matching emails).
 */
export type RuleEffect = 'show' | 'hide' | 'require' | 'disable' | 'readonly' | 'invalid';

export interface FlowRule {
  effect: RuleEffect;
  /** The fields the effect applies to. */
  fields?: string[];
  /** Sections the effect applies to (show and hide only): as if naming all their fields. */
  sections?: string[];
  /** For `invalid`: the error keyword (its text: the field's `errors[keyword]`, then `validation.<keyword>`). */
  keyword?: string;
  when: JsonLogic;
}

/** A titled part of the form (a region with a heading). */
export interface FlowSection {
  id: string;
  title: LocalizedText;
  /** Text under the heading; may use `{{name}}` from the `context` the page passes to SchemaForm. */
  description?: LocalizedText;
  /** Fields of the section, shown in the flow's `order`. May be empty (a notice). */
  fields: string[];
}

/**
 * Fields that answer one question together (checkboxes such as dispute reasons): one fieldset
 * with a legend; an error on any of its fields is shown once, for the whole group.
 */
export interface FlowGroup {
  id: string;
  legend: LocalizedText;
  hint?: LocalizedText;
  fields: string[];
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
  /** Texts shown before the fields (may use `{{name}}` from the `context`), some only `when`. */
  notes?: (LocalizedText | FlowNote)[];
  /** Sections in display order; fields in none of them are shown before the first. */
  sections?: FlowSection[];
  /** Heading level of section titles (default 2). */
  headingLevel?: 2 | 3 | 4;
  groups?: FlowGroup[];
  liveValidate?: boolean;
  submitDisabledUntilValid?: boolean;
  /** After a failed submit, a box above the fields lists every error as a link to its field. */
  errorSummary?: boolean;
}

/** Form data: a flat object of field values. */
export type FormData = Record<string, unknown>;
