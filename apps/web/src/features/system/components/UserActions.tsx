// One row's actions in the users grid: approve / reject for a pending registration; otherwise
// the state changes the account can take and the dialogs (roles, switches, quota, password).
import { Button, Dropdown, Space, Tooltip } from 'antd';
import {
  CheckOutlined,
  CloseOutlined,
  ControlOutlined,
  DashboardOutlined,
  DownOutlined,
  KeyOutlined,
  MoreOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@library/contract';
import type { SettableState } from '../api/set-user-state';
import { stateChangesFor } from '../lib/account-states';

export type UserDialog = { kind: 'roles' | 'features' | 'quota' | 'password'; user: AdminUser };

export function UserActions({
  user,
  self,
  compact,
  onState,
  onApproval,
  onDialog,
}: {
  user: AdminUser;
  /** the administrator's own row: no state changes (the server refuses them too) */
  self: boolean;
  compact: boolean;
  onState: (user: AdminUser, state: SettableState) => void;
  onApproval: (user: AdminUser, approved: boolean) => void;
  onDialog: (dialog: UserDialog) => void;
}) {
  const { t } = useTranslation();
  const label = t('system.users.actionsFor', { name: user.nickname });

  const more = (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'roles', icon: <TeamOutlined />, label: t('system.users.editRoles') },
          { key: 'features', icon: <ControlOutlined />, label: t('system.users.features') },
          { key: 'quota', icon: <DashboardOutlined />, label: t('system.users.quota') },
          { key: 'password', icon: <KeyOutlined />, label: t('system.users.resetPassword') },
        ],
        onClick: ({ key }) => onDialog({ kind: key as UserDialog['kind'], user }),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<MoreOutlined />}
        aria-label={`${t('system.users.moreActions')}：${user.nickname}`}
      />
    </Dropdown>
  );

  if (user.state === 'pending') {
    return (
      <Space size={4} className="sys-user-actions" aria-label={label}>
        <Button
          size="small"
          type="primary"
          ghost
          icon={<CheckOutlined />}
          onClick={() => onApproval(user, true)}
        >
          {compact ? null : t('system.users.approve')}
        </Button>
        <Button
          size="small"
          danger
          icon={<CloseOutlined />}
          onClick={() => onApproval(user, false)}
        >
          {compact ? null : t('system.users.reject')}
        </Button>
      </Space>
    );
  }

  const changes = stateChangesFor(user.state);
  const stateButton = compact ? (
    <Button
      size="small"
      disabled={self}
      icon={<SwapOutlined />}
      aria-label={`${t('system.users.changeState')}：${user.nickname}`}
    />
  ) : (
    <Button size="small" disabled={self}>
      {t('system.users.changeState')} <DownOutlined />
    </Button>
  );
  return (
    <Space size={4} className="sys-user-actions" aria-label={label}>
      {self ? (
        <Tooltip title={t('system.users.selfLocked')}>{stateButton}</Tooltip>
      ) : (
        <Dropdown
          trigger={['click']}
          menu={{
            items: changes.map((state) => ({
              key: state,
              label: t(`system.stateActions.${state}`),
              danger: state === 'cancelled',
            })),
            onClick: ({ key }) => onState(user, key as SettableState),
          }}
        >
          {stateButton}
        </Dropdown>
      )}
      {more}
    </Space>
  );
}
