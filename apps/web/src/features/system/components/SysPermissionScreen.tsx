// /sys/permission '权限管理' (administrators): the system roles with how many hold each; creating,
// renaming and deleting roles (built-ins stay); which admin menus and calls a role grants
// (ADMIN holds them all, DEFAULT_ROLE — everyone's — none); and the role's feature switches in
// three states: on, off, or not set (decided elsewhere). Every change is saved at once.
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Empty,
  Modal,
  Segmented,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Role,
  type Feature,
  type SystemResource,
  type SystemRole,
  type UpdateRoleRequest,
} from '@library/contract';
import { toast } from '../../../components/toast';
import { adminKeys } from '../api/admin-keys';
import { deleteRole, updateRole, useResources, useRoles } from '../api/roles';
import { featureGroups } from '../lib/feature-groups';
import { RoleDialog, type RoleEditing } from './RoleDialog';
import './sys-admin.css';

type Tri = 'on' | 'off' | 'unset';

type Underscored<Key extends string> = Key extends `${infer Head}:${infer Tail}`
  ? `${Head}_${Tail}`
  : Key;

/** The label key of a resource: `users:read` → `users_read`. */
function resourceLabel(key: SystemResource) {
  return key.replace(':', '_') as Underscored<SystemResource>;
}

export function SysPermissionScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const roles = useRoles();
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [editing, setEditing] = useState<RoleEditing>(null);
  const list = roles.data ?? [];
  const selected = list.find((role) => role.name === selectedName) ?? list[0] ?? null;

  const replaceRole = (saved: SystemRole, previousName = saved.name) =>
    queryClient.setQueryData<SystemRole[]>(adminKeys.roles(), (current) =>
      current?.map((role) => (role.name === previousName ? saved : role)),
    );

  const handleDelete = (role: SystemRole) => {
    if (role.userCount > 0) {
      void modal.info({
        title: t('system.permission.deleteTitle', { title: role.title }),
        content: t('system.permission.deleteInUse', { count: role.userCount }),
        okText: t('common.gotIt'),
      });
      return;
    }
    void modal.confirm({
      title: t('system.permission.deleteTitle', { title: role.title }),
      content: t('system.permission.deleteText'),
      okText: t('system.permission.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteRole(role.name);
        } catch {
          return;
        }
        toast.success(t('system.permission.deleted', { title: role.title }));
        setSelectedName(null);
        await queryClient.invalidateQueries({ queryKey: adminKeys.roles() });
      },
    });
  };

  return (
    <div className="sys-screen">
      {modalHolder}
      <header className="screen-header">
        <Typography.Text type="secondary" className="sys-intro">
          {t('system.permission.subtitle')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t('system.permission.createRole')}
        </Button>
      </header>
      {roles.isPending ? (
        <div className="screen-card sys-card">
          <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />
        </div>
      ) : list.length === 0 ? (
        <div className="screen-card sys-card">
          <Empty />
        </div>
      ) : (
        <div className="sys-roles-layout">
          <nav
            className="screen-card sys-role-list"
            aria-label={t('system.permission.rolesHeading')}
          >
            {list.map((role) => (
              <button
                key={role.name}
                type="button"
                className={`sys-role-item${role.name === selected?.name ? ' is-active' : ''}`}
                aria-current={role.name === selected?.name ? 'true' : undefined}
                onClick={() => setSelectedName(role.name)}
              >
                <span className="sys-role-item-text">
                  <span className="sys-role-item-title">{role.title}</span>
                  <span className="sys-role-item-name">{role.name}</span>
                </span>
                <span className="sys-role-item-meta">
                  {role.builtin && <Tag variant="filled">{t('system.permission.builtin')}</Tag>}
                  <span>{t('system.permission.userCount', { count: role.userCount })}</span>
                </span>
              </button>
            ))}
          </nav>
          {selected ? (
            <RoleDetails
              key={selected.name}
              role={selected}
              onSaved={replaceRole}
              onRename={() => setEditing({ mode: 'rename', role: selected })}
              onDelete={() => handleDelete(selected)}
            />
          ) : (
            <Empty description={t('system.permission.pickRole')} />
          )}
        </div>
      )}
      <RoleDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          const previous = editing?.mode === 'rename' ? editing.role.name : null;
          setEditing(null);
          setSelectedName(saved.name);
          if (previous) replaceRole(saved, previous);
          void queryClient.invalidateQueries({ queryKey: adminKeys.roles() });
          if (previous && previous !== saved.name) {
            void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
          }
        }}
      />
    </div>
  );
}

