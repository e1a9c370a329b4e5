import { useState, type ReactNode } from 'react';
import {
  Body1,
  Button,
  makeStyles,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { planCalendar } from '@/web/api/plan-calendar';
import { FormError } from '@/web/components/form-error';
import { saveFile } from '@/web/lib/save-file';
import { formatUsd } from '@/domain/money';
import { useLanguage } from '@/web/hooks/use-language';
import { formatDate } from '@/web/utils/format-date';
import type { ScheduleRow } from '../utils/schedule-rows';
import { SectionPanel } from './section-panel';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  text: { margin: 0 },
  button: { minHeight: '32px' },
});

/**
 * The past-due and next payments with pay now, set payment method, move next payment, and the
 * plan's payments as a calendar file (issue 22).
 */
export function UpcomingPayments({
  accountNumber,
  pastDue,
  next,
  canModify,
  canMove,
  onPayNow,
  onSetPaymentMethod,
  onMoveNextPayment,
  children,
}: {
  accountNumber: string;
  pastDue: ScheduleRow | null;
  next: ScheduleRow | null;
  canModify: boolean;
  /** The next payment may be moved (MoveNextPaymentArgs is asked when the dialog opens). */
  canMove: boolean;
  onPayNow: (row: ScheduleRow) => void;
  onSetPaymentMethod: (row: ScheduleRow) => void;
  onMoveNextPayment: () => void;
  /** More of the plan's actions (the plan changes offered). */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  // Focus returns to the button that opened a dialog when it closes.
  const restoreFocus = useRestoreFocusTarget();
  const describe = (row: ScheduleRow) => ({
    amount: formatUsd(row.payment.amount, language),
    date: formatDate(row.payment.date, language),
  });
  const payNow = pastDue?.payNow ? pastDue : next?.payNow ? next : null;
  const [calendarFailed, setCalendarFailed] = useState(false);
  const addToCalendar = async () => {
    setCalendarFailed(false);
    try {
      const file = await planCalendar(accountNumber);
      if (!file) throw new Error('no file');
      saveFile(file, `payment-schedule-${accountNumber.replace(/\W/g, '').slice(-4)}.ics`);
    } catch {
      setCalendarFailed(true);
    }
  };

  return (
    <SectionPanel id="upcoming-payments" title={t('account.upcoming.heading')}>
      {pastDue && (
        <Body1 as="p" className={styles.text} data-testid="past-due-text">
          {t('account.upcoming.pastDue', describe(pastDue))}
        </Body1>
      )}
      <Body1 as="p" className={styles.text} data-testid="next-payment-text">
        {next ? t('account.upcoming.next', describe(next)) : t('account.upcoming.none')}
      </Body1>
      <div className={styles.actions}>
        {payNow && (
          <Button
            {...restoreFocus}
            className={styles.button}
            onClick={() => onPayNow(payNow)}
            data-testid="pay-now"
          >
            {t('account.upcoming.payNow')}
          </Button>
        )}
        {canModify && next && (
          <Button
            {...restoreFocus}
            className={styles.button}
            onClick={() => onSetPaymentMethod(next)}
            data-testid="set-payment-method"
          >
            {t('account.upcoming.setPaymentMethod')}
          </Button>
        )}
        {canModify && canMove && next && (
          <Button
            {...restoreFocus}
            className={styles.button}
            onClick={onMoveNextPayment}
            data-testid="move-next-payment"
          >
            {t('account.upcoming.moveNextPayment')}
          </Button>
        )}
        {next && (
          <Button
            className={styles.button}
            onClick={() => void addToCalendar()}
            data-testid="add-to-calendar"
          >
            {t('account.upcoming.addToCalendar')}
          </Button>
        )}
      </div>
      {children}
      <FormError
        id="calendar-error"
        textKey={calendarFailed ? 'account.upcoming.calendarFailed' : null}
      />
    </SectionPanel>
  );
}
