import { Suspense, useEffect, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { DelayedSpinner } from '../../components/delayed-spinner';
import { Footer } from './footer';
import { Header } from './header';

const useStyles = makeStyles({
  shell: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  skipLink: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalM },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  main: {
    flex: 1,
    width: '100%',
    maxWidth: '1120px',
    boxSizing: 'border-box',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    ':focus': { outline: 'none' },
    '@media (max-width: 480px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    },
  },
});

/**
 * A Fluent Dialog unmounted while open (for example when a dialog's success navigates away) leaves
 * `aria-hidden="true"` on the app root (fluentui#35139, tabster#530): the whole page would vanish
 * for screen readers. After each navigation, with no modal dialog open, the root is made visible.
 */
function releaseStaleModalHiding(): void {
  if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
  document.getElementById('root')?.removeAttribute('aria-hidden');
}

/** Header, main landmark and footer around every route; focus and scroll reset on navigation. */
export function AppShell() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    releaseStaleModalHiding();
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<DelayedSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
