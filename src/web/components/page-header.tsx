import type { ReactNode } from 'react';
import { Body1, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useDocumentTitle } from '../hooks/use-document-title';
import { SkeletonBlock } from './skeleton';

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
  // A heading still on its way: one line of Title1 (the h1's own line height), so the heading
  // that replaces it moves nothing.
  titleSlot: { height: tokens.lineHeightHero800, display: 'flex', alignItems: 'center' },
});

/**
 * The page's h1 (also the tab title) and an optional description. The heading can take the focus
 * (not in the tab order): a navigation may send it there (app-shell.tsx `focusHeading`). A `null`
 * title is one whose data is on its way: a grey line in its place (no empty heading).
 */
export function PageHeader({
  title,
  description,
}: {
  title: string | null;
  description?: ReactNode;
}) {
  const styles = useStyles();
  useDocumentTitle(title ?? undefined);
  return (
    <div className={styles.header}>
      {title === null ? (
        <div className={styles.titleSlot}>
          <SkeletonBlock height="28px" width="min(420px, 80%)" />
        </div>
      ) : (
        <Title1 as="h1" className={styles.title} tabIndex={-1}>
          {title}
        </Title1>
      )}
      {description && (
        <Body1 as="p" className={styles.description}>
          {description}
        </Body1>
      )}
    </div>
  );
}
