import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Layout, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CountBadge } from '../../../components/CountBadge';
import { ProductLogo } from '../../../components/ProductLogo';
import { usePageTitleKey } from '../../../lib/route-meta';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { useGoodsForSale } from '../../../hooks/use-goods-for-sale';
import { usePageHeadingStore } from '../../../stores/page-heading-store';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { SidebarNavigation } from './SidebarNavigation';
import { usePendingInviteCount } from '../../addrbook';
import { NotificationBell, useNotificationStream } from '../../notifications';
import { SearchLauncher } from '../../search';
import { SpaceList } from '../../space';
import { ThemeSwitcher } from '../../../components/ThemeSwitcher';
import { UserMenu } from './UserMenu';

// the phone's menu drawer: desktops never draw it, phones load it with their first screen
const Drawer = lazy(() => import('antd/es/drawer'));

/** The logged-in frame: sidebar + top bar on desktops, top bar + drawer menu on phones. */
export function AppShell({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  // asked once logged in, so a quota toast knows whether to offer 'upgrade'
  useGoodsForSale();
  // one live inbox stream for the login, whichever frame is drawn
  useNotificationStream();
  return isMobile ? <MobileShell>{children}</MobileShell> : <DesktopShell>{children}</DesktopShell>;
}

function PageTitle() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  // a space or a page is named by its own name, not by its route's label
  const heading = usePageHeadingStore((state) => state.heading);
  const title = heading ?? (titleKey ? t(titleKey) : t('app.name'));
  return (
    <Typography.Title level={5} className="app-header-title" title={title}>
      {title}
    </Typography.Title>
  );
}

function HeaderActions({ compact = false }: { compact?: boolean }) {
  return (
    <div className="header-actions">
      <SearchLauncher compact={compact} />
      <LanguageSwitcher showLabel={!compact} />
      <ThemeSwitcher />
      <NotificationBell />
      <UserMenu showName={!compact} />
    </div>
  );
}

function DesktopShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const collapsed = usePreferencesStore((state) => state.sidebarCollapsed);
  const setCollapsed = usePreferencesStore((state) => state.setSidebarCollapsed);
  return (
    <Layout className="app-shell">
      <Layout.Sider
        className="app-sider"
        theme="light"
        width={248}
        collapsedWidth={64}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        aria-label={t('layout.sidebar')}
      >
        <Link to={paths.home.path} className="sider-brand" aria-label={t('nav.home')}>
          <ProductLogo size={30} showName={!collapsed} />
        </Link>
        <div className="sider-scroll">
          <SidebarNavigation collapsed={collapsed} />
          <SpaceList collapsed={collapsed} />
        </div>
      </Layout.Sider>
      <Layout className="app-main">
        <Layout.Header className="app-header">
          <PageTitle />
          <HeaderActions />
        </Layout.Header>
        <Layout.Content className="app-content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}

function MobileShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const handleClose = () => setMenuOpen(false);
  // the menu hides the address book's badge: its button shows it too
  const pendingInvites = usePendingInviteCount();
  return (
    <Layout className="app-shell app-shell-mobile">
      <Layout.Header className="app-header app-header-mobile">
        <Button
          type="text"
          icon={
            <CountBadge
              count={pendingInvites}
              title={t('layout.pendingInvites', { count: pendingInvites })}
            >
              <MenuOutlined />
            </CountBadge>
          }
          aria-label={t('layout.openMenu')}
          onClick={() => setMenuOpen(true)}
        />
        <Link to={paths.home.path} className="mobile-brand" aria-label={t('nav.home')}>
          <ProductLogo size={26} />
        </Link>
        <HeaderActions compact />
      </Layout.Header>
      <Layout.Content className="app-content app-content-mobile">{children}</Layout.Content>
      <Suspense fallback={null}>
        <Drawer
          placement="left"
          open={menuOpen}
          onClose={handleClose}
          size={280}
          title={<ProductLogo size={26} />}
          className="mobile-menu"
        >
          <SidebarNavigation onNavigate={handleClose} />
          <SpaceList onNavigate={handleClose} />
        </Drawer>
      </Suspense>
    </Layout>
  );
}
