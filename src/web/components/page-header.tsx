import type { ReactNode } from 'react';
import { Body1, Title1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
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
  // A title whose length the frame cannot know (a name): two lines kept at phone width, where it
  // may wrap, so the text under it stays put when it comes.
  twoLinesNarrow: {
    '@media (max-width: 480px)': {
      height: 'auto',
      minHeight: `calc(2 * ${tokens.lineHeightBase600})`,
      alignItems: 'flex-start',
      paddingTop: '6px',
      boxSizing: 'border-box',
    },
  },
  // Exactly the two lines the frame drawn before the data reserved: a third (the Spanish welcome
  // with a name, at 375 px) would push the page down. A smaller size than the usual title, so a
  // welcome with a usual name fits; a longer one ends in an ellipsis (the heading keeps its whole
  // text for screen readers and the tab title).
  twoLinesNarrowTitle: {
    '@media (max-width: 480px)': {
      fontSize: tokens.fontSizeBase600,
      lineHeight: tokens.lineHeightBase600,
      height: `calc(2 * ${tokens.lineHeightBase600})`,
      display: '-webkit-box',
      WebkitBoxOrient: 'vertical',
      WebkitLineClamp: 2,
      overflow: 'hidden',
    },
  },
});

/**
 * The page's h1 (also the tab title) and an optional description. The heading can take the focus
 * (not in the tab order): a navigation may send it there (app-shell.tsx `focusHeading`). A `null`
 * title is one whose data is on its way: a grey line in its place (no empty heading).
 */
export function PageHeader({
  title,
  description,
  twoLinesNarrow = false,
}: {
  title: string | null;
  description?: ReactNode;
  /** Keep two lines for the title at phone width (a title drawn later, whose length varies). */
  twoLinesNarrow?: boolean;
}) {
  const styles = useStyles();
  useDocumentTitle(title ?? undefined);
  return (
    <div className={styles.header}>
      {title === null ? (
        <div className={mergeClasses(styles.titleSlot, twoLinesNarrow && styles.twoLinesNarrow)}>
          <SkeletonBlock height="28px" width="min(420px, 80%)" />
        </div>
      ) : (
        <Title1
          as="h1"
          className={mergeClasses(styles.title, twoLinesNarrow && styles.twoLinesNarrowTitle)}
          tabIndex={-1}
        >
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
