import { Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { maskClientAccount } from '../../../../domain/masking';
import { formatUsd } from '../../../../domain/money';
import type { Account } from '../../../../domain/types';
import { InfoList } from '../../../components/info-list';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../hooks/use-language';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  balance: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  balanceLabel: { color: tokens.colorNeutralForeground2 },
  footer: { marginTop: 'auto' },
});

export function AccountCard({ account }: { account: Account }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const path = `/accounts/${encodeURIComponent(account.accountNumber)}`;
  const items = [
    { label: t('account.fields.creditor'), value: account.creditorName ?? '' },
    account.clientAccount && {
      label: t('account.fields.clientAccount'),
      value: maskClientAccount(account.clientAccount),
      testId: 'client-account',
    },
  ].filter((item) => !!item);
  return (
    <Card className={styles.card} data-testid="account-card">
      <CardHeader
        header={
          <Subtitle2 as="h3">
            {t('account.fields.accountNumber')}: {account.accountNumber}
          </Subtitle2>
        }
      />
      <div>
        <div className={styles.balanceLabel}>{t('account.fields.balance')}</div>
        <div className={styles.balance}>{formatUsd(account.balance, language)}</div>
      </div>
      <InfoList items={items} />
      <div className={styles.footer}>
        <RouterLink
          to={path}
          aria-label={t('dashboard.viewDetailsFor', { accountNumber: account.accountNumber })}
        >
          {t('dashboard.viewDetails')}
        </RouterLink>
      </div>
    </Card>
  );
}
