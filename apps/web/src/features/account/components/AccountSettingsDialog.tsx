import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccessKeySettings } from './AccessKeySettings';
import { DeviceSettings } from './DeviceSettings';
import { ProfileSettings } from './ProfileSettings';
import { SecuritySettings } from './SecuritySettings';
import { UsageSettings } from './UsageSettings';

/**
 * Account settings: profile, password and e-mail, logged-in devices, personal access keys, usage
 * of the limits.
 */
export function AccountSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={620}
      style={{ top: 64 }}
      title={t('account.title')}
      className="account-dialog"
      destroyOnHidden
    >
      <Tabs
        items={[
          { key: 'profile', label: t('account.profileTab'), children: <ProfileSettings /> },
          { key: 'security', label: t('account.securityTab'), children: <SecuritySettings /> },
          { key: 'devices', label: t('account.devicesTab'), children: <DeviceSettings /> },
          { key: 'keys', label: t('account.keysTab'), children: <AccessKeySettings /> },
          { key: 'usage', label: t('account.usageTab'), children: <UsageSettings /> },
        ]}
      />
    </Modal>
  );
}
