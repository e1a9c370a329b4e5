import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/engine/visually-hidden';

const useStyles = makeStyles({
  hidden: visuallyHidden,
  block: {
    backgroundColor: tokens.colorNeutralStencil1,
    borderRadius: tokens.borderRadiusMedium,
  },
  line: { maxWidth: '100%' },
});

/**
 * Where a page's data will show, while it is on its way (and in the server's signed-in frame,
 * lib/signed-in-frame.ts): grey blocks sized like what replaces them, and "Loading…" for screen
 * readers. Like DelayedSpinner, its `data-page-pending` marker keeps the footer out of the page
 * until the content is there (styles/global.css), so nothing is pushed down as it arrives.
 */
export function PagePending({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div data-page-pending="" aria-busy="true">
      <span className={styles.hidden}>{t('common.loading')}</span>
      {children}
    </div>
  );
}

/** A grey block of this height (and width: the whole line by default), hidden from readers. */
export function SkeletonBlock({
  height,
  width = '100%',
  className,
}: {
  height: string;
  width?: string;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <div
      aria-hidden="true"
      className={mergeClasses(styles.block, styles.line, className)}
      style={{ height, width }}
    />
  );
}
