/**
 * The shape of a form flow file (flows/forms/<name>.json): the types generated from
 * schemas/meta/form-flow.schema.json (documented there), and the names the engine gives their
 * parts.
 */
import type { FlowField, FlowRule, WidgetName } from '../../generated/types/meta/form-flow';

export type {
  FlowArrayOptions,
  FlowField,
  FlowGroup,
  FlowNote,
  FlowRule,
  FlowSection,
  FlowStepLabels,
  FormFlow,
  WidgetName,
} from '../../generated/types/meta/form-flow';

/** Every widget a field may name, for the code that checks flow files. */
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
  'password',
] as const satisfies readonly WidgetName[];

/** How a text input changes what is typed before it is stored. */
export type InputTransform = NonNullable<FlowField['transform']>;
export type InputMode = NonNullable<FlowField['inputMode']>;

/**
 * show: hidden unless `when` holds; hide; require; disable; readonly; invalid: adds the error
 * `keyword` to `fields` when `when` holds (cross-field checks such as matching emails).
 */
export type RuleEffect = FlowRule['effect'];

/** Form data: a flat object of field values. */
export type FormData = Record<string, unknown>;
