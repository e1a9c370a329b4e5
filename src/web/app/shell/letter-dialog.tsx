import { useState } from 'react';
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
import { useQueryClient } from '../../lib/query-client';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../engine/form/precompiled';
import { localize, toLanguage } from '../../../engine/i18n/split';
import * as verifyLetterModule from '../../../generated/validators/verify-letter';
import { establishLetterSession } from '../../api/establish-session';
import { FormError } from '../../components/form-error';
import { verifyLetter } from '../../features/verify-letter/api/verify-letter';
import { parseOfferCode } from '../../features/verify-letter/utils/offer-code';
import { track, trackSignedIn } from '../../lib/analytics';
import { portalConfig } from '../../lib/config';

const FLOW = 'verify-letter';
const FORM_ID = 'letter-dialog';
const NOT_FOUND = 'layout.letterDialog.notFound';
const verifyLetterForm = loadPrecompiled(verifyLetterModule);

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface LetterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the dialog has been told to close, with the letter options path to go to. */
  onVerified: (path: string) => void;
}

/**
 * The letter entry dialog of the navigation (spec §2 Letter screens): the verify-letter form in a
 * dialog. On success it closes first and only then navigates, so no open dialog is unmounted
 * (fluentui#35139 leaves aria-hidden on #root otherwise).
 */
export default function LetterDialog({ open, onOpenChange, onVerified }: LetterDialogProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const flow = portalConfig().forms[FLOW]!;

  const submit = async (letterCode: string) => {
    const code = parseOfferCode(letterCode);
    if (!code) {
      track('letter_verification_failed', { reason: 'invalid_code' });
      setErrorKey(NOT_FOUND);
      return;
    }
    setBusy(true);
    setErrorKey(null);
    try {
      establishLetterSession(queryClient, await verifyLetter(code));
      track('letter_verified', {});
      trackSignedIn('letter');
      onOpenChange(false);
      onVerified(`/letter-option/${encodeURIComponent(code.accountNumber)}/${code.letterId}`);
    } catch {
      track('letter_verification_failed', { reason: 'not_found' });
      setErrorKey(NOT_FOUND);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_, data) => {
        if (busy) return;
        setErrorKey(null);
        onOpenChange(data.open);
      }}
    >
      <DialogSurface aria-describedby="letter-dialog-description">
        <DialogBody>
          <DialogTitle>{t('layout.letterDialog.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text as="p" block id="letter-dialog-description">
              {t('layout.letterDialog.description')}
            </Text>
            <SchemaForm
              waitInPlace
              id={FORM_ID}
              flow={flow}
              schema={verifyLetterForm.schema}
              validator={verifyLetterForm.validator}
              busy={busy}
              hideSubmit
              onSubmit={(data) => void submit(String(data.letterCode ?? ''))}
            />
            <FormError id="letter-dialog-error" textKey={errorKey} />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
              {t('layout.letterDialog.cancel')}
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              appearance="primary"
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" aria-hidden /> : undefined}
            >
              {localize(flow.submit, toLanguage(i18n.language))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
