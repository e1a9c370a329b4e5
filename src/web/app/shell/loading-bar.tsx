import { useEffect, useState, useSyncExternalStore } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { pendingPageLoads, subscribeToPageLoads } from '../page-loads';

/** Spec §9: the bar appears only when a navigation takes longer than this. */
export const LOADING_BAR_DELAY_MS = 250;

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    height: '3px',
    zIndex: 2000,
    overflow: 'hidden',
    backgroundColor: tokens.colorBrandBackground2,
  },
  fill: {
    width: '40%',
    height: '100%',
    backgroundColor: tokens.colorBrandBackground,
    animationName: {
      from: { transform: 'translateX(-100%)' },
      to: { transform: 'translateX(250%)' },
    },
    animationDuration: '1.2s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'ease-in-out',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '4s' },
  },
});

/** A thin indeterminate progress bar at the top while a page's code loads for over 250 ms. */
export function LoadingBar() {
  const styles = useStyles();
  const { t } = useTranslation();
  const loading = useSyncExternalStore(
    subscribeToPageLoads,
    () => pendingPageLoads() > 0,
    // The server's page, and the page being hydrated, show no loading bar.
    () => false,
  );
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), LOADING_BAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);

  if (!visible) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={t('layout.loadingPage')}
      data-testid="loading-bar"
    >
      <div className={styles.fill} />
    </div>
  );
}
