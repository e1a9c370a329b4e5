import type { Role } from '../../lib/session';

export interface NavItem {
  /** Text key under common.nav */
  key: string;
  to: string;
  side: 'left' | 'right';
  /** Items grouped under the "My details" menu */
  group?: 'myDetails';
  /** Opens the letter entry dialog instead of following `to` (which stays the fallback page). */
  opensLetterDialog?: boolean;
}

/** Narrow screens (phones, portrait tablets) use the slide-out menu. */
export const MOBILE_MEDIA = '@media (max-width: 768px)';

/** Header menu items for a role and the current path (spec §2 Layout). */
export function navItemsFor(role: Role, pathname: string): NavItem[] {
  const account = role === 'account';
  const items: (NavItem | false)[] = [
    account && { key: 'dashboard', to: '/dashboard', side: 'left' },
    account && { key: 'documents', to: '/documents', side: 'left' },
    !pathname.startsWith('/letter-option/') && {
      key: 'letter',
      to: '/verify-letter',
      side: 'left',
      opensLetterDialog: true,
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
