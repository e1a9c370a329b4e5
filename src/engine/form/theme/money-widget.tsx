/**
 * An amount of money in US dollars. Loaded on demand (see lazy.tsx). What is typed stays as typed;
 * the stored value is a number once the text is dollars with at most two decimals (a `$`, commas
 * and spaces are ignored), and the text itself otherwise, so the schema's `type` error says the
 * amount is not one. Read-only, it shows the amount with two decimals.
 */
import { useState } from 'react';
import { Input, makeStyles, mergeClasses } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { moneyValue } from './format';
import { useReadOnlyStyles } from './read-only';

const shown = (value: unknown): string =>
  typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value : '';

// An amount is a few digits: a full-width box would suggest a long text.
const useStyles = makeStyles({ input: { width: '100%', maxWidth: '16rem' } });

export function MoneyWidget(props: WidgetProps) {
  const styles = useStyles();
  const readOnlyStyles = useReadOnlyStyles();
  const { id, htmlName, disabled, readonly, placeholder, onBlur, onFocus, value } = props;
  // The text as typed ("12.5" stays "12.5"); replaced when the value changes from outside.
  const [text, setText] = useState(() => shown(value));
  const [last, setLast] = useState<unknown>(value);
  if (value !== last) {
    setLast(value);
    if (moneyValue(text) !== value) setText(shown(value));
  }
  return (
    <Input
      className={mergeClasses(styles.input, readonly === true && readOnlyStyles.root)}
      input={readonly === true ? { className: readOnlyStyles.input } : undefined}
      id={id}
      name={htmlName ?? id}
      value={readonly === true ? shown(value) : text}
      contentBefore={<span aria-hidden>$</span>}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled === true}
      readOnly={readonly === true}
      placeholder={placeholder || undefined}
      onChange={(_event, data) => {
        setText(data.value);
        const next = moneyValue(data.value);
        setLast(next);
        props.onChange(next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
