import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/CountBadge';
import { Permission } from '../../../components/Permission';
import { sysManageRoles } from '../../../config/sys-roles';
import { usePendingInviteCount } from '../../addrbook';
import {
  addressBookKey,
  adminNavigation,
  mainNavigation,
  navigationKeyFor,
  type NavigationItem,
} from './navigation-items';

interface SidebarNavigationProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** 首页, 快速笔记, 历史, 回收站, 通讯录, and 系统管理 for administrators only. */
export function SidebarNavigation({ collapsed = false, onNavigate }: SidebarNavigationProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // invites waiting for my answer, on the address book's entry (spec §5: '99+' above 99)
  const pendingInvites = usePendingInviteCount();
  const badgeTitle = t('layout.pendingInvites', { count: pendingInvites });

  const labelOf = (item: NavigationItem) => {
    if (item.key !== addressBookKey || pendingInvites <= 0) return t(item.labelKey);
    return (
      <span className="sidebar-item-with-badge">
        {t(item.labelKey)}
        <CountBadge count={pendingInvites} title={badgeTitle} />
      </span>
    );
  };
  const iconOf = (item: NavigationItem) =>
    // collapsed, the label is hidden: the icon carries the badge
    collapsed && item.key === addressBookKey && pendingInvites > 0 ? (
      <CountBadge count={pendingInvites} title={badgeTitle}>
        {item.icon}
      </CountBadge>
    ) : (
      item.icon
    );

  const menu = (items: readonly NavigationItem[], label: string) => {
    const selected = navigationKeyFor(pathname, items);
    return (
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={selected ? [selected] : []}
        aria-label={label}
        className="sidebar-menu"
        items={items.map((item) => ({ key: item.key, icon: iconOf(item), label: labelOf(item) }))}
        onClick={({ key }) => {
          const target = items.find((item) => item.key === key);
          if (target) {
            navigate(target.path);
            onNavigate?.();
          }
        }}
      />
    );
  };

  return (
    <nav className="sidebar-navigation">
      {menu(mainNavigation, t('layout.mainNavigation'))}
      <Permission roles={sysManageRoles}>
        {menu([adminNavigation], t('layout.adminNavigation'))}
      </Permission>
    </nav>
  );
}
