import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Role } from '@library/contract';
import { Permission } from '../../../components/Permission';
import {
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

  const menu = (items: readonly NavigationItem[], label: string) => {
    const selected = navigationKeyFor(pathname, items);
    return (
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={selected ? [selected] : []}
        aria-label={label}
        className="sidebar-menu"
        items={items.map((item) => ({ key: item.key, icon: item.icon, label: t(item.labelKey) }))}
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
      <Permission roles={[Role.admin]}>
        {menu([adminNavigation], t('layout.adminNavigation'))}
      </Permission>
    </nav>
  );
}
