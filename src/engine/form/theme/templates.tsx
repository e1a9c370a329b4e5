/**
 * Our Fluent UI v9 templates for RJSF. Errors are shown inline by each field's Fluent `Field`
 * (which wires `aria-describedby` and `aria-invalid`), so the error list renders nothing.
 */
import { Fragment, type ReactNode } from 'react';
import { Button, Field, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { getUiOptions, type FieldTemplateProps, type ObjectFieldTemplateProps } from '@rjsf/utils';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
});

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, hidden, required, uiSchema, registry } = props;
  if (hidden || id === registry.globalFormOptions.idPrefix) return children;
  const options = getUiOptions(uiSchema);
  const widget = uiSchema?.['ui:widget'];
  const error = rawErrors?.[0];
  // A checkbox labels itself; a radio group is labelled by id (it has no control to point at).
  const labelSlot =
    widget === 'checkbox'
      ? undefined
      : { children: label, htmlFor: widget === 'radio' ? undefined : id };
  return (
    <Field
      label={labelSlot}
      hint={rawHelp || undefined}
      validationMessage={error}
      validationState={error ? 'error' : 'none'}
      required={required === true || options.requiredByRule === true}
    >
      {children}
    </Field>
  );
}

export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  const styles = useStyles();
  return (
    <div className={styles.fields}>
      {properties
        .filter((property) => !property.hidden)
        .map((property) => (
          <Fragment key={property.name}>{property.content}</Fragment>
        ))}
    </div>
  );
}

/** Errors are shown next to their fields. */
export function ErrorListTemplate() {
  return null;
}

/** RJSF's own submit button is never used: SchemaForm renders `SubmitButton` itself. */
export function NoButton() {
  return null;
}

export interface SubmitButtonProps {
  children: ReactNode;
  busy?: boolean;
  disabled?: boolean;
}

/** The primary submit button; while busy it shows a spinner and stays focusable but inert. */
export function SubmitButton({ children, busy = false, disabled = false }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      appearance="primary"
      disabled={disabled && !busy}
      disabledFocusable={busy}
      aria-busy={busy || undefined}
      icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
