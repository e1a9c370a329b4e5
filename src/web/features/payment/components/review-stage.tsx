/**
 * The review stage's own content: the payments (the first three, the rest behind a button), the
 * total, and the confirm button that names the action and the amount. The answers of the stages
 * above stay listed there with their Change buttons. While a payment is sent the button is busy
 * and a second click does nothing; a failure is announced and focused.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@/domain/money';
import { LazySpinner } from '@/engine/form/theme/lazy-spinner';
import { ScheduleTable } from '@/engine/form/theme/schedule-table';
import {
  confirmLabel,
  scheduleTable,
  type PaymentData,
  type ScheduledPayment,
} from '../utils/payment-model';

const FIRST_SHOWN = 3;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  more: { alignSelf: 'flex-start', minHeight: '32px' },
  confirm: {
    alignSelf: 'flex-start',
    minHeight: '44px',
    paddingInline: tokens.spacingHorizontalXXL,
  },
});

interface Props {
  data: PaymentData;
  schedule: readonly ScheduledPayment[];
  busy: boolean;
  checking: boolean;
  error: string | null;
  onConfirm: () => void;
}

export function ReviewStage({ data, schedule, busy, checking, error, onConfirm }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? schedule : schedule.slice(0, FIRST_SHOWN);
  const total = schedule.reduce((sum, p) => sum + p.cents, 0);
  const money = (cents: number) => formatCents(cents, data.language);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);

  return (
    <div className={styles.root}>
      <Body1 as="p">{t('payment.review.intro')}</Body1>
      <ScheduleTable
        table={scheduleTable(data, shown, t)}
        total={{ label: t('payment.schedule.total'), value: money(total), testId: 'review-total' }}
        testId="review-schedule"
      />
      {schedule.length > FIRST_SHOWN && (
        <Button
          className={styles.more}
          appearance="secondary"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all
            ? t('payment.schedule.showFewer')
            : t('payment.schedule.showAll', { count: schedule.length })}
        </Button>
      )}
      {checking && (
        <MessageBar intent="info" data-testid="checking-attempt">
          <MessageBarBody>{t('payment.review.checking')}</MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <div ref={alert} tabIndex={-1} role="alert" data-testid="payment-error">
          <MessageBar intent="error">
            <MessageBarBody>
              <MessageBarTitle>{t('payment.review.errorTitle')}</MessageBarTitle>
              {error}
            </MessageBarBody>
          </MessageBar>
        </div>
      )}
      <Button
        className={styles.confirm}
        appearance="primary"
        size="large"
        disabledFocusable={busy}
        aria-busy={busy || undefined}
        icon={busy ? <LazySpinner size="tiny" aria-hidden /> : undefined}
        onClick={() => {
          if (!busy) onConfirm();
        }}
        data-testid="confirm-payment"
      >
        {confirmLabel(data, schedule)}
      </Button>
    </div>
  );
}
