/** Multi-line text. Loaded on demand (see lazy.tsx): few forms have one. */
import { Textarea } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { asText, orUndefined } from './input-widgets';

export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, disabled, readonly, placeholder, onBlur, onFocus, value } = props;
  return (
    <Textarea
      id={id}
      name={htmlName ?? id}
      value={asText(value)}
      disabled={disabled === true}
      readOnly={readonly === true}
      placeholder={placeholder || undefined}
      resize="vertical"
      onChange={(_event, data) => props.onChange(orUndefined(data.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
