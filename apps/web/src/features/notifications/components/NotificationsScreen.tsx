// /notifications: the inbox as a screen of its own, where the bell leads on phones.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../lib/text';
import { NotificationInbox } from './NotificationInbox';

export function NotificationsScreen() {
  const { t } = useTranslation();
  return (
    <div className="notifications-screen">
      <Typography.Title level={4} className="notifications-screen-title">
        {t('notifications.title')}
      </Typography.Title>
      <NotificationInbox />
    </div>
  );
}
