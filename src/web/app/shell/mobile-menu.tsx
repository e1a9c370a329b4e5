import {
  Button,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { NavButton } from './nav-button';
import type { NavItem } from './nav-items';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: '4px' },
  item: { justifyContent: 'flex-start' },
});

interface MobileMenuProps {
  open: boolean;
  items: NavItem[];
  onOpenChange: (open: boolean) => void;
}

/** The slide-out menu of narrow screens (loaded on first open). */
export default function MobileMenu({ open, items, onOpenChange }: MobileMenuProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <OverlayDrawer position="end" open={open} onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" onClick={close}>
              {t('common.nav.closeMenu')}
            </Button>
          }
        >
          {t('common.appName')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <nav className={styles.nav} aria-label={t('common.nav.label')}>
          {items.map((item) =>
            item.key === 'logOut' ? null : (
              <NavButton key={item.key} to={item.to} className={styles.item} onNavigate={close}>
                {t(`common.nav.${item.key}`)}
              </NavButton>
            ),
          )}
          <Divider />
          <LanguageSwitcher className={styles.item} />
          {items
            .filter((item) => item.key === 'logOut')
            .map((item) => (
              <NavButton key={item.key} to={item.to} className={styles.item} onNavigate={close}>
                {t(`common.nav.${item.key}`)}
              </NavButton>
            ))}
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}
