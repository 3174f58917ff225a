// The header's bell: the unread count ('99+' past 99) and the way into the inbox — a drawer on
// desktops, the full-screen inbox (/notifications) on phones. The bell is on every logged-in
// screen's first load, so the inbox itself loads when the bell is first pointed at or pressed.
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CountBadge } from '../../../components/CountBadge';
import { paths } from '../../../config/paths';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { useUnreadCount } from '../api/get-unread-count';

const loadDrawer = () => import('./NotificationDrawer');
const NotificationDrawer = lazy(() =>
  loadDrawer().then((m) => ({ default: m.NotificationDrawer })),
);

export function NotificationBell() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const unread = t('layout.unreadNotifications', { count });

  const handleClick = () => {
    if (isMobile) void navigate(paths.notifications.getHref());
    else setOpen(true);
  };

  return (
    <>
      <Button
        type="text"
        className="notification-bell"
        aria-label={
          count > 0 ? `${t('layout.notifications')}, ${unread}` : t('layout.notifications')
        }
        icon={
          <CountBadge count={count} title={unread}>
            <BellOutlined />
          </CountBadge>
        }
        onClick={handleClick}
        onPointerEnter={isMobile ? undefined : () => void loadDrawer()}
      />
      {opened && !isMobile && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
