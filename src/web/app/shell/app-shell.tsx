import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { pagePath, track } from '../../lib/analytics';
import { portalConfig } from '../../lib/config';
import { currentLanguage } from '../../lib/i18n';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingBar } from './loading-bar';
import { useRole } from '../../hooks/use-role';

// Only signed-in users can go idle: the sign-in page does not load it. Once loaded it stays
// mounted, so its dialog is closed rather than unmounted when the session ends.
const IdleWatcher = lazy(() => import('./idle-watcher'));
// Only a studio preview's page has it: its code is not in a debtor's first load.
const PreviewBanner = lazy(() => import('./preview-banner'));

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

/** A navigation may keep the scroll position: `navigate(to, { state: { preserveScroll: true } })`. */
function preservesScroll(state: unknown): boolean {
  return (state as { preserveScroll?: unknown } | null)?.preserveScroll === true;
}

/**
 * A navigation may give the focus to the new page's heading rather than to the main landmark:
 * `navigate(to, { state: { focusHeading: true } })`, where the heading is the news (a payment's
 * confirmation: a screen reader then says that the payment went through).
 */
function focusesHeading(state: unknown): boolean {
  return (state as { focusHeading?: unknown } | null)?.focusHeading === true;
}

/**
 * Header, main landmark and footer around every route; the loading bar and the idle watcher. On
 * each navigation: scroll to the top (unless the navigation asked to keep it), focus the main
 * landmark (or the page's heading, when the navigation asked for it), and record a page view.
 */
export function AppShell() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { pathname, state } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // Read by the page-change effect below; layout effects run before it in the same commit.
  const keepScroll = useRef(false);
  const toHeading = useRef(false);
  const signedIn = useRole() !== 'none';
  // A studio preview's page (the server's studio/preview.ts) says so on every screen.
  const { preview } = portalConfig();
  const [idleWatched, setIdleWatched] = useState(signedIn);
  if (signedIn && !idleWatched) setIdleWatched(true);
  useLayoutEffect(() => {
    keepScroll.current = preservesScroll(state);
    toHeading.current = focusesHeading(state);
  });

  useEffect(() => {
    releaseStaleModalHiding();
    track('page_view', { path: pagePath(pathname), language: currentLanguage() });
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (keepScroll.current) return;
    window.scrollTo(0, 0);
    const heading = toHeading.current ? main.current?.querySelector('h1') : null;
    (heading ?? main.current)?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <LoadingBar />
      <a className={styles.skipLink} href="#main">
        {t('common.skipToContent')}
      </a>
      {preview && (
        <Suspense fallback={null}>
          <PreviewBanner draftId={preview.draftId} />
        </Suspense>
      )}
      <Header />
      {/* A route's code still loading shows the loading bar above (after 250 ms), not a spinner.
          The footer comes with the page: drawn before it, it would be pushed down as it arrives. */}
      <Suspense fallback={null}>
        <main id="main" ref={main} tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <Footer />
      </Suspense>
      {idleWatched && (
        <Suspense fallback={null}>
          <IdleWatcher />
        </Suspense>
      )}
    </div>
  );
}
