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
  Suspense,
  lazy,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { i18nextTranslator } from '../i18n/i18next';
import { localize, toLanguage } from '../i18n/split';
import type { LocalizedText } from '../../generated/types/api/localized-text';
import type { FormData, FormFlow } from './flow';
import { computeFormState, pruneHidden } from './form-state';
import { errorMessage } from './messages';
import { SubmitButton } from './theme/templates';
import { templates, widgets } from './theme';
import { widgetsLoading } from './theme/lazy';
import { LazySpinner } from './theme/lazy-spinner';
import { buildUiSchema, type FormContext } from './ui-schema';
import { rootField, validateForm, type FieldError } from './validate';
import { schemaErrors } from './precompiled';
import { DEFAULT_BEHAVIOR, startingData } from './starting-data';
import { useStableParts } from './stable-parts';
import { arrayCounts, changedFields, errorTarget, focusField, toErrorSchema } from './field-errors';
import { afterNextPaint, whenIdle } from '../after-next-paint';

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
  /**
   * While the code of its lazily loaded widgets loads, shows a spinner in its own place instead
   * of holding the page's Suspense boundary. For forms in dialogs: the page behind stays, and the
   * dialog has its buttons to focus (Escape and Tab keep working) until the form appears.
   */
  waitInPlace?: boolean;
  /** What `waitInPlace` shows meanwhile: by default a spinner, once its own code is here. */
  placeholder?: ReactNode;
}

/** An error about a field that the form did not find itself (see `externalErrors`). */
export interface ExternalError {
  field: string;
  keyword: string;
}

// Shown only after a failed submit of a flow that asks for it: not part of every form's first load.
const ErrorSummary = lazy(() => import('./theme/error-summary'));

const NO_ERRORS: FieldError[] = [];
const NO_ERROR_SCHEMA: ErrorSchema<FormData> = {};

export function SchemaForm(props: SchemaFormProps) {
  if (!props.waitInPlace) return <SchemaFormBody {...props} />;
  return (
    <Suspense fallback={props.placeholder ?? <FormSpinner />}>
      <SchemaFormBody {...props} />
    </Suspense>
  );
}

function FormSpinner() {
  const { t } = useTranslation();
  return <LazySpinner size="small" label={t('common.loading')} />;
}

