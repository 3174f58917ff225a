// The inbox beside the screen on desktops, opened by the header's bell.
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import '../lib/text';
import { NotificationInbox } from './NotificationInbox';

export function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('notifications.title')}
      open={open}
      onClose={onClose}
      size={420}
      className="notification-drawer"
      // the list is asked for while it is seen; the stream keeps the bell's count meanwhile
      destroyOnHidden
    >
      <NotificationInbox onOpenItem={onClose} />
    </Drawer>
  );
}
