/** The native Fluent Select (radio groups and checkboxes are in toggle-widgets.tsx). */
import { Select, makeStyles } from '@fluentui/react-components';
import {
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';

/** The schema's enum options, or the flow's `optionsFrom` list given at run time. */
export function choiceOptions(props: WidgetProps): EnumOptionsType[] {
  const runtime = props.options.runtimeOptions;
  return (
    props.options.enumOptions ?? (Array.isArray(runtime) ? (runtime as EnumOptionsType[]) : [])
  );
}

/** The enum options the flow leaves in (`allowedValues` comes from `excludeOptions`). */
export function allowedOptions(props: WidgetProps): EnumOptionsType[] {
  const all = choiceOptions(props);
  const allowed = props.options.allowedValues;
  return Array.isArray(allowed) ? all.filter((option) => allowed.includes(option.value)) : all;
}

const useStyles = makeStyles({
  // A native select is as wide as its longest option: in a field's grid at phone width a long
  // Spanish option ("Últimos 4 dígitos del número de Seguro Social") pushed it past the form's
  // edge. It takes the field's width instead, the chosen option cut with an ellipsis if need be.
  root: { minWidth: 0, maxWidth: '100%' },
  select: { minWidth: 0, textOverflow: 'ellipsis' },
});

export function SelectWidget(props: WidgetProps) {
  const styles = useStyles();
  const { id, htmlName, value, disabled, readonly, onBlur, onFocus } = props;
  const enumOptions = choiceOptions(props);
  const shown = allowedOptions(props);
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  const selected = typeof index === 'string' ? index : '';
  const toValue = (raw: string): unknown =>
    raw === '' ? undefined : enumOptionsValueForIndex(raw, enumOptions, undefined);
  return (
    <Select
      className={styles.root}
      select={{ className: styles.select }}
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
