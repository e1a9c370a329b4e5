/** Choice widgets: native Fluent Select, RadioGroup and Checkbox. */
import { Checkbox, Radio, RadioGroup, Select } from '@fluentui/react-components';
import {
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';

/** The enum options the flow leaves in (`allowedValues` comes from `excludeOptions`). */
function allowedOptions(props: WidgetProps): EnumOptionsType[] {
  const all = props.options.enumOptions ?? [];
  const allowed = props.options.allowedValues;
  return Array.isArray(allowed) ? all.filter((option) => allowed.includes(option.value)) : all;
}

export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, options, onBlur, onFocus } = props;
  const enumOptions = options.enumOptions ?? [];
  const shown = allowedOptions(props);
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  const selected = typeof index === 'string' ? index : '';
  const toValue = (raw: string): unknown =>
    raw === '' ? undefined : enumOptionsValueForIndex(raw, enumOptions, undefined);
  return (
    <Select
      id={id}
      name={htmlName ?? id}
      value={selected}
      disabled={disabled === true || readonly === true}
      onChange={(_event, data) => props.onChange(toValue(data.value))}
      onBlur={(event) => onBlur(id, toValue(event.target.value))}
      onFocus={(event) => onFocus(id, toValue(event.target.value))}
    >
      {selected === '' && <option value="">{props.placeholder ?? ''}</option>}
      {shown.map((option) => (
        <option key={String(option.value)} value={String(enumOptions.indexOf(option))}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onBlur, onFocus } = props;
  const enumOptions = options.enumOptions ?? [];
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  return (
    <RadioGroup
      id={id}
      name={props.htmlName ?? id}
      value={typeof index === 'string' ? index : ''}
      disabled={disabled === true || readonly === true}
      onChange={(_event, data) =>
        props.onChange(enumOptionsValueForIndex(data.value, enumOptions, undefined))
      }
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {allowedOptions(props).map((option) => {
        const position = enumOptions.indexOf(option);
        return (
          <Radio
            key={String(option.value)}
            id={`${id}-${position}`}
            value={String(position)}
            label={option.label}
          />
        );
      })}
    </RadioGroup>
  );
}

/** A single checkbox carries its own label (the Field around it has none). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, onBlur, onFocus } = props;
  return (
    <Checkbox
      id={id}
      name={props.htmlName ?? id}
      checked={value === true}
      disabled={disabled === true || readonly === true}
      label={label}
      onChange={(_event, data) => props.onChange(data.checked === true)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
