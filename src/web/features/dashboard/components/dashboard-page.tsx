import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAccountsOverview } from '@/web/api/accounts-overview';
import { usePrimaryDebtor } from '@/web/api/primary-debtor';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { PageHeader } from '@/web/components/page-header';
import { QueryError } from '@/web/components/query-error';
import { debtorName } from '@/web/utils/debtor-name';
import { AccountCard } from './account-card';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(320px, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: { display: 'flex', flexDirection: 'column', '& > *': { flex: 1 } },
  heading: { display: 'block', marginBottom: tokens.spacingVerticalM },
});

export default function DashboardPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  // Both start on the same render (and were prefetched at sign-in): no waterfall.
  const debtor = usePrimaryDebtor();
  const accounts = useAccountsOverview();

  if (debtor.isError || accounts.isError) return <QueryError />;
  if (!debtor.data || !accounts.data) return <DelayedSpinner />;
  if (accounts.data.length === 1) {
    return (
      <Navigate to={`/accounts/${encodeURIComponent(accounts.data[0]!.accountNumber)}`} replace />
    );
  }

  const name = debtorName(debtor.data);
  const welcome =
    name.kind === 'person' ? t('dashboard.welcome', name) : t('dashboard.welcomeBusiness', name);
  return (
    <>
      <PageHeader title={welcome} />
      <section aria-labelledby="accounts-heading">
        <Subtitle1 as="h2" id="accounts-heading" className={styles.heading}>
          {t('dashboard.accountsHeading')}
        </Subtitle1>
        <ul className={styles.grid}>
          {accounts.data.map((account) => (
            <li key={account.accountNumber} className={styles.item}>
              <AccountCard account={account} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
