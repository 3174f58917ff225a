import { Button, Dropdown } from 'antd';
import { InfoCircleOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, endSession } from '../../auth';
import { openDialog } from '../../../stores/dialog-store';
import { UserAvatar } from '../../../components/UserAvatar';
import { popupInHeader } from '../../../lib/popup-container';

/** Avatar menu: account settings, about, log out. */
export function UserMenu({ showName = true }: { showName?: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      getPopupContainer={popupInHeader}
      menu={{
        items: [
          { key: 'account', icon: <SettingOutlined />, label: t('layout.accountSettings') },
          { key: 'about', icon: <InfoCircleOutlined />, label: t('layout.about') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'account' || key === 'about') openDialog(key);
          if (key === 'logout') void endSession();
        },
      }}
    >
      <Button type="text" className="user-menu-trigger" aria-label={t('layout.userMenu')}>
        <UserAvatar user={user} size={28} />
        {showName && user && <span className="user-menu-name">{user.nickname}</span>}
      </Button>
    </Dropdown>
  );
}
