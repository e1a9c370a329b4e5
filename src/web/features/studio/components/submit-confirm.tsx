/**
 * Submitting a draft with texts whose Spanish needs review (issue 44, item 5) asks first: the
 * author confirms (the server records the confirmation in the audit log) or goes back.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export function SubmitConfirm({
  open,
  count,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** How many texts need their Spanish reviewed. */
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open) onCancel();
      }}
    >
      <DialogSurface aria-describedby="studio-submit-confirm-body">
        <DialogBody>
          <DialogTitle>{t('studio.translations.confirmTitle')}</DialogTitle>
          <DialogContent id="studio-submit-confirm-body">
            {t('studio.translations.confirmBody', { count })}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onConfirm} data-testid="studio-submit-confirm">
              {t('studio.translations.confirm')}
            </Button>
            <Button onClick={onCancel}>{t('studio.translations.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
