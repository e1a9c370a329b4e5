import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAccountsOverview } from '@/web/api/accounts-overview';
import { usePrimaryDebtor } from '@/web/api/primary-debtor';
import { PageHeader } from '@/web/components/page-header';
import { QueryError } from '@/web/components/query-error';
import { PagePending, SkeletonBlock } from '@/web/components/skeleton';
import { useDrawingFrame } from '@/web/lib/signed-in-frame';
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
  card: { minHeight: '320px' },
});

/** How many account cards the skeleton shows: the usual case has one or two. */
const SKELETON_CARDS = 2;

/**
 * The page's frame: the heading's place, the introduction, the list's heading and card-sized
 * blocks. What the server draws for every signed-in visitor (lib/signed-in-frame.ts) and what
 * shows while the data comes; the data then replaces the blocks in place, nothing above moves.
 */
function DashboardSkeleton({ intro }: { intro: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <PagePending>
      <PageHeader title={null} description={intro} twoLinesNarrow />
      <Subtitle1 as="h2" className={styles.heading}>
        {t('dashboard.accountsHeading')}
      </Subtitle1>
      <div className={styles.grid}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <SkeletonBlock key={index} height="auto" className={styles.card} />
        ))}
      </div>
    </PagePending>
  );
}

export default function DashboardPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  // Both start on the same render (and were prefetched at sign-in): no waterfall.
  const debtor = usePrimaryDebtor();
  const accounts = useAccountsOverview();
  const drawingFrame = useDrawingFrame();
  const intro = t('dashboard.intro');

  if (drawingFrame) return <DashboardSkeleton intro={intro} />;
  if (debtor.isError || accounts.isError) return <QueryError />;
  if (!debtor.data || !accounts.data) return <DashboardSkeleton intro={intro} />;
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
      <PageHeader title={welcome} description={intro} twoLinesNarrow />
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
