import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Panel } from './panel';
import { LanguageSwitcher } from './language-switcher';
import { PageHeader } from './page-header';

const useStyles = makeStyles({
  wrap: { maxWidth: '520px', margin: '0 auto' },
  card: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    gap: tokens.spacingVerticalL,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalL },
  },
  top: { display: 'flex', justifyContent: 'flex-end', marginBottom: `-${tokens.spacingVerticalM}` },
});

/**
 * The sign-in and letter pages: a centred card with its own language switcher, and an optional
 * notice at its top (why a session ended).
 */
export function AuthCard({
  title,
  description,
  notice,
  children,
}: {
  title: string;
  description: ReactNode;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <Panel className={styles.card}>
        {notice}
        <div className={styles.top}>
          <LanguageSwitcher size="small" />
        </div>
        <PageHeader title={title} description={description} />
        {children}
      </Panel>
    </div>
  );
}