function SchemaFormBody(props: SchemaFormProps) {
  const { flow, schema, validator, formData, busy = false, children, hideSubmit = false } = props;
  // The form shows once the code of its lazily loaded widgets is here (the nearest Suspense
  // boundary waits), so no field fills in later and moves what is below it.
  const widgetsPending = widgetsLoading(flow);
  if (widgetsPending) use(widgetsPending);
  const { today } = props;
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const formId = props.id ?? flow.schema.split('/').pop() ?? 'form';

  // RJSF holds the data while the user types (uncontrolled: no `formData` prop after it has
  // started), so a key re-derives its state once, not once more for a prop it already has. Each
  // start (`seed`) mounts a fresh RJSF form with the data it starts from; `data` mirrors its
  // changes for our rules, texts and validation.
  const [seed, setSeed] = useState(() => ({
    generation: 0,
    data: startingData(validator, schema, formData),
  }));
  const [data, setData] = useState<FormData>(seed.data);
  const [started, setStarted] = useState(-1);
  // Compared by value, so an inline `formData={{ ... }}` does not reset the form on every render.
  const initialKey = JSON.stringify(formData ?? {});
  const [initial, setInitial] = useState(initialKey);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  if (initialKey !== initial) {
    // New initial data from the parent starts the form over.
    const next = startingData(validator, schema, formData);
    setInitial(initialKey);
    setSeed({ generation: seed.generation + 1, data: next });
    setData(next);
    setSubmitted(false);
    setTouched(new Set());
  }
  // The switch to uncontrolled is a render of the whole form, so it waits until after the first
  // paint (a render in a passive effect would come before it: a stage drawn at a key press would
  // paint later). The first change switches at once (handleChange below): until then RJSF's data
  // is still the seed, so a render with it changes nothing.
  const generation = seed.generation;
  useEffect(() => afterNextPaint(() => setStarted(generation)), [generation]);

  // Compared by value, like formData: an inline `context={{ ... }}` keeps the uiSchema stable.
  const contextKey = JSON.stringify(props.context ?? {});
  const context = useMemo(() => JSON.parse(contextKey) as FormContext, [contextKey]);
  const existing = useMemo(() => arrayCounts(JSON.parse(initial) as FormData), [initial]);
  const state = useMemo(() => computeFormState(flow, data, context), [flow, data, context]);
  const builtUiSchema = useMemo(
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
  const uiSchema = useStableParts(builtUiSchema);
  const translate = useMemo(() => i18nextTranslator(i18n, language), [i18n, language]);
  const validate = useMemo(() => schemaErrors(validator, schema), [validator, schema]);
  // Errors are worked out on each change only while something shows them or depends on them;
  // otherwise on submit.
  const checksAsTyped =
    submitted ||
    flow.liveValidate === true ||
    flow.submitDisabledUntilValid === true ||
    props.onValidityChange !== undefined;
  const errors = useMemo(
    () =>
      checksAsTyped ? validateForm({ flow, validate, data, translate, today, context }) : NO_ERRORS,
    [checksAsTyped, flow, validate, data, translate, today, context],
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
        .map((e) => ({ ...e, message: errorMessage(flow, e, translate, context), params: {} })),
    [external, data, flow, translate, context],
  );
  const builtExtraErrors = useMemo(() => {
    const own = submitted
      ? errors
      : flow.liveValidate
        ? errors.filter((e) => touched.has(rootField(e.field)))
        : [];
    const ownFields = new Set(own.map((e) => e.field));
    const shown = [...own, ...externalShown.filter((e) => !ownFields.has(e.field))];
    return shown.length > 0 || submitted || flow.liveValidate ? toErrorSchema(shown) : undefined;
  }, [errors, submitted, touched, flow.liveValidate, externalShown]);
  const stableExtraErrors = useStableParts(builtExtraErrors ?? NO_ERROR_SCHEMA);
  const extraErrors = builtExtraErrors === undefined ? undefined : stableExtraErrors;

  // Latest props and state for the stable handlers below (stable handlers keep RJSF from re-rendering
  // every field on each keystroke).
  const latest = useRef({ props, data, busy, generation });
  useLayoutEffect(() => {
    latest.current = { props, data, busy, generation };
  });
  // The form's checks of `data` with the latest props (for the stable handlers below).
  const checksOf = useCallback(
    (data: FormData) => {
      const { props: current } = latest.current;
      return validateForm({
        flow: current.flow,
        validate: schemaErrors(current.validator, current.schema),
        data,
        translate,
        today: current.today,
        context: current.context,
      });
    },
    [translate],
  );
  // The form's checks run once on its starting data when the page is idle, their result unused:
  // the first run of a validator pays for compiling it (its function, its patterns, the rules'
  // JSON Logic), about 1 ms (4 ms at 4x CPU) that would otherwise fall in the first blur or the
  // Continue, inside the stage change.
  useEffect(() => whenIdle(() => checksOf(latest.current.data)), [checksOf]);
  const valid = errors.length === 0;
  useEffect(() => {
    latest.current.props.onValidityChange?.(valid);
  }, [valid]);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const [first] = JSON.parse(external.key) as ExternalError[];
    if (!first) return;
    const { props: current, data: now } = latest.current;
    const state = computeFormState(current.flow, now, current.context);
    focusField(container.current, `${formId}_${errorTarget(current.flow, state, first.field)}`);
  }, [external.key, formId]);

  const handleChange = useCallback((event: IChangeEvent<FormData>) => {
    const next = event.formData ?? {};
    const { props: current, data: before, generation: now } = latest.current;
    setStarted(now);
    const changed = changedFields(before, next);
    if (changed.length === 0) return;
    setData(next);
    if (current.flow.liveValidate) {
      setTouched((previous) => new Set([...previous, ...changed]));
    }
    current.onChange?.(pruneHidden(current.flow, next, current.context));
  }, []);

  // The submit is ours, ahead of RJSF's own handler (its `onSubmit` is not given): RJSF's would
  // first draw the whole form again (its submitted state) and call `onSubmit` from that commit,
  // 5-10 ms at 4x CPU inside a Continue before anything of the next stage is drawn. The data is
  // RJSF's committed state, after any change still pending in the same event is applied
  // (flushSync), as RJSF's handler would read it. The errors show through `extraErrors`, as
  // before. A submit of another form inside this one's tree (a dialog's, through a portal) is
  // left to that form.
  const rjsf = useRef<Form<FormData>>(null);
  const handleSubmit = useCallback(
    (event: FormEvent<HTMLDivElement>) => {
      const form = rjsf.current;
      if (!form || event.target !== form.formElement.current) return;
      event.preventDefault();
      event.stopPropagation();
      flushSync(() => undefined);
      const { props: current, busy: isBusy } = latest.current;
      if (isBusy) return;
      const submittedData = form.state.formData ?? {};
      const found = checksOf(submittedData);
      if (found.length > 0) {
        setSubmitted(true);
        const first = found.find((error) => error.field !== '');
        if (first) {
          const target = errorTarget(
            current.flow,
            computeFormState(current.flow, submittedData, current.context),
            first.field,
          );
          focusField(container.current, `${formId}_${target}`);
        }
        return;
      }
      current.onSubmit(pruneHidden(current.flow, submittedData, current.context));
    },
    [formId, checksOf],
  );

  const summary = useMemo(() => {
    if (!flow.errorSummary || !submitted) return [];
    const state = computeFormState(flow, data, context);
    const seen = new Set<string>();
    return [...errors, ...externalShown]
      .filter((error) => error.field !== '')
      .map((error) => ({
        target: `${formId}_${errorTarget(flow, state, error.field)}`,
        message: error.message,
      }))
      .filter((error) => !seen.has(error.target) && seen.add(error.target));
  }, [flow, submitted, data, context, errors, externalShown, formId]);

  const label = localize(props.submitLabel ?? flow.submit, language);
  return (
    <div ref={container} onSubmitCapture={handleSubmit}>
      {summary.length > 0 && (
        <Suspense fallback={null}>
          <ErrorSummary
            id={`${formId}__error-summary`}
            title={translate.text('validation.summaryTitle') ?? ''}
            errors={summary}
          />
        </Suspense>
      )}
      <Form<FormData>
        key={seed.generation}
        ref={rjsf}
        id={formId}
        idPrefix={formId}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={started === seed.generation ? undefined : seed.data}
        onChange={handleChange}
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
