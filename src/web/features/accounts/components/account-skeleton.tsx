import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/web/components/page-header';
import { RouterLink } from '@/web/components/router-link';
import { PagePending, SkeletonBlock } from '@/web/components/skeleton';

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  blocks: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * The account page around its content: the way back, the heading and its introduction, then
 * `header` (what is said of the account under its heading) and the sections. The same element
 * for the skeleton and the page, so the heading the server drew stays when the data comes.
 */
export function AccountFrame({
  accountNumber,
  header,
  children,
}: {
  accountNumber: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.layout}>
      <div className={styles.header}>
        <RouterLink to="/dashboard">{t('account.back')}</RouterLink>
        <PageHeader
          title={t('account.title', { accountNumber })}
          description={t('account.intro')}
        />
        {header}
      </div>
      {children}
    </div>
  );
}

/**
 * Blocks where the account's sections come: what the server draws for every signed-in visitor
 * (lib/signed-in-frame.ts), and what shows while the account's data comes.
 */
export function AccountSkeleton() {
  const styles = useStyles();
  return (
    <PagePending>
      <div className={styles.blocks}>
        <SkeletonBlock height="24px" width="min(240px, 60%)" />
        <SkeletonBlock height="160px" />
        <SkeletonBlock height="240px" />
      </div>
    </PagePending>
  );
}
