/** Radio groups and checkboxes. Loaded on demand (see lazy.tsx): sign-in has neither. */
import { Checkbox, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { allowedOptions, choiceOptions } from './choice-widgets';

const useStyles = makeStyles({
  hint: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
});

export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onBlur, onFocus } = props;
  const styles = useStyles();
  const enumOptions = choiceOptions(props);
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
        // Options given at run time may be shown but not selectable, with a line saying why.
        const { disabled: unavailable, hint } = option as { disabled?: boolean; hint?: string };
        return (
          <Radio
            key={String(option.value)}
            id={`${id}-${position}`}
            value={String(position)}
            disabled={unavailable === true}
            label={
              hint ? (
                <>
                  {option.label}
                  <span className={styles.hint}>{hint}</span>
                </>
              ) : (
                option.label
              )
            }
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
