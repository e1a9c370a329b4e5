/** The engine's RJSF theme: Fluent UI v9 templates and one widget per flow widget name. */
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import type { WidgetName } from '../flow';
import { SelectWidget } from './choice-widgets';
import { lazyWidget } from './lazy';
import {
  AccountNumberWidget,
  CardExpiryWidget,
  CardNumberWidget,
  DateWidget,
  MaskedDateWidget,
  NumberWidget,
  PasswordWidget,
  PhoneWidget,
  SsnWidget,
  TextWidget,
} from './input-widgets';
import {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ErrorListTemplate,
  FieldTemplate,
  NoButton,
  ObjectFieldTemplate,
} from './templates';

const TextareaWidget = lazyWidget('textarea', () => import('./textarea-widget'), 'TextareaWidget');
const RadioWidget = lazyWidget('radio', () => import('./toggle-widgets'), 'RadioWidget');
const CheckboxWidget = lazyWidget('checkbox', () => import('./toggle-widgets'), 'CheckboxWidget');
const MoneyWidget = lazyWidget('money', () => import('./money-widget'), 'MoneyWidget');
const PlanChoiceWidget = lazyWidget(
  'planChoice',
  () => import('./plan-choice-widget'),
  'PlanChoiceWidget',
);

export const widgets: RegistryWidgetsType & Record<WidgetName, RegistryWidgetsType[string]> = {
  text: TextWidget,
  textarea: TextareaWidget,
  ssn: SsnWidget,
  phone: PhoneWidget,
  maskedDate: MaskedDateWidget,
  date: DateWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  accountNumber: AccountNumberWidget,
  number: NumberWidget,
  cardNumber: CardNumberWidget,
  cardExpiry: CardExpiryWidget,
  money: MoneyWidget,
  planChoice: PlanChoiceWidget,
  password: PasswordWidget,
};

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton: NoButton },
};
