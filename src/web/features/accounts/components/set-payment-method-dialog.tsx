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
import { localize } from '../../../../engine/i18n/split';
import * as setPaymentMethodModule from '../../../../generated/validators/set-payment-method';
import { useAttachFunding } from '../../../api/attach-funding';
import { useFundingMethods } from '../../../api/funding-methods';
import { useNotify } from '../../../components/notify';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../hooks/use-language';
import { portalConfig } from '../../../lib/config';
import { DialogError } from './dialog-error';

const FORM_ID = 'set-payment-method';
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
  const language = useLanguage();
  const notify = useNotify();
  const flow = portalConfig().forms[FORM_ID]!;
  const methods = useFundingMethods(accountNumber, open);
  const attach = useAttachFunding();
  const [failed, setFailed] = useState(false);
  const usable = (methods.data ?? []).filter((method) => !method.isExpired);
  const close = () => {
    if (attach.isPending) return;
    setFailed(false);
    onClose();
  };

  const submit = (data: Record<string, unknown>) => {
    setFailed(false);
    attach.mutate(
      {
        accountNumber,
        fundingId: Number(data.fundingId),
        paymentId: data.scope === 'all' ? undefined : paymentId,
      },
      {
        onSuccess: () => {
          notify({ intent: 'success', titleKey: 'account.dialogs.setPaymentMethod.success' });
          onClose();
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface data-testid="set-payment-method-dialog">
        <DialogBody>
          <DialogTitle>{t('account.dialogs.setPaymentMethod.title')}</DialogTitle>
          <DialogContent>
            <DialogError bodyKey={failed ? 'account.dialogs.setPaymentMethod.error' : null} />
            {methods.isPending ? (
              <Spinner size="small" label={t('common.loading')} />
            ) : methods.isError ? (
              <DialogError bodyKey="errors.generic" />
            ) : usable.length === 0 ? (
              <Text as="p" block>
                {t('account.dialogs.setPaymentMethod.noMethods')}{' '}
                <RouterLink to="/funding-methods">
                  {t('account.dialogs.setPaymentMethod.manage')}
                </RouterLink>
              </Text>
            ) : (
              <SchemaForm
                id={FORM_ID}
                flow={flow}
                schema={form.schema}
                validator={form.validator}
                formData={{ scope: 'one' }}
                context={{
                  fundingMethods: usable.map((method) => ({
                    value: method.id,
                    label: method.name,
                  })),
                }}
                busy={attach.isPending}
                hideSubmit
                onSubmit={submit}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={attach.isPending} onClick={close}>
              {t('account.dialogs.cancel')}
            </Button>
            {usable.length > 0 && (
              <Button
                type="submit"
                form={FORM_ID}
                appearance="primary"
                disabledFocusable={attach.isPending}
                icon={attach.isPending ? <Spinner size="tiny" aria-hidden /> : undefined}
              >
                {localize(flow.submit, language)}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
