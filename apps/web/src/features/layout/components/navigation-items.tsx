import type { ReactNode } from 'react';
import {
  ContactsOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  HomeOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { paths } from '../../../config/paths';

export interface NavigationItem {
  key: string;
  path: string;
  labelKey:
    'nav.home' | 'nav.notes' | 'nav.course' | 'nav.recycle' | 'nav.addressBook' | 'nav.sysManage';
  icon: ReactNode;
  /** other paths that highlight this item */
  matches: readonly string[];
}

/** The address book's entry, which carries the pending-invites badge. */
export const addressBookKey = 'addrbook';

export const mainNavigation: readonly NavigationItem[] = [
  {
    key: 'home',
    path: paths.home.path,
    labelKey: 'nav.home',
    icon: <HomeOutlined />,
    matches: ['/home'],
  },
  {
    key: 'notes',
    path: paths.notes.path,
    labelKey: 'nav.notes',
    icon: <EditOutlined />,
    matches: ['/notes'],
  },
  {
    key: 'course',
    path: paths.course.path,
    labelKey: 'nav.course',
    icon: <HistoryOutlined />,
    matches: ['/course'],
  },
  {
    key: 'recycle',
    path: paths.recycle.path,
    labelKey: 'nav.recycle',
    icon: <DeleteOutlined />,
    matches: ['/recycle'],
  },
  {
    key: addressBookKey,
    path: paths.addressBook.path,
    labelKey: 'nav.addressBook',
    icon: <ContactsOutlined />,
    matches: ['/addrbook'],
  },
];

export const adminNavigation: NavigationItem = {
  key: 'sys-manage',
  path: paths.sysManage.path,
  labelKey: 'nav.sysManage',
  icon: <SettingOutlined />,
  matches: ['/sys-manage', '/sys'],
};

/** The navigation key for a path: the item whose prefix matches (segment boundary). */
export function navigationKeyFor(
  pathname: string,
  items: readonly NavigationItem[],
): string | null {
  const found = items.find((item) =>
    item.matches.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  );
  return found?.key ?? null;
}
