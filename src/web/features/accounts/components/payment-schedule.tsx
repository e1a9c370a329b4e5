import {
  Badge,
  Button,
  makeStyles,
  tokens,
  useRestoreFocusTarget,
  type BadgeProps,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/domain/money';
import type { ScheduleStatus } from '@/domain/schedule-status';
import type { FirstMatchRules } from '@/domain/rules';
import { localize } from '@/engine/i18n/split';
import { useLanguage } from '@/web/hooks/use-language';
import { formatDate } from '@/web/utils/format-date';
import { useShowMore } from '../hooks/use-show-more';
import type { ScheduleRow } from '../utils/schedule-rows';
import { DataTable } from '@/web/components/data-table';
import { SectionPanel } from './section-panel';

/** Spec §9: the schedule shows 3 payments, then 5 more per click. */
const FIRST_ROWS = 3;
const MORE_ROWS = 5;

const BADGE: Record<ScheduleStatus, BadgeProps['color']> = {
  past_due: 'danger',
  rejected: 'danger',
  missing_funding: 'warning',
  pending: 'informative',
  upcoming: 'brand',
};

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  more: { alignSelf: 'flex-start', minHeight: '32px' },
  // At least 24 × 24 px (WCAG 2.5.8); a little more on a phone.
  button: { minHeight: '32px', minWidth: '32px' },
});

export function PaymentSchedule({
  rows,
  rules,
  canModify,
  onPayNow,
  onSetPaymentMethod,
}: {
  rows: readonly ScheduleRow[];
  rules: FirstMatchRules;
  canModify: boolean;
  onPayNow: (row: ScheduleRow) => void;
  onSetPaymentMethod: (row: ScheduleRow) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const restoreFocus = useRestoreFocusTarget();
  const { visible, hasMore, showMore } = useShowMore(rows, FIRST_ROWS, MORE_ROWS);
  const date = (row: ScheduleRow) => formatDate(row.payment.date, language);

  return (
    <SectionPanel id="payment-schedule" title={t('account.schedule.heading')}>
      <DataTable
        label={t('account.schedule.region')}
        testId="schedule-table"
        rows={visible}
        rowKey={(row) => row.payment.id}
        columns={[
          {
            key: 'status',
            header: t('account.schedule.status'),
            cell: (row) => (
              <Badge appearance="tint" color={BADGE[row.status]} data-status={row.status}>
                {localize(rules.outcomes[row.status]?.label, language) ?? row.status}
              </Badge>
            ),
          },
          { key: 'date', header: t('account.schedule.date'), cell: date },
          {
            key: 'amount',
            header: t('account.schedule.amount'),
            cell: (row) => formatUsd(row.payment.amount, language),
          },
          {
            key: 'actions',
            header: t('account.schedule.actions'),
            isEmpty: (row) =>
              !row.payNow &&
              !(canModify && (row.status === 'missing_funding' || row.status === 'rejected')),
            cell: (row) => (
              <div className={styles.actions}>
                {row.payNow && (
                  <Button
                    {...restoreFocus}
                    size="small"
                    className={styles.button}
                    aria-label={t('account.schedule.payNowFor', { date: date(row) })}
                    onClick={() => onPayNow(row)}
                  >
                    {t('account.upcoming.payNow')}
                  </Button>
                )}
                {canModify && (row.status === 'missing_funding' || row.status === 'rejected') && (
                  <Button
                    {...restoreFocus}
                    size="small"
                    className={styles.button}
                    aria-label={t('account.schedule.setPaymentMethodFor', { date: date(row) })}
                    onClick={() => onSetPaymentMethod(row)}
                  >
                    {t('account.upcoming.setPaymentMethod')}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      {hasMore && (
        <Button className={styles.more} onClick={showMore} data-testid="schedule-show-more">
          {t('account.schedule.showMore')}
        </Button>
      )}
    </SectionPanel>
  );
}
