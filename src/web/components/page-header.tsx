import type { ReactNode } from 'react';
import { Body1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useDocumentTitle } from '../hooks/use-document-title';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalXL,
  },
  title: {
    margin: 0,
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * The page's h1 (also the tab title) and an optional description. The heading can take the focus
 * (not in the tab order): a navigation may send it there (app-shell.tsx `focusHeading`).
 */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <div className={styles.header}>
      <Title1 as="h1" className={styles.title} tabIndex={-1}>
        {title}
      </Title1>
      {description && (
        <Body1 as="p" className={styles.description}>
          {description}
        </Body1>
      )}
    </div>
  );
}
