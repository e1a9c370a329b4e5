import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NavItem } from './nav-items';

/** 'My details' with its sub-pages (account role only, so loaded only once signed in). */
export default function MyDetailsMenu({
  items,
  defaultOpen = false,
}: {
  items: NavItem[];
  /** Open at once: its button (drawn before this code arrived) was already pressed. */
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle">{t('common.nav.myDetails')}</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MenuItem key={item.key} onClick={() => void navigate(item.to)}>
              {t(`common.nav.${item.key}`)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
