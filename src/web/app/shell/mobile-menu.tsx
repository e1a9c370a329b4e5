import {
  Button,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { NavButton } from './nav-button';
import type { NavItem } from './nav-items';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: '4px' },
  item: { justifyContent: 'flex-start' },
  group: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: '4px',
    margin: 0,
    padding: 0,
    border: 'none',
  },
  groupTitle: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0` },
});

interface MobileMenuProps {
  open: boolean;
  items: NavItem[];
  onOpenChange: (open: boolean) => void;
  onOpenLetterDialog: () => void;
}

/**
 * The slide-out menu of narrow screens (loaded on first open): a modal drawer, so focus stays
 * inside it and Escape closes it; the header returns focus to the menu button.
 */
export default function MobileMenu({
  open,
  items,
  onOpenChange,
  onOpenLetterDialog,
}: MobileMenuProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  const entry = (item: NavItem) =>
    item.opensLetterDialog ? (
      <Button
        key={item.key}
        appearance="subtle"
        className={styles.item}
        aria-haspopup="dialog"
        onClick={onOpenLetterDialog}
      >
        {t(`common.nav.${item.key}`)}
      </Button>
    ) : (
      <NavButton key={item.key} to={item.to} className={styles.item} onNavigate={close}>
        {t(`common.nav.${item.key}`)}
      </NavButton>
    );
  const main = items.filter((item) => item.key !== 'logOut' && item.group !== 'myDetails');
  const myDetails = items.filter((item) => item.group === 'myDetails');
  const logOut = items.filter((item) => item.key === 'logOut');
  return (
    <OverlayDrawer
      position="end"
      open={open}
      aria-labelledby="mobile-menu-title"
      onOpenChange={(_, data) => onOpenChange(data.open)}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          heading={{ id: 'mobile-menu-title' }}
          action={
            <Button appearance="subtle" onClick={close}>
              {t('common.nav.closeMenu')}
            </Button>
          }
        >
          {t('layout.menu.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <nav className={styles.nav} aria-label={t('common.nav.label')}>
          {main.map(entry)}
          {myDetails.length > 0 && (
            <div role="group" aria-labelledby="mobile-menu-my-details" className={styles.group}>
              <Subtitle2 id="mobile-menu-my-details" className={styles.groupTitle}>
                {t('layout.menu.myDetails')}
              </Subtitle2>
              {myDetails.map(entry)}
            </div>
          )}
          <Divider />
          <LanguageSwitcher className={styles.item} />
          {logOut.map(entry)}
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}
