// /sys/users '用户管理' (administrators): the accounts in a data grid with spec §9's defaults (10
// a page, 10/20/50, seven page buttons — antd's own window, its '…' jumps counted), search,
// state (with the pending registrations' badge) and role filters, sorting by registration, last
// login and nickname; each row's state changes (confirmed), approval of a pending registration,
// roles, feature switches, quotas and a new password, and the 'new user' dialog. Failures are
// the API client's toasts.
import { useState } from 'react';
import { Button, Empty, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { SortOrder, SorterResult } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Role, accountStates, limits, type AccountState, type AdminUser } from '@library/contract';
import { CountBadge } from '../../../components/CountBadge';
import { toast } from '../../../components/toast';
import { UserAvatar } from '../../../components/UserAvatar';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import dayjs from '../../../lib/dayjs';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useDeviceStore } from '../../../stores/device-store';
import { useCurrentUser } from '../../auth';
import { formatFileSize } from '../../files';
import { adminKeys } from '../api/admin-keys';
import { decideRegistration } from '../api/decide-registration';
import { useAdminUsers, type AdminUserQuery } from '../api/get-admin-users';
import { useRoles } from '../api/roles';
import { setUserState, type SettableState } from '../api/set-user-state';
import { stateColors } from '../lib/account-states';
import { CreateUserDialog } from './CreateUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserActions, type UserDialog } from './UserActions';
import { UserFeaturesDialog } from './UserFeaturesDialog';
import { UserQuotaDialog } from './UserQuotaDialog';
import { UserRolesDialog } from './UserRolesDialog';
import './sys-admin.css';

type SortField = AdminUserQuery['sort'];
type Sort = { field: SortField; order: 'asc' | 'desc' };
const defaultSort: Sort = { field: 'createdAt', order: 'desc' };

