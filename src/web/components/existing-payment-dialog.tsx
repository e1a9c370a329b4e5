import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * 'A payment is already scheduled': asked before paying when GetExistingPayment answers true.
 * The caller navigates only after `onContinue` has closed the dialog (fluentui#35139).
 */
export function ExistingPaymentDialog({
  open,
  onContinue,
  onCancel,
}: {
  open: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface aria-describedby="existing-payment-body" data-testid="existing-payment-dialog">
        <DialogBody>
          <DialogTitle>{t('account.dialogs.existingPayment.title')}</DialogTitle>
          <DialogContent>
            <Text as="p" block id="existing-payment-body">
              {t('account.dialogs.existingPayment.body')}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('account.dialogs.cancel')}
            </Button>
            <Button appearance="primary" onClick={onContinue}>
              {t('account.dialogs.existingPayment.continue')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
