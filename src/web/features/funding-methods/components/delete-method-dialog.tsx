import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/web/components/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      testId="delete-method-dialog"
      titleKey="funding-methods.confirm.title"
      body={t('funding-methods.confirm.body', { name })}
      cancelKey="funding-methods.confirm.cancel"
      actionKey="funding-methods.confirm.delete"
      busy={busy}
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
