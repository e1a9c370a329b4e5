/** The engine's RJSF theme: Fluent UI v9 templates and one widget per flow widget name. */
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import type { WidgetName } from '../flow';
import { CheckboxWidget, RadioWidget, SelectWidget } from './choice-widgets';
import {
  AccountNumberWidget,
  DateWidget,
  MaskedDateWidget,
  NumberWidget,
  PhoneWidget,
  SsnWidget,
  TextWidget,
  TextareaWidget,
} from './input-widgets';
import { ErrorListTemplate, FieldTemplate, NoButton, ObjectFieldTemplate } from './templates';

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
};

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton: NoButton },
};
