/**
 * Text-like widgets on Fluent UI v9 inputs. Each renders inside the FieldTemplate's Fluent `Field`,
 * which supplies the label association, hint/error `aria-describedby`, `aria-invalid` and `required`.
 */
import type { ChangeEvent } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import {
  cardExpiryToIso,
  digitsOnly,
  formatCardExpiry,
  formatCardNumber,
  formatMaskedDate,
  formatPhone,
  isoToCardExpiry,
  isoToMaskedDate,
  maskedDateToIso,
  resolveDateLimit,
} from './format';
import { useReadOnlyStyles } from './read-only';

type InputChange = (event: ChangeEvent<HTMLInputElement>, data: { value: string }) => void;

/**
 * Props every input shares; `toValue` turns typed text into the stored value. A hook (it styles
 * a read-only value as text): call it once per render of a widget.
 */
function useInputProps(
  props: WidgetProps,
  display: string,
  toValue: (text: string) => unknown,
): Partial<InputProps> & { onChange: InputChange } {
  const { id, htmlName, disabled, readonly, autofocus, placeholder, options, onBlur, onFocus } =
    props;
  const readOnlyStyles = useReadOnlyStyles();
  return {
    ...(readonly === true && {
      className: readOnlyStyles.root,
      input: { className: readOnlyStyles.input },
    }),
    id,
    name: htmlName ?? id,
    value: display,
    disabled: disabled === true,
    readOnly: readonly === true,
    autoFocus: autofocus === true,
    placeholder: placeholder || undefined,
    autoComplete: typeof options.autoComplete === 'string' ? options.autoComplete : undefined,
    onChange: (_event, data) => props.onChange(toValue(data.value)),
    onBlur: () => onBlur(id, props.value),
    onFocus: () => onFocus(id, props.value),
  };
}

export const orUndefined = (text: string): string | undefined => (text === '' ? undefined : text);
export const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);

const INPUT_MODES = ['text', 'numeric', 'decimal', 'tel', 'email'] as const;
type InputModeName = (typeof INPUT_MODES)[number];

/**
 * What a text input stores for typed text: the flow's `transform` (uppercase, lowercase,
 * digits) applied, then cut to its `maxLength`.
 */
export function transformText(text: string, options: WidgetProps['options']): string {
  let out = text;
  if (options.transform === 'uppercase') out = out.toUpperCase();
  else if (options.transform === 'lowercase') out = out.toLowerCase();
  else if (options.transform === 'digits') out = digitsOnly(out);
  const max = options.maxLength;
  return typeof max === 'number' && max > 0 ? out.slice(0, max) : out;
}

export function TextWidget(props: WidgetProps) {
  const { options } = props;
  const base = useInputProps(props, asText(props.value), (text) =>
    orUndefined(transformText(text, options)),
  );
  const inputMode = INPUT_MODES.find((mode) => mode === options.inputMode) as
    InputModeName | undefined;
  return (
    <Input
      {...base}
      inputMode={inputMode ?? (options.transform === 'digits' ? 'numeric' : undefined)}
      maxLength={typeof options.maxLength === 'number' ? options.maxLength : undefined}
      autoCapitalize={options.transform === 'uppercase' ? 'characters' : undefined}
    />
  );
}

/**
 * A password: typed text hidden, stored as typed (no transform, never trimmed), with the flow's
 * `autoComplete` (current-password by default, so a password manager fills it in).
 */
export function PasswordWidget(props: WidgetProps) {
  const base = useInputProps(props, asText(props.value), orUndefined);
  return <Input {...base} type="password" autoComplete={base.autoComplete ?? 'current-password'} />;
}

/** Last 4 of an SSN: digits only, at most 4, numeric keypad. */
export function SsnWidget(props: WidgetProps) {
  const base = useInputProps(props, asText(props.value), (text) =>
    orUndefined(digitsOnly(text).slice(0, 4)),
  );
  return <Input {...base} inputMode="numeric" maxLength={4} />;
}

/** Shown as 123-456-7890 while typing; stored as digits only. */
export function PhoneWidget(props: WidgetProps) {
  const base = useInputProps(props, formatPhone(asText(props.value)), (text) =>
    orUndefined(digitsOnly(text).slice(0, 15)),
  );
  return <Input {...base} type="tel" inputMode="tel" maxLength={19} />;
}

/** Typed as MM/DD/YYYY; stored as YYYY-MM-DD once complete. */
export function MaskedDateWidget(props: WidgetProps) {
  const base = useInputProps(props, isoToMaskedDate(props.value), (text) =>
    maskedDateToIso(formatMaskedDate(text)),
  );
  return <Input {...base} inputMode="numeric" maxLength={10} />;
}

/** The browser's date picker; `dateMin`/`dateMax` ('today' or YYYY-MM-DD) bound it. */
export function DateWidget(props: WidgetProps) {
  const base = useInputProps(props, asText(props.value), orUndefined);
  return (
    <Input
      {...base}
      type="date"
      min={resolveDateLimit(props.options.dateMin)}
      max={resolveDateLimit(props.options.dateMax)}
    />
  );
}

/** Account numbers and codes: upper-cased as typed, spaces dropped. */
export function AccountNumberWidget(props: WidgetProps) {
  const base = useInputProps(props, asText(props.value), (text) =>
    orUndefined(text.replace(/\s/g, '').toUpperCase()),
  );
  return <Input {...base} autoCapitalize="characters" spellCheck={false} />;
}

export function NumberWidget(props: WidgetProps) {
  const base = useInputProps(props, asText(props.value), (text) => {
    if (text.trim() === '') return undefined;
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  });
  return <Input {...base} type="number" inputMode="decimal" />;
}

/** Card number shown in groups of 4 (Amex 4-6-5); stored as digits only. */
export function CardNumberWidget(props: WidgetProps) {
  const base = useInputProps(props, formatCardNumber(asText(props.value)), (text) =>
    orUndefined(digitsOnly(text).slice(0, 19)),
  );
  return <Input {...base} inputMode="numeric" maxLength={30} />;
}

/** Typed as MM / YY; stored as the last day of that month (YYYY-MM-DD). */
export function CardExpiryWidget(props: WidgetProps) {
  const base = useInputProps(props, isoToCardExpiry(props.value), (text) =>
    cardExpiryToIso(formatCardExpiry(text)),
  );
  return <Input {...base} inputMode="numeric" maxLength={7} />;
}
