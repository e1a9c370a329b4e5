/**
 * The studio's frame: a skip link, its own header (name, the screens the role may use, who is
 * signed in, language, sign out), and the main landmark. After each navigation the new screen's
 * heading takes the focus (a screen reader says where it is) and the page scrolls to the top.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useHref, useLinkClickHandler, useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '@/web/components/language-switcher';
import { studioCall } from '../api/client';
import type { StaffMember } from '../api/types';
import {
  managesStaff,
  readsActivity,
  readsAudit,
  readsContent,
  readsEvidence,
} from '../hooks/use-studio-session';

const PHONE = '@media (max-width: 599px)';

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
  },
  header: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  bar: {
    maxWidth: '1280px',
    boxSizing: 'border-box',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  brand: {
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    minHeight: '32px',
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  // On a phone the links take a row of their own under the name and the actions.
  nav: {
    display: 'flex',
    flex: 1,
    [PHONE]: { order: 1, flexBasis: '100%' },
  },
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  who: { color: tokens.colorNeutralForeground2 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginLeft: 'auto',
  },
  main: {
    flex: 1,
    width: '100%',
    maxWidth: '1280px',
    boxSizing: 'border-box',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    ':focus': { outline: 'none' },
    '@media (max-width: 480px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}`,
    },
  },
});

/** A link of the studio's navigation, marked as the current page where it is. */
function NavLink({ to, label, current }: { to: string; label: string; current: boolean }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <li>
      <Button
        as="a"
        href={href}
        onClick={onClick}
        appearance={current ? 'secondary' : 'subtle'}
        aria-current={current ? 'page' : undefined}
      >
        {label}
      </Button>
    </li>
  );
}

export function StudioShell({
  staff,
  onSignedOut,
}: {
  staff: StaffMember | null;
  onSignedOut: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const [signingOut, setSigningOut] = useState(false);
  const brandHref = useHref('/studio');
  const brandClick = useLinkClickHandler<HTMLAnchorElement>('/studio');

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const heading = main.current?.querySelector<HTMLElement>('h1');
    (heading ?? main.current)?.focus({ preventScroll: true });
  }, [pathname]);

  const signOut = () => {
    setSigningOut(true);
    void studioCall('POST', '/sign-out')
      .catch(() => undefined)
      .finally(() => {
        setSigningOut(false);
        onSignedOut();
        navigate('/studio/sign-in', { replace: true });
      });
  };

  const links = staff
    ? [
        ...(readsContent(staff.role)
          ? [
              { to: '/studio', label: t('studio.nav.home'), current: pathname === '/studio' },
              {
                to: '/studio/history',
                label: t('studio.nav.history'),
                current: pathname.startsWith('/studio/history'),
              },
              {
                to: '/studio/translations',
                label: t('studio.nav.translations'),
                current: pathname.startsWith('/studio/translations'),
              },
            ]
          : []),
        ...(readsEvidence(staff.role)
          ? [
              {
                to: '/studio/evidence',
                label: t('studio.nav.evidence'),
                current: pathname.startsWith('/studio/evidence'),
              },
            ]
          : []),
        ...(readsAudit(staff.role)
          ? [
              {
                to: '/studio/audit',
                label: t('studio.nav.audit'),
                current: pathname.startsWith('/studio/audit'),
              },
            ]
          : []),
        ...(readsActivity(staff.role)
          ? [
              {
                to: '/studio/activity',
                label: t('studio.nav.activity'),
                current: pathname.startsWith('/studio/activity'),
              },
              // Messages to debtors (issue 43): src/web/features/studio/messages/.
              {
                to: '/studio/messages',
                label: t('studio-messages.nav'),
                current: pathname.startsWith('/studio/messages'),
              },
            ]
          : []),
        ...(managesStaff(staff.role)
          ? [
              {
                to: '/studio/staff',
                label: t('studio.nav.staff'),
                current: pathname.startsWith('/studio/staff'),
              },
            ]
          : []),
        // One's own password and authenticator (issue 39).
        {
          to: '/studio/account',
          label: t('studio.nav.account'),
          current: pathname.startsWith('/studio/account'),
        },
      ]
    : [];

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#studio-main">
        {t('studio.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <a className={styles.brand} href={brandHref} onClick={brandClick}>
            {t('studio.appName')}
          </a>
          {links.length > 0 ? (
            <nav className={styles.nav} aria-label={t('studio.nav.label')}>
              <ul className={styles.list}>
                {links.map((link) => (
                  <NavLink key={link.to} {...link} />
                ))}
              </ul>
            </nav>
          ) : null}
          <div className={styles.actions}>
            {staff && (
              <Text className={styles.who} data-testid="studio-who">
                {t('studio.signedInAs', {
                  name: staff.name,
                  role: t(`studio.roles.${staff.role}`),
                })}
              </Text>
            )}
            <LanguageSwitcher />
            {staff && (
              <Button appearance="secondary" onClick={signOut} disabled={signingOut}>
                {t('studio.signOut')}
              </Button>
            )}
          </div>
        </div>
      </header>
      <main id="studio-main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