function RoleDetails({
  role,
  onSaved,
  onRename,
  onDelete,
}: {
  role: SystemRole;
  onSaved: (role: SystemRole) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const resources = useResources();
  const [saving, setSaving] = useState<string | null>(null);
  const isAdmin = role.name === Role.admin;
  const isDefault = role.name === Role.default;

  const save = async (what: string, body: UpdateRoleRequest) => {
    setSaving(what);
    try {
      onSaved(await updateRole(role.name, body));
    } catch {
      // shown by the API client
    } finally {
      setSaving(null);
    }
  };

  const granted = (key: string) => isAdmin || role.resources.includes(key as never);
  const toggleResource = (key: string, on: boolean) => {
    const next = on
      ? [...role.resources, key]
      : role.resources.filter((resource) => resource !== key);
    void save(`resource:${key}`, { resources: next });
  };
  const triOf = (feature: Feature): Tri =>
    role.features[feature] === undefined ? 'unset' : role.features[feature] ? 'on' : 'off';

  const catalogue = resources.data ?? [];
  const resourceBox = (kind: 'menu' | 'api') => (
    <div className="sys-resource-kind">
      <Typography.Text type="secondary" className="sys-switch-group-title">
        {kind === 'menu' ? t('system.permission.menus') : t('system.permission.apis')}
      </Typography.Text>
      {catalogue
        .filter((resource) => resource.kind === kind)
        .map((resource) => (
          <Checkbox
            key={resource.key}
            checked={granted(resource.key)}
            disabled={isAdmin || isDefault || saving !== null}
            onChange={(event) => toggleResource(resource.key, event.target.checked)}
          >
            {/* ':' would read as i18next's namespace separator */}
            {t(`system.resources.${resourceLabel(resource.key)}`)}
            <Typography.Text type="secondary" className="sys-resource-key">
              {resource.key}
            </Typography.Text>
          </Checkbox>
        ))}
    </div>
  );

  return (
    <section className="screen-card sys-role-details" aria-label={role.title}>
      <div className="sys-role-head">
        <div className="sys-role-head-text">
          <Typography.Title level={4} className="sys-role-title">
            {role.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {role.name} · {t('system.permission.userCount', { count: role.userCount })}
          </Typography.Text>
        </div>
        <div className="sys-role-head-actions">
          <Button icon={<EditOutlined />} onClick={onRename}>
            {t('system.permission.rename')}
          </Button>
          <Tooltip title={role.builtin ? t('system.permission.builtinNoDelete') : undefined}>
            <Button danger icon={<DeleteOutlined />} disabled={role.builtin} onClick={onDelete}>
              {t('system.permission.delete')}
            </Button>
          </Tooltip>
        </div>
      </div>

      <Typography.Title level={5} className="sys-section-title">
        {t('system.permission.resources')}
      </Typography.Title>
      {(isAdmin || isDefault) && (
        <Typography.Paragraph type="secondary">
          {isAdmin
            ? t('system.permission.resourcesAdmin')
            : t('system.permission.resourcesDefault')}
        </Typography.Paragraph>
      )}
      {resources.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <div className="sys-resources">
          {resourceBox('menu')}
          {resourceBox('api')}
        </div>
      )}

      <Typography.Title level={5} className="sys-section-title">
        {t('system.permission.features')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('system.permission.featuresHint')}
      </Typography.Paragraph>
      {featureGroups.map((group) => (
        <div key={group.key} className="sys-switch-group">
          <Typography.Text type="secondary" className="sys-switch-group-title">
            {t(`system.featureGroups.${group.key}`)}
          </Typography.Text>
          {group.features.map((feature) => {
            const name = t(`system.featureNames.${feature}`);
            return (
              <div key={feature} className="sys-switch-row">
                <span className="sys-switch-name">{name}</span>
                <Segmented<Tri>
                  size="small"
                  aria-label={name}
                  value={triOf(feature)}
                  disabled={saving !== null}
                  options={[
                    { value: 'on', label: t('system.permission.on') },
                    { value: 'off', label: t('system.permission.off') },
                    { value: 'unset', label: t('system.permission.notSet') },
                  ]}
                  onChange={(value) =>
                    void save(`feature:${feature}`, {
                      features: { [feature]: value === 'unset' ? null : value === 'on' },
                    })
                  }
                />
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}
