import { Suspense, lazy, memo, useRef, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useRestoreFocus } from '../../components/restore-focus';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useRole } from '../../hooks/use-role';
import { useDrawingFrame } from '../../lib/signed-in-frame';
import { NavButton } from './nav-button';
import { MOBILE_MEDIA, navItemsFor, type NavItem } from './nav-items';
import { HEADER_HEIGHT } from '../../styles/layout';

// None is needed to show the sign-in page: each loads when first used.
const MyDetailsMenu = lazy(() => import('./my-details-menu'));
const MobileMenu = lazy(() => import('./mobile-menu'));
const LetterDialog = lazy(() => import('./letter-dialog'));

const useStyles = makeStyles({
  header: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  bar: {
    maxWidth: '1120px',
    boxSizing: 'border-box',
    margin: '0 auto',
    minHeight: `${HEADER_HEIGHT}px`,
    padding: `0 ${tokens.spacingHorizontalL}`,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  logo: { width: '32px', height: '32px', flexShrink: 0 },
  desktopNav: {
    display: 'flex',
    flex: 1,
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    [MOBILE_MEDIA]: { display: 'none' },
  },
  spacer: { flex: 1 },
  mobileOnly: {
    marginLeft: 'auto',
    display: 'none',
    [MOBILE_MEDIA]: { display: 'inline-flex' },
  },
});

/**
 * The site's header. Memoized: the shell draws again at every address change, and the header
 * follows the address itself (useLocation), so only its own changes draw it.
 */
export const Header = memo(function Header() {
  const styles = useStyles();
  const { t } = useTranslation();
  const role = useRole();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The page the drawer was opened on. A page change closes it, however it came (a phone's Back
  // button, the redirect after sign-in): left open, it would lose the focus to the new page's main
  // landmark and stay on screen hidden from screen readers. (Derived, not a state set while
  // rendering: that drew the header twice at every address change, a wizard's stages too.)
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? pathname : null);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [letterOpen, setLetterOpen] = useState(false);
  const [letterUsed, setLetterUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useRestoreFocus(letterOpen);
  const items = navItemsFor(role, pathname);
  const byKey = (...keys: string[]) => items.filter((item) => keys.includes(item.key));
  const myDetails = items.filter((item) => item.group === 'myDetails');
  const home = role === 'account' ? '/dashboard' : '/login';
  // The desktop menu is hidden at phone width (the drawer lists the same pages): its code (Fluent's
  // Menu and its focus handling, about 25 KB gzip) is not loaded there.
  const narrow = useMediaQuery(MOBILE_MEDIA);
  // Its button as it looks, until the menu's code is here: in the server's signed-in frame (which
  // cannot know the width, so does not load the menu) and while the code loads. Same size: the
  // links after it do not move.
  const drawingFrame = useDrawingFrame();
  // A click before the menu's code is here is kept: the menu opens as soon as it arrives.
  const [menuAsked, setMenuAsked] = useState(false);
  const myDetailsButton = (
    <Button appearance="subtle" aria-haspopup="menu" onClick={() => setMenuAsked(true)}>
      {t('common.nav.myDetails')}
    </Button>
  );

  const openLetterDialog = () => {
    setLetterUsed(true);
    setLetterOpen(true);
  };

  const link = (item: NavItem) =>
    item.opensLetterDialog ? (
      <Button key={item.key} appearance="subtle" aria-haspopup="dialog" onClick={openLetterDialog}>
        {t(`common.nav.${item.key}`)}
      </Button>
    ) : (
      <NavButton key={item.key} to={item.to}>
        {t(`common.nav.${item.key}`)}
      </NavButton>
    );

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <a
          className={styles.brand}
          href={home}
          onClick={(event) => {
            event.preventDefault();
            void navigate(home);
          }}
        >
          <img className={styles.logo} src="/logo.svg" alt="" width={32} height={32} />
          <span>{t('common.appName')}</span>
        </a>
        <nav className={styles.desktopNav} aria-label={t('common.nav.label')}>
          {items.filter((item) => item.side === 'left').map(link)}
          <span className={styles.spacer} />
          {byKey('signIn').map(link)}
          {myDetails.length > 0 &&
            !narrow &&
            (drawingFrame ? (
              myDetailsButton
            ) : (
              <Suspense fallback={myDetailsButton}>
                <MyDetailsMenu items={myDetails} defaultOpen={menuAsked} />
              </Suspense>
            ))}
          {byKey('contactUs').map(link)}
          <LanguageSwitcher />
          {byKey('logOut').map(link)}
        </nav>
        <Button
          ref={menuButton}
          className={styles.mobileOnly}
          appearance="subtle"
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
          data-testid="menu-button"
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
        >
          {t('common.nav.openMenu')}
        </Button>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            open={drawerOpen}
            items={items}
            onOpenChange={(open) => {
              setDrawerOpen(open);
              if (!open) menuButton.current?.focus();
            }}
            onOpenLetterDialog={() => {
              setDrawerOpen(false);
              openLetterDialog();
            }}
          />
        </Suspense>
      )}
      {letterUsed && (
        <Suspense fallback={null}>
          <LetterDialog
            open={letterOpen}
            onOpenChange={setLetterOpen}
            onVerified={(path) => void navigate(path)}
          />
        </Suspense>
      )}
    </header>
  );
});
