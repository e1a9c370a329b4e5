/**
 * Our Fluent UI v9 templates for RJSF. Errors are shown inline by each field's Fluent `Field`
 * (which wires `aria-describedby` and `aria-invalid`), so the error list renders nothing.
 *
 * The root object lays the fields out as the flow says (`ui:options.layout`, see ui-schema.ts):
 * notes first, then the fields in no section, then each section as a region with a heading.
 * Fields of a group are one fieldset whose legend names the question and whose single error is
 * tied to it. Array fields are a fieldset of labelled items with add and remove buttons.
 */
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { LazySpinner } from './lazy-spinner';
import {
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorSchema,
  type FieldTemplateProps,
  type ObjectFieldTemplatePropertyType,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';
import { interpolate } from '../messages';
import type { FormLayout, LayoutGroup } from '../ui-schema';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXL },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  text: { margin: 0 },
  // A warning note, drawn like Fluent's warning MessageBar without its weight on every form.
  warning: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  fieldset: {
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  legend: {
    padding: 0,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    marginBottom: tokens.spacingVerticalXS,
  },
  hint: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  error: {
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  item: {
    display: 'flex',
    alignItems: 'flex-end',
    columnGap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  itemField: { flexGrow: 1, minWidth: '12rem' },
  // Clear space before the action row; a primary action is 44 px high (a comfortable target).
  submit: { marginTop: tokens.spacingVerticalXXL, minHeight: '44px', alignSelf: 'flex-start' },
  add: { alignSelf: 'flex-start' },
});

/**
 * A yes/no field is always answered (unticked is `false`), so "required" on it would tell the user
 * it must be ticked: only say so when it must (a consent box, `const: true`).
 */
function mustBeTicked(schema: FieldTemplateProps['schema']): boolean {
  return schema.const === true || (schema.enum?.length === 1 && schema.enum[0] === true);
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, hidden, required, uiSchema, registry, schema } =
    props;
  if (hidden || id === registry.globalFormOptions.idPrefix) return children;
  // An array field is its own fieldset (ArrayFieldTemplate): label, hint and errors included.
  if (schema.type === 'array') return children;
  const options = getUiOptions(uiSchema);
  const widget = uiSchema?.['ui:widget'];
  // In a group, the error is shown once for the whole group (ObjectFieldTemplate).
  const error = options.inGroup === true ? undefined : rawErrors?.[0];
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
      required={
        options.arrayItem !== true &&
        (schema.type === 'boolean'
          ? mustBeTicked(schema)
          : required === true || options.requiredByRule === true)
      }
    >
      {children}
    </Field>
  );
}

/** Paragraphs of a text (blank lines separate them). */
function Paragraphs({ text, className }: { text: string; className: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}

const firstError = (errorSchema: ErrorSchema | undefined, fields: string[]): string | undefined => {
  const schema = errorSchema as Record<string, { __errors?: string[] } | undefined> | undefined;
  for (const field of fields) {
    const error = schema?.[field]?.__errors?.[0];
    if (error) return error;
  }
  return undefined;
};

interface GroupProps {
  group: LayoutGroup;
  formId: string;
  members: ObjectFieldTemplatePropertyType[];
  error: string | undefined;
}

/** A group of fields: a fieldset with a legend, a hint and one error, described by both. */
function Group({ group, formId, members, error }: GroupProps) {
  const styles = useStyles();
  const base = `${formId}__group-${group.id}`;
  const describedBy = [group.hint && `${base}__hint`, error && `${base}__error`]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset id={base} className={styles.fieldset} aria-describedby={describedBy || undefined}>
      <legend className={styles.legend}>{group.legend}</legend>
      {group.hint && (
        <div id={`${base}__hint`} className={styles.hint}>
          {group.hint}
        </div>
      )}
      {error && (
        <div id={`${base}__error`} className={styles.error}>
          {error}
        </div>
      )}
      {members.map((property) => (
        <Fragment key={property.name}>{property.content}</Fragment>
      ))}
    </fieldset>
  );
}

