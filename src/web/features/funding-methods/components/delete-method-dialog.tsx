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

interface DeleteMethodDialogProps {
  open: boolean;
  /** The method's name as listed ('Visa ending in 1111'). */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a saved method is deleted. Stays mounted: it closes through `open`. */
export function DeleteMethodDialog({
  open,
  name,
  busy,
  onConfirm,
  onCancel,
}: DeleteMethodDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface data-testid="delete-method-dialog">
        <DialogBody>
          <DialogTitle>{t('funding-methods.confirm.title')}</DialogTitle>
          <DialogContent>{t('funding-methods.confirm.body', { name })}</DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              onClick={onConfirm}
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {t('funding-methods.confirm.delete')}
            </Button>
            <Button appearance="secondary" onClick={onCancel} disabledFocusable={busy}>
              {t('funding-methods.confirm.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
