import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FormData } from '../../engine/form/flow';
import type { CompiledForm } from '../../engine/form/precompiled';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { widgetsLoading } from '../../engine/form/theme/lazy';
import type { FormContext } from '../../engine/form/ui-schema';
import { localize } from '../../engine/i18n/split';
import { useLanguage } from '../hooks/use-language';
import { portalConfig } from '../lib/config';
import { SubmitError } from './submit-error';

const useStyles = makeStyles({
  // The description and what follows the form stand apart from the form's fields.
  description: { marginBottom: tokens.spacingVerticalM },
  outro: { marginTop: tokens.spacingVerticalM },
});

/** What a form dialog shows under its error alert. */
export type FormDialogContent =
  /** A spinner while what the form needs is loading. */
  | { kind: 'loading' }
  /** An error alert instead of the form (what the form needs could not be loaded). */
  | { kind: 'error'; textKey: string }
  /** Text instead of the form, such as 'nothing to choose from'. */
  | { kind: 'message'; message: ReactNode }
  /** The form (with a submit button in the dialog's actions), `intro` above it, `outro` below. */
  | {
      kind: 'form';
      intro?: ReactNode;
      outro?: ReactNode;
      context?: FormContext;
      formData?: FormData;
      today?: string;
    }
  /** Nothing but the alert (e.g. after `loadFailed`). */
  | { kind: 'none' };

export interface FormDialogProps<T> {
  open: boolean;
  /** The form element's id (the submit button's `form`); also its flow's name unless `flow` says. */
  formId: string;
  /** The form's flow in flows/forms, when a page shows the same form under its own `formId`. */
  flow?: string;
  /** The form's schema and precompiled validator (`loadPrecompiled`). */
  form: CompiledForm;
  /** The dialog surface's test id. */
  testId: string;
  titleKey: string;
  /** A paragraph under the title that describes the dialog (its `aria-describedby`). */
  descriptionKey?: string;
  cancelKey: string;
  /**
   * The failure alert's text (and optional title) keys: shown after a failed submit. Without it
   * the caller says what failed itself (in `outro`).
   */
  errorKey?: string;
  errorTitleKey?: string;
  /** Shows the failure alert without a submit, e.g. when what the form needs failed to load. */
  loadFailed?: boolean;
  content: FormDialogContent;
  /** Busy while the caller's own submit runs (when `onSubmit` returns no promise). */
  busy?: boolean;
  /**
   * Called with valid data. When it returns a promise the dialog is busy until it settles, then
   * closes and passes its value to `onDone` when it resolves, or shows the failure alert when it
   * rejects. Otherwise the caller keeps `busy` and closes the dialog itself.
   */
  onSubmit: (data: FormData) => Promise<T> | undefined;
  /** After a submit's promise resolved and the dialog was told to close (navigate here: fluentui#35139). */
  onDone?: (result: T) => void;
  onClose: () => void;
}

/**
 * An engine form (schemas/forms + flows/forms) in a Fluent dialog: Cancel and the flow's submit
 * label in the actions, busy while the submit runs (no closing then), a failure alert.
 *
 * Stays mounted: it closes through `open`. Focus goes back to the opener when the opener carries
 * Fluent's `useRestoreFocusTarget()`; the form focuses its first error itself.
 */
export function FormDialog<T>({
  open,
  formId,
  flow: flowName = formId,
  form,
  testId,
  titleKey,
  descriptionKey,
  cancelKey,
  errorKey,
  errorTitleKey,
  loadFailed = false,
  content,
  busy: callerBusy = false,
  onSubmit,
  onDone,
  onClose,
}: FormDialogProps<T>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const flow = portalConfig().forms[flowName]!;
  const [submitting, setSubmitting] = useState(false);
  const busy = submitting || callerBusy;
  const [failed, setFailed] = useState(false);
  // A flow may keep its submit disabled until its data is valid (the SSN dialog's 4 digits).
  const [valid, setValid] = useState(false);
  const descriptionId = `${formId}-description`;
  // One loading state, from the form's data to its widgets' code: the dialog does not flash empty.
  const loading = <Spinner size="small" label={t('common.loading')} />;
  // The dialog stays mounted while closed: its form's widgets load then, so it opens whole.
  useEffect(() => void widgetsLoading(flow), [flow]);

  const close = () => {
    if (busy) return;
    setFailed(false);
    onClose();
  };

  const submit = (data: FormData) => {
    setFailed(false);
    const submitted = onSubmit(data);
    if (!submitted) return;
    setSubmitting(true);
    submitted.then(
      (result) => {
        setSubmitting(false);
        onClose();
        onDone?.(result);
      },
      () => {
        setSubmitting(false);
        setFailed(true);
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface
        data-testid={testId}
        aria-describedby={descriptionKey ? descriptionId : undefined}
      >
        <DialogBody>
          <DialogTitle>{t(titleKey)}</DialogTitle>
          <DialogContent>
            {descriptionKey && (
              <Text as="p" block id={descriptionId} className={styles.description}>
                {t(descriptionKey)}
              </Text>
            )}
            {errorKey && (
              <SubmitError
                titleKey={errorTitleKey}
                textKey={failed || loadFailed ? errorKey : null}
                testId="dialog-error"
              />
            )}
            {content.kind === 'loading' && loading}
            {content.kind === 'error' && (
              <SubmitError textKey={content.textKey} testId="dialog-error" />
            )}
            {content.kind === 'message' && content.message}
            {content.kind === 'form' && (
              <>
                {content.intro}
                <SchemaForm
                  waitInPlace
                  placeholder={loading}
                  id={formId}
                  flow={flow}
                  schema={form.schema}
                  validator={form.validator}
                  formData={content.formData}
                  today={content.today}
                  context={content.context}
                  busy={busy}
                  hideSubmit
                  onValidityChange={flow.submitDisabledUntilValid ? setValid : undefined}
                  onSubmit={submit}
                />
                {content.outro && <div className={styles.outro}>{content.outro}</div>}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={close}>
              {t(cancelKey)}
            </Button>
            {content.kind === 'form' && (
              <Button
                type="submit"
                form={formId}
                appearance="primary"
                disabled={flow.submitDisabledUntilValid === true && !valid && !busy}
                disabledFocusable={busy}
                icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
              >
                {localize(flow.submit, language)}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
