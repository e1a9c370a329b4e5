import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { lastPaymentDate } from '@/domain/classification';
import { maskClientAccount } from '@/domain/masking';
import { formatUsd } from '@/domain/money';
import type { AccountDetailed } from '@/web/api/account-detailed';
import { InfoList } from '@/web/components/info-list';
import { useLanguage } from '@/web/hooks/use-language';
import { debtorFullName } from '@/web/utils/debtor-name';
import { formatDate } from '@/web/utils/format-date';
import { SectionPanel } from './section-panel';

const useStyles = makeStyles({
  balance: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function AccountSummary({ data }: { data: AccountDetailed }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { account, debtor } = data;
  const money = (dollars: number) => formatUsd(dollars, language);
  const lastPaid = account.dateOfLastPay ? lastPaymentDate(account) : null;
  const summary = account.currentArrangementSummary;
  const items = [
    { label: t('account.fields.name'), value: debtorFullName(debtor), testId: 'debtor-name' },
    { label: t('account.fields.creditor'), value: account.creditorName ?? '' },
    account.originalCreditorName && {
      label: t('account.fields.originalCreditor'),
      value: account.originalCreditorName,
    },
    account.clientAccount && {
      label: t('account.fields.clientAccount'),
      value: maskClientAccount(account.clientAccount),
      testId: 'client-account',
    },
    { label: t('account.fields.originalBalance'), value: money(account.originalBalance) },
    { label: t('account.fields.totalPaid'), value: money(account.totalPaid), testId: 'total-paid' },
    account.minimumPaymentDue && {
      label: t('account.fields.minimumPaymentDue'),
      value: money(account.minimumPaymentDue),
      testId: 'minimum-payment-due',
    },
    summary &&
      summary.totalLeft > 0 && {
        label: t('account.fields.remainingOnArrangement'),
        value: money(summary.totalLeft),
      },
    lastPaid && { label: t('account.fields.lastPayment'), value: formatDate(lastPaid, language) },
  ].filter((item) => !!item);

  return (
    <SectionPanel id="account-summary" title={t('account.summary')}>
      <div>
        <div className={styles.muted}>{t('account.fields.balance')}</div>
        <div className={styles.balance} data-testid="account-balance">
          {money(account.balance)}
        </div>
      </div>
      <InfoList items={items} />
    </SectionPanel>
  );
}
