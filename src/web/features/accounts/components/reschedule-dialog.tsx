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
import * as rescheduleModule from '../../../../generated/validators/reschedule-payment';
import { useMoveNextPayment, useMoveNextPaymentArgs } from '../../../api/move-next-payment';
import { useNotify } from '../../../components/notify';
import { useLanguage } from '../../../hooks/use-language';
import { portalConfig } from '../../../lib/config';
import { agencyToday } from '../../../utils/account-rules';
import { formatDate } from '../../../utils/format-date';
import { DialogError } from './dialog-error';

const FORM_ID = 'reschedule-payment';
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
  const flow = portalConfig().forms[FORM_ID]!;
  const args = useMoveNextPaymentArgs(accountNumber, open);
  const move = useMoveNextPayment();
  const [failed, setFailed] = useState(false);
  const close = () => {
    if (move.isPending) return;
    setFailed(false);
    onClose();
  };

  const submit = (data: Record<string, unknown>) => {
    const paymentDate = String(data.paymentDate);
    setFailed(false);
    move.mutate(
      { accountNumber, paymentDate },
      {
        onSuccess: () => {
          notify({
            intent: 'success',
            titleKey: 'account.dialogs.reschedule.success',
            values: { date: formatDate(paymentDate, language) },
          });
          onClose();
        },
        onError: () => setFailed(true),
      },
    );
  };

  const failure = failed || args.isError;
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface data-testid="reschedule-dialog">
        <DialogBody>
          <DialogTitle>{t('account.dialogs.reschedule.title')}</DialogTitle>
          <DialogContent>
            <DialogError
              titleKey="account.dialogs.reschedule.errorTitle"
              bodyKey={failure ? 'account.dialogs.reschedule.error' : null}
            />
            {args.isPending && <Spinner size="small" label={t('common.loading')} />}
            {args.data && (
              <>
                <Text as="p" block data-testid="reschedule-current">
                  {t('account.dialogs.reschedule.current', {
                    date: formatDate(args.data.currentDate, language),
                  })}
                </Text>
                <SchemaForm
                  id={FORM_ID}
                  flow={flow}
                  schema={form.schema}
                  validator={form.validator}
                  today={agencyToday()}
                  context={{
                    currentDate: args.data.currentDate,
                    earliestDate: args.data.earliestDate,
                    latestDate: args.data.latestDate,
                    latestDateText: formatDate(args.data.latestDate, language),
                  }}
                  busy={move.isPending}
                  hideSubmit
                  onSubmit={submit}
                />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={move.isPending} onClick={close}>
              {t('account.dialogs.cancel')}
            </Button>
            {args.data && (
              <Button
                type="submit"
                form={FORM_ID}
                appearance="primary"
                disabledFocusable={move.isPending}
                icon={move.isPending ? <Spinner size="tiny" aria-hidden /> : undefined}
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
