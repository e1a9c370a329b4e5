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
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../../engine/form/SchemaForm';
import { loadPrecompiled } from '../../../../engine/form/precompiled';
import { localize, toLanguage } from '../../../../engine/i18n/split';
import * as verifySsnModule from '../../../../generated/validators/verify-ssn';
import { portalConfig } from '../../../lib/config';

const FORM_ID = 'verify-ssn';
const verifySsn = loadPrecompiled(verifySsnModule);

interface SsnDialogProps {
  open: boolean;
  busy: boolean;
  onSubmit: (ssn: string) => void;
  onCancel: () => void;
}

/** 'Verify SSN': the last 4 of the SSN when the server needs a third factor (a 440 answer). */
export default function SsnDialog({ open, busy, onSubmit, onCancel }: SsnDialogProps) {
  const { t, i18n } = useTranslation();
  const [valid, setValid] = useState(false);
  const flow = portalConfig().forms[FORM_ID]!;
  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface aria-describedby="verify-ssn-description">
        <DialogBody>
          <DialogTitle>{t('sign-in.ssnDialog.title')}</DialogTitle>
          <DialogContent>
            <Text as="p" block id="verify-ssn-description">
              {t('sign-in.ssnDialog.description')}
            </Text>
            <SchemaForm
              waitInPlace
              id={FORM_ID}
              flow={flow}
              schema={verifySsn.schema}
              validator={verifySsn.validator}
              busy={busy}
              hideSubmit
              onValidityChange={setValid}
              onSubmit={(data) => onSubmit(String(data.socialSecurityNumber ?? ''))}
            />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('sign-in.ssnDialog.cancel')}
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              appearance="primary"
              disabled={!valid && !busy}
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
