import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as rescheduleModule from '@/generated/validators/reschedule-payment';
import { useMoveNextPayment, useMoveNextPaymentArgs } from '@/web/api/move-next-payment';
import { FormDialog, type FormDialogContent } from '@/web/components/form-dialog';
import { useNotify } from '@/web/components/notify';
import { useLanguage } from '@/web/hooks/use-language';
import { agencyToday } from '@/web/utils/account-rules';
import { formatDate } from '@/web/utils/format-date';

const form = loadPrecompiled(rescheduleModule);

/**
 * Move the next payment to another day: from the earliest to the latest day the server allows
 * (shown as help), never the day it is on (spec §5 reschedule dialog).
 */
export default function RescheduleDialog({
  open,
  accountNumber,
  onClose,
}: {
  open: boolean;
  accountNumber: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const args = useMoveNextPaymentArgs(accountNumber, open);
  const move = useMoveNextPayment();

  const submit = async (data: Record<string, unknown>) => {
    const paymentDate = String(data.paymentDate);
    await move.mutateAsync({ accountNumber, paymentDate });
    notify({
      intent: 'success',
      titleKey: 'account.dialogs.reschedule.success',
      values: { date: formatDate(paymentDate, language) },
    });
  };

  const content: FormDialogContent = args.isPending
    ? { kind: 'loading' }
    : args.data
      ? {
          kind: 'form',
          intro: (
            <Text as="p" block data-testid="reschedule-current">
              {t('account.dialogs.reschedule.current', {
                date: formatDate(args.data.currentDate, language),
              })}
            </Text>
          ),
          today: agencyToday(),
          context: {
            currentDate: args.data.currentDate,
            earliestDate: args.data.earliestDate,
            latestDate: args.data.latestDate,
            latestDateText: formatDate(args.data.latestDate, language),
          },
        }
      : { kind: 'none' };

  return (
    <FormDialog
      open={open}
      formId="reschedule-payment"
      form={form}
      testId="reschedule-dialog"
      titleKey="account.dialogs.reschedule.title"
      cancelKey="account.dialogs.cancel"
      errorTitleKey="account.dialogs.reschedule.errorTitle"
      errorKey="account.dialogs.reschedule.error"
      loadFailed={args.isError}
      content={content}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
