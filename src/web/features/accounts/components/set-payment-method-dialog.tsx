import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as setPaymentMethodModule from '@/generated/validators/set-payment-method';
import { useAttachFunding } from '@/web/api/attach-funding';
import { useFundingMethods } from '@/web/api/funding-methods';
import { FormDialog, type FormDialogContent } from '@/web/components/form-dialog';
import { useNotify } from '@/web/components/notify';
import { RouterLink } from '@/web/components/router-link';

const form = loadPrecompiled(setPaymentMethodModule);

/** Attach a saved, unexpired payment method to one scheduled payment or to all future ones. */
export default function SetPaymentMethodDialog({
  open,
  accountNumber,
  paymentId,
  onClose,
}: {
  open: boolean;
  accountNumber: string;
  paymentId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const methods = useFundingMethods(accountNumber, open);
  const attach = useAttachFunding();
  const usable = (methods.data ?? []).filter((method) => !method.isExpired);

  const submit = async (data: Record<string, unknown>) => {
    await attach.mutateAsync({
      accountNumber,
      fundingId: Number(data.fundingId),
      paymentId: data.scope === 'all' ? undefined : paymentId,
    });
    notify({ intent: 'success', titleKey: 'account.dialogs.setPaymentMethod.success' });
  };

  const content: FormDialogContent = methods.isPending
    ? { kind: 'loading' }
    : methods.isError
      ? { kind: 'error', textKey: 'errors.generic' }
      : usable.length === 0
        ? {
            kind: 'message',
            message: (
              <Text as="p" block>
                {t('account.dialogs.setPaymentMethod.noMethods')}{' '}
                <RouterLink to="/funding-methods">
                  {t('account.dialogs.setPaymentMethod.manage')}
                </RouterLink>
              </Text>
            ),
          }
        : {
            kind: 'form',
            formData: { scope: 'one' },
            context: {
              fundingMethods: usable.map((method) => ({ value: method.id, label: method.name })),
            },
          };

  return (
    <FormDialog
      open={open}
      formId="set-payment-method"
      form={form}
      testId="set-payment-method-dialog"
      titleKey="account.dialogs.setPaymentMethod.title"
      cancelKey="account.dialogs.cancel"
      errorKey="account.dialogs.setPaymentMethod.error"
      content={content}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
