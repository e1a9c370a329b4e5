import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
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

// A destructive action looks like one: the danger colour, never the brand's.
const useStyles = makeStyles({
  destructive: {
    // The action's name on one line (it wrapped in the dialog's narrow action row).
    whiteSpace: 'nowrap',
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorStatusDangerBackground3Hover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorStatusDangerBackground3Pressed,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

/**
 * Asks before a saved method is deleted. Stays mounted: it closes through `open`. Like every dialog,
 * Cancel comes first and the action last; in this one Cancel also takes the focus, so Enter on
 * arrival does not delete.
 */
export function DeleteMethodDialog({
  open,
  name,
  busy,
  onConfirm,
  onCancel,
}: DeleteMethodDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
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
            <Button appearance="secondary" onClick={onCancel} disabledFocusable={busy}>
              {t('funding-methods.confirm.cancel')}
            </Button>
            <Button
              appearance="primary"
              className={styles.destructive}
              onClick={onConfirm}
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {t('funding-methods.confirm.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
