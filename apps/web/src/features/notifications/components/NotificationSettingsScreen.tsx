// /notifications/settings (where every notification mail's settings link leads): each kind of
// notification on or off, and mail — none, each at once, or a digest at 09:00 — or why there is
// none when the site sends no mail. Each change is saved at once.
import { Alert, Radio, Result, Skeleton, Switch, Typography, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  notificationEmailModes,
  notificationTypes,
  type UpdateNotificationSettings,
} from '@library/contract';
import { toast } from '../../../components/toast';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';
import '../lib/text';
import './notifications.css';

export function NotificationSettingsScreen() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const save = (change: UpdateNotificationSettings) =>
    update.mutate(change, { onSuccess: () => toast.success(t('notifications.settings.saved')) });

  let body: React.ReactNode;
  if (settings.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (!settings.data) {
    body = (
      <Result
        status="warning"
        title={t('notifications.loadFailed')}
        extra={<Button onClick={() => void settings.refetch()}>{t('notifications.retry')}</Button>}
      />
    );
  } else {
    const { data } = settings;
    body = (
      <>
        <section className="notification-settings-section" aria-labelledby="notify-kinds">
          <Typography.Title level={5} id="notify-kinds">
            {t('notifications.settings.kinds')}
          </Typography.Title>
          <ul className="notification-settings-list">
            {notificationTypes.map((type) => (
              <li key={type}>
                <label className="notification-settings-kind">
                  <span>
                    <Typography.Text strong>
                      {t(`notifications.settings.type.${type}`)}
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {t(`notifications.settings.typeHint.${type}`)}
                    </Typography.Text>
                  </span>
                  <Switch
                    checked={data.types[type]}
                    disabled={update.isPending}
                    onChange={(on) => save({ types: { [type]: on } })}
                  />
                </label>
              </li>
            ))}
          </ul>
        </section>
        <section className="notification-settings-section" aria-labelledby="notify-mail">
          <Typography.Title level={5} id="notify-mail">
            {t('notifications.settings.mail')}
          </Typography.Title>
          {data.emailAvailable ? null : (
            <Alert
              type="info"
              showIcon
              className="notification-settings-unavailable"
              title={t('notifications.settings.mailUnavailable')}
            />
          )}
          <Radio.Group
            value={data.email}
            disabled={!data.emailAvailable || update.isPending}
            onChange={(event) => save({ email: event.target.value })}
            className="notification-settings-mail"
          >
            {notificationEmailModes.map((mode) => (
              <Radio key={mode} value={mode}>
                {t(`notifications.settings.email.${mode}`)}
              </Radio>
            ))}
          </Radio.Group>
        </section>
      </>
    );
  }

  return (
    <div className="notifications-screen notification-settings">
      <Typography.Title level={4} className="notifications-screen-title">
        {t('notifications.settings.title')}
      </Typography.Title>
      {body}
    </div>
  );
}
