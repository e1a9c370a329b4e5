import type { Role } from '../../lib/session';

export interface NavItem {
  /** Text key under common.nav */
  key: string;
  to: string;
  side: 'left' | 'right';
  /** Items grouped under the "My details" menu */
  group?: 'myDetails';
}

/** Header menu items for a role and the current path (spec §2 Layout). */
export function navItemsFor(role: Role, pathname: string): NavItem[] {
  const account = role === 'account';
  const items: (NavItem | false)[] = [
    account && { key: 'dashboard', to: '/dashboard', side: 'left' },
    !pathname.startsWith('/letter-option/') && {
      key: 'letter',
      to: '/verify-letter',
      side: 'left',
    },
    !account && { key: 'signIn', to: '/login', side: 'right' },
    account && {
      key: 'contactInformation',
      to: '/contact-information',
      side: 'right',
      group: 'myDetails',
    },
    account && { key: 'fundingMethods', to: '/funding-methods', side: 'right', group: 'myDetails' },
    account && { key: 'contactUs', to: '/dashboard/contact-us', side: 'right' },
    account && { key: 'logOut', to: '/logout', side: 'right' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