export function SysUsersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const mobile = useDeviceStore((state) => state.deviceMode === 'Mobile');
  const locale = currentLocale();
  const { keywords, query, searchInput, pager } = useSearchPaging(limits.gridPageSize);
  const [state, setState] = useState<AccountState | undefined>();
  const [role, setRole] = useState<string | undefined>();
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const [creating, setCreating] = useState(false);
  const me = useCurrentUser().data;
  const roles = useRoles();
  const list = useAdminUsers({ ...query, state, role, sort: sort.field, order: sort.order });
  const data = list.data;
  const pendingCount = data?.pendingCount ?? 0;
  const roleTitles = new Map((roles.data ?? []).map((each) => [each.name, each.title]));
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.users() });
  // A filter or a new sort starts again at the first page.
  const firstPage = () => pager.onChange(1, pager.pageSize);

  const handleState = (user: AdminUser, next: SettableState) => {
    const action = t(`system.stateActions.${next}`);
    void modal.confirm({
      title: t('system.users.stateTitle', { action, name: user.nickname }),
      content:
        next === 'normal'
          ? t('system.users.stateRestoreText')
          : t('system.users.stateLockText', { action }),
      okText: action,
      okButtonProps: { danger: next !== 'normal' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await setUserState(user.userId, next);
        } catch {
          return; // shown by the API client
        }
        toast.success(
          t('system.users.stateChanged', {
            name: user.nickname,
            action,
            state: t(`system.states.${next}`).toLocaleLowerCase(),
          }),
        );
        await reload();
      },
    });
  };

  const handleApproval = (user: AdminUser, approved: boolean) => {
    const name = user.nickname;
    void modal.confirm({
      title: t(approved ? 'system.users.approveTitle' : 'system.users.rejectTitle', { name }),
      content: t(approved ? 'system.users.approveText' : 'system.users.rejectText'),
      okText: t(approved ? 'system.users.approve' : 'system.users.reject'),
      okButtonProps: { danger: !approved },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await decideRegistration(user.userId, approved);
        } catch {
          return;
        }
        toast.success(t(approved ? 'system.users.approved' : 'system.users.rejected', { name }));
        await reload();
      },
    });
  };

  const sortOrder = (field: SortField): SortOrder =>
    sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableColumnsType<AdminUser> = [
    {
      key: 'nickname',
      title: t('system.users.columns.user'),
      sorter: true,
      sortOrder: sortOrder('nickname'),
      render: (_: unknown, user: AdminUser) => (
        <span className="sys-user-cell">
          <UserAvatar user={user} size={32} />
          <span className="sys-user-text">
            <Typography.Text strong ellipsis className="sys-user-name">
              {user.nickname}
              {me?.userId === user.userId && (
                <Tag className="sys-user-you" variant="filled">
                  {t('system.users.you')}
                </Tag>
              )}
            </Typography.Text>
            <Typography.Text type="secondary" className="sys-user-sub">
              ID {user.userId}
              {mobile && (user.mobile || user.email) ? ` · ${user.mobile ?? user.email}` : ''}
            </Typography.Text>
          </span>
        </span>
      ),
    },
    {
      key: 'contact',
      title: t('system.users.columns.contact'),
      responsive: ['lg'],
      render: (_: unknown, user: AdminUser) => (
        <span className="sys-user-contact">
          {user.mobile && <span>{user.mobile}</span>}
          {user.email && (
            <Typography.Text type="secondary" ellipsis>
              {user.email}
            </Typography.Text>
          )}
          {!user.mobile && !user.email && <Typography.Text type="secondary">—</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'roles',
      title: t('system.users.columns.roles'),
      responsive: ['md'],
      render: (_: unknown, user: AdminUser) =>
        user.roles.length === 0 ? (
          <Typography.Text type="secondary" className="sys-default-role">
            {t('system.users.defaultRole')}
          </Typography.Text>
        ) : (
          <span className="sys-user-roles">
            {user.roles.map((name) => (
              <Tag key={name} color={name === Role.admin ? 'gold' : undefined}>
                {roleTitles.get(name) ?? name}
              </Tag>
            ))}
          </span>
        ),
    },
    {
      key: 'state',
      title: t('system.users.columns.state'),
      render: (_: unknown, user: AdminUser) => (
        <Tag color={stateColors[user.state]} className="sys-user-state">
          {t(`system.states.${user.state}`)}
        </Tag>
      ),
    },
    {
      key: 'storage',
      title: t('system.users.columns.storage'),
      align: 'right',
      responsive: ['lg'],
      render: (_: unknown, user: AdminUser) => (
        <span className="sys-user-number">{formatFileSize(user.storageBytes, locale)}</span>
      ),
    },
    {
      key: 'createdAt',
      title: t('system.users.columns.createdAt'),
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      responsive: ['md'],
      render: (_: unknown, user: AdminUser) => (
        <time dateTime={user.createdAt} className="sys-user-number">
          {formatShortDate(user.createdAt, locale)}
        </time>
      ),
    },
    {
      key: 'lastLoginAt',
      title: t('system.users.columns.lastLoginAt'),
      sorter: true,
      sortOrder: sortOrder('lastLoginAt'),
      responsive: ['lg'],
      render: (_: unknown, user: AdminUser) =>
        user.lastLoginAt ? (
          <time dateTime={user.lastLoginAt} className="sys-user-number">
            {formatShortDate(user.lastLoginAt, locale)} {dayjs(user.lastLoginAt).format('HH:mm')}
          </time>
        ) : (
          <Typography.Text type="secondary">{t('system.users.neverLoggedIn')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: mobile ? undefined : t('system.users.columns.actions'),
      align: 'right',
      render: (_: unknown, user: AdminUser) => (
        <UserActions
          user={user}
          self={me?.userId === user.userId}
          compact={mobile}
          onState={handleState}
          onApproval={handleApproval}
          onDialog={setDialog}
        />
      ),
    },
  ];

  const handleTableChange = (sorter: SorterResult<AdminUser> | SorterResult<AdminUser>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.columnKey;
    const next: Sort =
      one?.order && (field === 'nickname' || field === 'createdAt' || field === 'lastLoginAt')
        ? { field, order: one.order === 'ascend' ? 'asc' : 'desc' }
        : defaultSort;
    if (next.field !== sort.field || next.order !== sort.order) {
      setSort(next);
      firstPage();
    }
  };

  const filtered = Boolean(keywords || state || role);
  const stateOptions = accountStates.map((value) => ({
    value,
    label:
      value === 'pending' ? (
        <span className="sys-state-option">
          {t('system.states.pending')}
          <CountBadge count={pendingCount} />
        </span>
      ) : (
        t(`system.states.${value}`)
      ),
  }));

  return (
    <div className="sys-screen">
      {modalHolder}
      <header className="screen-header">
        <Typography.Text type="secondary" className="sys-intro">
          {t('system.users.subtitle')}
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('system.users.create')}
        </Button>
      </header>
      <div className="sys-toolbar">
        <Input.Search
          allowClear
          className="sys-search"
          placeholder={t('system.users.searchPlaceholder')}
          aria-label={t('system.users.searchPlaceholder')}
          {...searchInput}
        />
        <CountBadge
          count={state === 'pending' ? 0 : pendingCount}
          title={t('system.users.pendingBadge', { count: pendingCount })}
        >
          <Select<AccountState>
            allowClear
            className="sys-filter"
            aria-label={t('system.users.stateFilter')}
            placeholder={t('system.users.allStates')}
            value={state}
            options={stateOptions}
            onChange={(value) => {
              setState(value);
              firstPage();
            }}
          />
        </CountBadge>
        <Select<string>
          allowClear
          className="sys-filter"
          aria-label={t('system.users.roleFilter')}
          placeholder={t('system.users.allRoles')}
          value={role}
          loading={roles.isPending}
          options={(roles.data ?? [])
            .filter((each) => each.name !== Role.default)
            .map((each) => ({ value: each.name, label: each.title }))}
          onChange={(value) => {
            setRole(value);
            firstPage();
          }}
        />
      </div>
      <div className="screen-card sys-card">
        <Table<AdminUser>
          rowKey="userId"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={list.isFetching}
          size={mobile ? 'small' : 'middle'}
          tableLayout="auto"
          // a wide table scrolls inside its card on a desktop; a phone shows fewer columns
          scroll={mobile ? undefined : { x: 'max-content' }}
          onChange={(_pagination, _filters, sorter) => handleTableChange(sorter)}
          locale={{
            emptyText: list.isPending ? (
              <div className="sys-loading" aria-busy="true" />
            ) : (
              <Empty
                description={filtered ? t('system.users.noResults') : t('system.users.empty')}
              />
            ),
          }}
          pagination={{
            ...pager,
            total: data?.total ?? 0,
            pageSizeOptions: limits.gridPageSizes.map(String),
            showSizeChanger: true,
            // antd's pager shows seven buttons, the '…' jumps counted, as spec §9's pager does
            showLessItems: false,
            showTotal: (total) => t('system.users.total', { total }),
            hideOnSinglePage: false,
            simple: mobile,
          }}
        />
      </div>
      <CreateUserDialog
        open={creating}
        roles={roles.data ?? []}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void reload();
        }}
      />
      <UserRolesDialog
        user={dialog?.kind === 'roles' ? dialog.user : null}
        roles={roles.data ?? []}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void reload();
          void queryClient.invalidateQueries({ queryKey: adminKeys.roles() });
        }}
      />
      <UserFeaturesDialog
        user={dialog?.kind === 'features' ? dialog.user : null}
        onClose={() => setDialog(null)}
      />
      <UserQuotaDialog
        user={dialog?.kind === 'quota' ? dialog.user : null}
        onClose={() => setDialog(null)}
      />
      <ResetPasswordDialog
        user={dialog?.kind === 'password' ? dialog.user : null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
