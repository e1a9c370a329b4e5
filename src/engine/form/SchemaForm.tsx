/**
 * The engine's form: a flow file + a JSON Schema rendered with RJSF and our Fluent UI theme.
 * RJSF stays behind this API so an RJSF upgrade touches one folder.
 *
 * Validation is ours, not RJSF's (`noValidate`): `validateForm` is the same pure function the
 * server runs, and its errors reach the fields as `extraErrors`. Errors show after the first
 * submit (or, with `liveValidate`, on fields the user changed) and follow the current language.
 *
 * Layout comes from the flow as data: `notes`, `sections` (regions with headings), `groups`
 * (fieldsets with one error) and array fields (items with add/remove); see flow.ts.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { i18nextTranslator } from '../i18n/i18next';
import { localize, toLanguage, type LocalizedText } from '../i18n/split';
import type { FormData, FormFlow } from './flow';
import { computeFormState, pruneHidden } from './form-state';
import { errorMessage } from './messages';
import { SubmitButton } from './theme/templates';
import { templates, widgets } from './theme';
import { preloadWidgets } from './theme/lazy';
import { buildUiSchema, type FormContext } from './ui-schema';
import { rootField, validateForm, type FieldError } from './validate';
import { schemaErrors } from './precompiled';

export interface SchemaFormProps {
  flow: FormFlow;
  /** The form's JSON Schema: the very object its precompiled validator was built from. */
  schema: RJSFSchema;
  validator: ValidatorType<FormData>;
  /** Initial data; passing a new object resets the form to it. */
  formData?: FormData;
  /** Called with valid data, hidden fields pruned. */
  onSubmit: (data: FormData) => void;
  /** Called on every change with the data, hidden fields pruned. */
  onChange?: (data: FormData) => void;
  /** Called when the data becomes valid or invalid (e.g. for a dialog's own Continue button). */
  onValidityChange?: (valid: boolean) => void;
  /** Shows a spinner on the submit button and ignores submits. */
  busy?: boolean;
  /** Overrides the flow's `submit` label. */
  submitLabel?: LocalizedText;
  /** The form element's id and the prefix of every field id (`<id>_<field>`); defaults to the schema name. */
  id?: string;
  /** Rendered between the fields and the submit button. */
  children?: ReactNode;
  /** Renders no submit button (submit with `<Button type="submit" form={id}>` elsewhere). */
  hideSubmit?: boolean;
  /**
   * Run-time values the flow reads: `{{name}}` in its texts (e.g. `{ supportPhone: '800-555-0100' }`
   * for the bankruptcy disclosure), `{ "var": "$context.name" }` in its rules, `$context.name`
   * date limits and `optionsFrom` lists (`[{ value, label }]`). Compared by value, so an inline
   * object is fine.
   */
  context?: FormContext;
  /**
   * Today as YYYY-MM-DD for `dateMax`/`dateMin: 'today'` (picker bounds and validation).
   * Defaults to the browser's local calendar day.
   */
  today?: string;
  /**
   * Errors found elsewhere, such as the server's answer to a submit (`{ field, keyword }`, an
   * array item as `phones.1`). Each shows on its field with the flow's text for its keyword (so
   * it follows the language) until that field is changed; a new list focuses its first field.
   * Compared by value.
   */
  externalErrors?: readonly ExternalError[];
}

/** An error about a field that the form did not find itself (see `externalErrors`). */
export interface ExternalError {
  field: string;
  keyword: string;
}

type ErrorNode = { __errors?: string[] } & { [key: string]: ErrorNode | string[] | undefined };

/**
 * How RJSF fills defaults: never from a `const` (a consent box such as `finalVerify: { const:
 * true }` must not start ticked). Module-level so the prop is stable.
 */
const DEFAULT_BEHAVIOR = { constAsDefaults: 'never' } as const;

/** Error texts per field (`phones.1` nested under `phones`), in RJSF's ErrorSchema shape. */
function toErrorSchema(errors: readonly FieldError[]): ErrorSchema<FormData> {
  const schema: ErrorNode = {};
  for (const error of errors) {
    if (error.field === '') continue;
    let node = schema;
    for (const part of error.field.split('.')) {
      node[part] ??= {};
      node = node[part] as ErrorNode;
    }
    node.__errors = [error.message];
  }
  return schema as ErrorSchema<FormData>;
}

/** How many items each array field has: initial items are the `existingReadOnly` ones. */
function arrayCounts(data: FormData | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(data ?? {})
      .filter(([, value]) => Array.isArray(value))
      .map(([key, value]) => [key, (value as unknown[]).length]),
  );
}

/** The element id of an error's field: a group's first field, or an array item (`phones_1`). */
function errorTarget(flow: FormFlow, state: ReturnType<typeof computeFormState>, field: string) {
  const group = flow.groups?.find((g) => g.fields.includes(field));
  const first = group?.fields.find((f) => state.order.includes(f));
  return (first ?? field).split('.').join('_');
}

/** Keys whose values differ between two data objects. */
function changedFields(before: FormData, after: FormData): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}

/** The control to focus for a field: the input itself, or the first one inside (radio groups). */
function focusField(container: HTMLElement | null, id: string): void {
  const element = container?.ownerDocument.getElementById(id);
  if (!element) return;
  const target = element.matches('input, select, textarea, button')
    ? element
    : element.querySelector<HTMLElement>('input, select, textarea, button');
  target?.focus();
}

