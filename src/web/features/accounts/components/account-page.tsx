import {
  Body1,
  Card,
  MessageBar,
  MessageBarBody,
  Subtitle1,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { maskClientAccount } from '../../../../domain/masking';
import { formatUsd } from '../../../../domain/money';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { InfoList } from '../../../components/info-list';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../hooks/use-language';
import { isApiError } from '../../../lib/api';
import { debtorFullName } from '../../../utils/debtor-name';
import { useAccountDetailed } from '../api/account-detailed';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL, maxWidth: '720px' },
  balance: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  muted: { color: tokens.colorNeutralForeground2 },
});

export default function AccountPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { accountNumber = '' } = useParams();
  const detailed = useAccountDetailed(accountNumber);

  if (isApiError(detailed.error, 404)) return <Navigate to="/" replace />;
  if (detailed.isError) return <QueryError />;
  if (detailed.isPending) return <DelayedSpinner />;
  if (!detailed.data?.account) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('errors.accountNotReturned')}</MessageBarBody>
      </MessageBar>
    );
  }

  const { account, debtor } = detailed.data;
  const items = [
    { label: t('account.fields.name'), value: debtorFullName(debtor), testId: 'debtor-name' },
    { label: t('account.fields.creditor'), value: account.creditorName ?? '' },
    { label: t('account.fields.originalCreditor'), value: account.originalCreditorName ?? '' },
    account.clientAccount && {
      label: t('account.fields.clientAccount'),
      value: maskClientAccount(account.clientAccount),
      testId: 'client-account',
    },
    {
      label: t('account.fields.originalBalance'),
      value: formatUsd(account.originalBalance, language),
    },
    { label: t('account.fields.totalPaid'), value: formatUsd(account.totalPaid, language) },
  ].filter((item) => !!item);

  return (
    <div className={styles.layout}>
      <RouterLink to="/dashboard">{t('account.back')}</RouterLink>
      <PageHeader title={t('account.title', { accountNumber: account.accountNumber })} />
      <Card className={styles.card}>
        <Subtitle1 as="h2">{t('account.summary')}</Subtitle1>
        <div>
          <div className={styles.muted}>{t('account.fields.balance')}</div>
          <div className={styles.balance} data-testid="account-balance">
            {formatUsd(account.balance, language)}
          </div>
        </div>
        <InfoList items={items} />
      </Card>
      <Body1 as="p" className={styles.muted}>
        {t('account.moreComingSoon')}
      </Body1>
    </div>
  );
}
