import { Body1, Button, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/domain/money';
import type { Transaction } from '@/domain/types';
import { useLanguage } from '@/web/hooks/use-language';
import { transactionStatus } from '@/web/utils/account-view';
import { formatDate } from '@/web/utils/format-date';
import { useShowMore } from '../hooks/use-show-more';
import { DataTable } from '@/web/components/data-table';
import { SectionPanel } from './section-panel';

/** Spec §9: 5 transactions, then 5 more per click. */
const PAGE = 5;

const useStyles = makeStyles({ more: { alignSelf: 'flex-start', minHeight: '32px' } });

export function TransactionHistory({ transactions }: { transactions: readonly Transaction[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { visible, hasMore, showMore } = useShowMore(transactions, PAGE, PAGE);
  return (
    <SectionPanel id="transaction-history" title={t('account.history.heading')}>
      {transactions.length === 0 ? (
        <Body1 as="p">{t('account.history.none')}</Body1>
      ) : (
        <DataTable
          label={t('account.history.region')}
          testId="history-table"
          rows={visible}
          rowKey={(transaction) => transaction.id}
          columns={[
            {
              key: 'status',
              header: t('account.history.status'),
              cell: (transaction) =>
                t(`account.history.statuses.${transactionStatus(transaction)}`, {
                  date: transaction.returnedDate
                    ? formatDate(transaction.returnedDate, language)
                    : '',
                }),
            },
            {
              key: 'date',
              header: t('account.history.date'),
              cell: (transaction) => formatDate(transaction.date, language),
            },
            {
              key: 'amount',
              header: t('account.history.amount'),
              cell: (transaction) => formatUsd(transaction.amount, language),
            },
            {
              key: 'confirmation',
              header: t('account.history.confirmation'),
              cell: (transaction) => transaction.confirmationCode ?? '—',
            },
          ]}
        />
      )}
      {hasMore && (
        <Button className={styles.more} onClick={showMore} data-testid="history-show-more">
          {t('account.history.showMore')}
        </Button>
      )}
    </SectionPanel>
  );
}