export function SchemaForm(props: SchemaFormProps) {
  const { flow, schema, validator, formData, busy = false, children, hideSubmit = false } = props;
  const { today } = props;
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const formId = props.id ?? flow.schema.split('/').pop() ?? 'form';

  const [data, setData] = useState<FormData>(() => formData ?? {});
  // Compared by value, so an inline `formData={{ ... }}` does not reset the form on every render.
  const initialKey = JSON.stringify(formData ?? {});
  const [initial, setInitial] = useState(initialKey);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  if (initialKey !== initial) {
    // New initial data from the parent starts the form over.
    setInitial(initialKey);
    setData(formData ?? {});
    setSubmitted(false);
    setTouched(new Set());
  }

  useEffect(() => preloadWidgets(flow), [flow]);
  // Compared by value, like formData: an inline `context={{ ... }}` keeps the uiSchema stable.
  const contextKey = JSON.stringify(props.context ?? {});
  const context = useMemo(() => JSON.parse(contextKey) as FormContext, [contextKey]);
  const existing = useMemo(() => arrayCounts(JSON.parse(initial) as FormData), [initial]);
  const state = useMemo(() => computeFormState(flow, data, context), [flow, data, context]);
  const uiSchema = useMemo(
    () =>
      buildUiSchema(flow, schema, state, language, {
        formId,
        context,
        data,
        existing,
        today,
      }),
    [flow, schema, state, language, formId, context, data, existing, today],
  );
  const translate = useMemo(() => i18nextTranslator(i18n, language), [i18n, language]);
  const validate = useMemo(() => schemaErrors(validator, schema), [validator, schema]);
  const errors = useMemo(
    () => validateForm({ flow, validate, data, translate, today, context }),
    [flow, validate, data, translate, today, context],
  );
  // External errors hold while their field keeps the value it had when they arrived.
  const externalKey = JSON.stringify(props.externalErrors ?? []);
  const [external, setExternal] = useState({ key: '[]', values: {} as FormData });
  if (externalKey !== external.key) {
    const fields = (JSON.parse(externalKey) as ExternalError[]).map((e) => rootField(e.field));
    setExternal({
      key: externalKey,
      values: Object.fromEntries(fields.map((field) => [field, JSON.stringify(data[field])])),
    });
  }
  const externalShown = useMemo(
    () =>
      (JSON.parse(external.key) as ExternalError[])
        .filter(
          (e) => external.values[rootField(e.field)] === JSON.stringify(data[rootField(e.field)]),
        )
        .map((e) => ({ ...e, message: errorMessage(flow, e, translate), params: {} })),
    [external, data, flow, translate],
  );
  const extraErrors = useMemo(() => {
    const own = submitted
      ? errors
      : flow.liveValidate
        ? errors.filter((e) => touched.has(rootField(e.field)))
        : [];
    const ownFields = new Set(own.map((e) => e.field));
    const shown = [...own, ...externalShown.filter((e) => !ownFields.has(e.field))];
    return shown.length > 0 || submitted || flow.liveValidate ? toErrorSchema(shown) : undefined;
  }, [errors, submitted, touched, flow.liveValidate, externalShown]);

  // Latest props and state for the stable handlers below (stable handlers keep RJSF from re-rendering
  // every field on each keystroke).
  const latest = useRef({ props, data, busy });
  useLayoutEffect(() => {
    latest.current = { props, data, busy };
  });
  const valid = errors.length === 0;
  useEffect(() => {
    latest.current.props.onValidityChange?.(valid);
  }, [valid]);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const [first] = JSON.parse(external.key) as ExternalError[];
    if (!first) return;
    const { props: current, data: now } = latest.current;
    const state = computeFormState(current.flow, now);
    focusField(container.current, `${formId}_${errorTarget(current.flow, state, first.field)}`);
  }, [external.key, formId]);

  const handleChange = useCallback((event: IChangeEvent<FormData>) => {
    const next = event.formData ?? {};
    const { props: current, data: before } = latest.current;
    const changed = changedFields(before, next);
    if (changed.length === 0) return;
    setData(next);
    if (current.flow.liveValidate) {
      setTouched((previous) => new Set([...previous, ...changed]));
    }
    current.onChange?.(pruneHidden(current.flow, next));
  }, []);

  const handleSubmit = useCallback(
    (event: IChangeEvent<FormData>) => {
      const { props: current, busy: isBusy } = latest.current;
      if (isBusy) return;
      const submittedData = event.formData ?? {};
      const found = validateForm({
        flow: current.flow,
        validate: schemaErrors(current.validator, current.schema),
        data: submittedData,
        translate,
        today: current.today,
        context: current.context,
      });
      if (found.length > 0) {
        setSubmitted(true);
        const first = found.find((error) => error.field !== '');
        if (first) {
          const target = errorTarget(
            current.flow,
            computeFormState(current.flow, submittedData),
            first.field,
          );
          focusField(container.current, `${formId}_${target}`);
        }
        return;
      }
      current.onSubmit(pruneHidden(current.flow, submittedData));
    },
    [formId, translate],
  );

  const label = localize(props.submitLabel ?? flow.submit, language);
  return (
    <div ref={container}>
      <Form<FormData>
        id={formId}
        idPrefix={formId}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        onChange={handleChange}
        onSubmit={handleSubmit}
        extraErrors={extraErrors}
        noValidate
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULT_BEHAVIOR}
        showErrorList={false}
        templates={templates}
        widgets={widgets}
      >
        {children}
        {!hideSubmit && label !== undefined && (
          <SubmitButton busy={busy} disabled={flow.submitDisabledUntilValid === true && !valid}>
            {label}
          </SubmitButton>
        )}
      </Form>
    </div>
  );
}