function LaidOut({
  layout,
  properties,
  errorSchema,
}: {
  layout: FormLayout;
  properties: ObjectFieldTemplatePropertyType[];
  errorSchema: ErrorSchema | undefined;
}) {
  const styles = useStyles();
  const shown = properties.filter((property) => !property.hidden);
  const inSection = new Set(layout.sections.flatMap((section) => section.fields));
  const Heading = `h${Math.min(Math.max(layout.headingLevel, 2), 6)}` as 'h2';

  const renderFields = (list: ObjectFieldTemplatePropertyType[]): ReactNode[] => {
    const out: ReactNode[] = [];
    const done = new Set<string>();
    for (const property of list) {
      if (done.has(property.name)) continue;
      const group = layout.groups.find((g) => g.fields.includes(property.name));
      if (!group) {
        out.push(<Fragment key={property.name}>{property.content}</Fragment>);
        continue;
      }
      const members = list.filter((p) => group.fields.includes(p.name));
      members.forEach((p) => done.add(p.name));
      out.push(
        <Group
          key={`group-${group.id}`}
          group={group}
          formId={layout.formId}
          members={members}
          error={firstError(errorSchema, group.fields)}
        />,
      );
    }
    return out;
  };

  const loose = shown.filter((property) => !inSection.has(property.name));
  return (
    <div className={styles.form}>
      {(layout.notes.length > 0 || loose.length > 0) && (
        <div className={styles.fields}>
          {layout.notes.map((note, index) =>
            note.warning ? (
              <div key={`note-${index}`} role="status" className={styles.warning}>
                <Paragraphs text={note.text} className={styles.text} />
              </div>
            ) : (
              <Paragraphs key={`note-${index}`} text={note.text} className={styles.text} />
            ),
          )}
          {renderFields(loose)}
        </div>
      )}
      {layout.sections.map((section) => {
        const headingId = `${layout.formId}__section-${section.id}`;
        const fields = shown.filter((property) => section.fields.includes(property.name));
        return (
          <section key={section.id} aria-labelledby={headingId} className={styles.section}>
            <Heading id={headingId} className={styles.heading}>
              {section.title}
            </Heading>
            {section.description && (
              <Paragraphs text={section.description} className={styles.text} />
            )}
            {fields.length > 0 && <div className={styles.fields}>{renderFields(fields)}</div>}
          </section>
        );
      })}
    </div>
  );
}

export function ObjectFieldTemplate({
  properties,
  uiSchema,
  errorSchema,
}: ObjectFieldTemplateProps) {
  const styles = useStyles();
  const layout = getUiOptions(uiSchema).layout as FormLayout | undefined;
  if (layout) return <LaidOut layout={layout} properties={properties} errorSchema={errorSchema} />;
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

/**
 * An array of simple items: a fieldset (legend = the field's label) of labelled items, the
 * field's own error, and an add button enabled while the flow's `canAdd` holds. Adding focuses
 * the new item; removing one moves focus to the last item left (or the add button).
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, items, onAddClick, fieldPathId, uiSchema, title, disabled, readonly } = props;
  const styles = useStyles();
  const options = getUiOptions(uiSchema);
  const id = fieldPathId.$id;
  const hint = typeof uiSchema?.['ui:help'] === 'string' ? uiSchema['ui:help'] : undefined;
  const error = (props.errorSchema as { __errors?: string[] } | undefined)?.__errors?.[0];
  const describedBy = [hint && `${id}__hint`, error && `${id}__error`].filter(Boolean).join(' ');
  const count = items.length;
  const previous = useRef(count);
  const adding = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const document = addButton.current?.ownerDocument;
    if (document && (adding.current || count < previous.current)) {
      const last = document.getElementById(`${id}_${count - 1}`);
      const active = document.activeElement;
      if (adding.current || !active || active === document.body) {
        (last ?? addButton.current)?.focus();
      }
    }
    adding.current = false;
    previous.current = count;
  }, [count, id]);

  const addLabel = typeof options.addLabel === 'string' ? options.addLabel : undefined;
  return (
    <fieldset id={id} className={styles.fieldset} aria-describedby={describedBy || undefined}>
      <legend className={styles.legend}>{String(options.title ?? title)}</legend>
      {hint && (
        <div id={`${id}__hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      <div className={styles.fields}>{items}</div>
      {error && (
        <div id={`${id}__error`} className={styles.error}>
          {error}
        </div>
      )}
      {canAdd && addLabel && (
        <Button
          ref={addButton}
          className={styles.add}
          disabledFocusable={disabled === true || readonly === true || options.canAddNow === false}
          onClick={(event) => {
            adding.current = true;
            onAddClick(event);
          }}
        >
          {addLabel}
        </Button>
      )}
    </fieldset>
  );
}

/** One item: its field, and a remove button unless it is an initial, read-only item. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, buttonsProps, parentUiSchema } = props;
  const styles = useStyles();
  const options = getUiOptions(parentUiSchema);
  const existing = options.existingReadOnly === true && index < Number(options.existingCount ?? 0);
  const label = interpolate(String(options.removeLabel ?? ''), { number: index + 1 });
  const removable =
    buttonsProps.hasRemove &&
    !existing &&
    buttonsProps.readonly !== true &&
    buttonsProps.disabled !== true &&
    label !== '';
  return (
    <div className={styles.item}>
      <div className={styles.itemField}>{children}</div>
      {removable && <Button onClick={buttonsProps.onRemoveItem}>{label}</Button>}
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
  const styles = useStyles();
  return (
    <Button
      className={styles.submit}
      type="submit"
      appearance="primary"
      disabled={disabled && !busy}
      disabledFocusable={busy}
      aria-busy={busy || undefined}
      icon={busy ? <LazySpinner size="tiny" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
