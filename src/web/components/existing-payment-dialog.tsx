import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

/**
 * 'A payment is already scheduled': asked before paying when GetExistingPayment answers true.
 * The caller navigates only after `onContinue` has closed the dialog (fluentui#35139).
 */
export const ExistingPaymentDialog = memo(function ExistingPaymentDialog({
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
    <ConfirmDialog
      open={open}
      testId="existing-payment-dialog"
      titleKey="account.dialogs.existingPayment.title"
      body={t('account.dialogs.existingPayment.body')}
      cancelKey="account.dialogs.cancel"
      actionKey="account.dialogs.existingPayment.continue"
      onConfirm={onContinue}
      onCancel={onCancel}
    />
  );
});
