import { Button, Empty, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Device } from '@library/contract';
import { currentLocale } from '../../../lib/i18n';
import { formatShortDate } from '../../../lib/format';
import { toast } from '../../../components/toast';
import { endSession } from '../../auth';
import { useDevices } from '../api/get-devices';
import { useRemoveDevice } from '../api/remove-device';

const phoneLike = /iOS|Android|HarmonyOS|WeChat/i;

/** Where this account is logged in; any device can be logged out (this one logs you out). */
export function DeviceSettings() {
  const { t } = useTranslation();
  const { data: devices, isPending } = useDevices();
  const removeDevice = useRemoveDevice();
  const locale = currentLocale();

  const handleLogOutDevice = async (device: Device) => {
    try {
      await removeDevice.mutateAsync(device.id);
    } catch {
      return;
    }
    if (device.current) {
      await endSession({ remote: false });
      return;
    }
    toast.success(t('account.deviceLoggedOut'));
  };

  if (isPending) return <Skeleton active />;
  if (!devices || devices.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.noDevices')} />;
  }

  return (
    <ul className="device-list">
      {devices.map((device) => (
        <li key={device.id} className="device-item">
          {phoneLike.test(device.deviceName) ? (
            <MobileOutlined className="device-icon" aria-hidden />
          ) : (
            <DesktopOutlined className="device-icon" aria-hidden />
          )}
          <div className="device-text">
            <Typography.Text strong>
              {device.deviceName || device.client}{' '}
              {device.current && <Tag color="green">{t('account.currentDevice')}</Tag>}
            </Typography.Text>
            <Typography.Text type="secondary" className="device-details">
              {t('account.deviceDetails', {
                client: device.client,
                version: device.version || '—',
                ip: device.ip ?? '—',
                lastSeen: formatShortDate(device.lastSeenAt, locale),
              })}
            </Typography.Text>
          </div>
          <Popconfirm
            title={
              device.current ? t('account.logOutCurrentConfirm') : t('account.logOutDeviceConfirm')
            }
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => handleLogOutDevice(device)}
          >
            <Button
              danger
              size="small"
              loading={removeDevice.isPending && removeDevice.variables === device.id}
            >
              {t('account.logOutDevice')}
            </Button>
          </Popconfirm>
        </li>
      ))}
    </ul>
  );
}
