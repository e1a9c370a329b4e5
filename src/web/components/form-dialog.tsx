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

/** What a form dialog shows under its error alert. */
export type FormDialogContent =
  /** A spinner while what the form needs is loading. */
  | { kind: 'loading' }
  /** An error alert instead of the form (what the form needs could not be loaded). */
  | { kind: 'error'; textKey: string }
  /** Text instead of the form, such as 'nothing to choose from'. */
  | { kind: 'message'; message: ReactNode }
  /** The form (with a submit button in the dialog's actions), `intro` above it. */
  | {
      kind: 'form';
      intro?: ReactNode;
      context?: FormContext;
      formData?: FormData;
      today?: string;
    }
  /** Nothing but the alert (e.g. after `loadFailed`). */
  | { kind: 'none' };

interface FormDialogProps {
  open: boolean;
  /** The form's id in flows/forms (its flow, the form element's id, the submit button's `form`). */
  formId: string;
  /** The form's schema and precompiled validator (`loadPrecompiled`). */
  form: CompiledForm;
  /** The dialog surface's test id. */
  testId: string;
  titleKey: string;
  cancelKey: string;
  /** The failure alert's text (and optional title) keys: shown after a failed submit. */
  errorKey: string;
  errorTitleKey?: string;
  /** Shows the failure alert without a submit, e.g. when what the form needs failed to load. */
  loadFailed?: boolean;
  content: FormDialogContent;
  /**
   * Called with valid data; the dialog is busy until the promise settles, then closes when it
   * resolves or shows the failure alert when it rejects.
   */
  onSubmit: (data: FormData) => Promise<unknown>;
  onClose: () => void;
}

/**
 * An engine form (schemas/forms + flows/forms) in a Fluent dialog: Cancel and the flow's submit
 * label in the actions, busy while the submit runs (no closing then), a failure alert.
 *
 * Stays mounted: it closes through `open`. Focus goes back to the opener when the opener carries
 * Fluent's `useRestoreFocusTarget()`; the form focuses its first error itself.
 */
export function FormDialog({
  open,
  formId,
  form,
  testId,
  titleKey,
  cancelKey,
  errorKey,
  errorTitleKey,
  loadFailed = false,
  content,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const flow = portalConfig().forms[formId]!;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
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
    setBusy(true);
    onSubmit(data).then(
      () => {
        setBusy(false);
        onClose();
      },
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface data-testid={testId}>
        <DialogBody>
          <DialogTitle>{t(titleKey)}</DialogTitle>
          <DialogContent>
            <SubmitError
              titleKey={errorTitleKey}
              textKey={failed || loadFailed ? errorKey : null}
              testId="dialog-error"
            />
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
                  onSubmit={submit}
                />
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
