// A space's members by member group (space settings, admins): each group with its role and
// members (people and teams); add a friend, a team or any account, remove one; create, rename, change the role of and delete a
// group (the owner group stays as it is). The server checks every change again.
import { useMemo, useState } from 'react';
import { Button, Form, Input, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type AddMemberRequest,
  limits,
  type MemberGroup,
  type SpaceDetail,
  type SpaceRole,
} from '@library/contract';
import { addMember } from '../api/add-member';
import { createMemberGroup, type MemberGroupRole } from '../api/create-member-group';
import { deleteMemberGroup } from '../api/delete-member-group';
import { useMemberGroups } from '../api/get-member-groups';
import { removeMember } from '../api/remove-member';
import { spaceKeys } from '../api/space-keys';
import { updateMemberGroup } from '../api/update-member-group';
import { MemberPicker } from './MemberPicker';

const roleKeys = {
  owner: 'spaces.roleOwner',
  admin: 'spaces.roleAdmin',
  editor: 'spaces.roleEditor',
  reader: 'spaces.roleReader',
} as const satisfies Record<SpaceRole, string>;

const groupRoles = ['admin', 'editor', 'reader'] as const;

function useRoleOptions() {
  const { t } = useTranslation();
  return groupRoles.map((role) => ({ value: role, label: t(roleKeys[role]) }));
}

export function SpaceMemberSettings({ space }: { space: SpaceDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roleOptions = useRoleOptions();
  const { data: groups, isPending } = useMemberGroups(space.spaceId, true);
  const [groupForm] = Form.useForm<{ name: string; role: MemberGroupRole }>();
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: spaceKeys.memberGroups(space.spaceId) });

  const handleCreateGroup = async (values: { name: string; role: MemberGroupRole }) => {
    try {
      await createMemberGroup(space.spaceId, values.name.trim(), values.role);
      groupForm.resetFields();
      await reload();
    } catch {
      // shown by the API client
    }
  };

  if (isPending) return <List loading />;
  return (
    <div className="member-settings">
      {(groups ?? []).map((group) => (
        <MemberGroupCard key={group.memberGroupId} group={group} onChanged={() => void reload()} />
      ))}
      <Typography.Title level={5}>{t('spaces.createMemberGroup')}</Typography.Title>
      <Form
        form={groupForm}
        layout="inline"
        initialValues={{ role: 'reader' }}
        onFinish={(values) => void handleCreateGroup(values)}
      >
        <Form.Item
          name="name"
          rules={[{ required: true, whitespace: true, message: t('spaces.nameRequired') }]}
        >
          <Input placeholder={t('spaces.memberGroupName')} maxLength={limits.nameMax} />
        </Form.Item>
        <Form.Item name="role">
          <Select aria-label={t('spaces.role')} style={{ width: 120 }} options={roleOptions} />
        </Form.Item>
        <Button htmlType="submit">{t('spaces.create')}</Button>
      </Form>
    </div>
  );
}

function MemberGroupCard({ group, onChanged }: { group: MemberGroup; onChanged: () => void }) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const [editing, setEditing] = useState(false);
  // a group still under the name a new space gave it is named by its role, in the reader's language
  const label = group.isDefault ? t(roleKeys[group.role]) : group.name;
  const [name, setName] = useState(label);
  const isOwnerGroup = group.role === 'owner';
  const taken = useMemo(
    () => new Set(group.members.map((member) => `${member.memberType}:${member.memberId}`)),
    [group.members],
  );

  const run = (change: Promise<unknown>) =>
    change.then(onChanged).catch(() => undefined /* shown by the API client */);

  const handleAdd = async (member: AddMemberRequest) => {
    try {
      await addMember(group.memberGroupId, member);
      onChanged();
      return true;
    } catch {
      return false; // shown by the API client
    }
  };
  const handleRename = () => {
    const next = name.trim();
    setEditing(false);
    if (!next || next === label) {
      setName(label);
      return;
    }
    void run(updateMemberGroup(group.memberGroupId, { name: next }));
  };

  return (
    <section className="member-group" aria-label={label}>
      <div className="member-group-header">
        {editing ? (
          <Input
            size="small"
            autoFocus
            value={name}
            maxLength={limits.nameMax}
            aria-label={t('spaces.memberGroupName')}
            style={{ width: 200 }}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={handleRename}
            onBlur={handleRename}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setName(label);
                setEditing(false);
              }
            }}
          />
        ) : (
          <Typography.Text strong>{label}</Typography.Text>
        )}
        {isOwnerGroup ? (
          <Tag>{t(roleKeys.owner)}</Tag>
        ) : (
          <>
            <Select
              size="small"
              value={group.role as MemberGroupRole}
              aria-label={`${t('spaces.role')} ${label}`}
              style={{ width: 110 }}
              options={roleOptions}
              onChange={(role) => void run(updateMemberGroup(group.memberGroupId, { role }))}
            />
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('spaces.rename')} ${label}`}
              onClick={() => setEditing(true)}
            />
            <Popconfirm
              title={t('spaces.deleteMemberGroupConfirm', { name: label })}
              okText={t('spaces.delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => run(deleteMemberGroup(group.memberGroupId))}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('spaces.delete')} ${label}`}
              />
            </Popconfirm>
          </>
        )}
      </div>
      {group.members.length === 0 ? (
        <Typography.Text type="secondary">{t('spaces.noMembers')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={group.members}
          rowKey={(member) => `${member.memberType}:${member.memberId}`}
          renderItem={(member) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    void run(removeMember(group.memberGroupId, member.memberType, member.memberId))
                  }
                >
                  {t('spaces.removeMember')}
                </Button>,
              ]}
            >
              {member.memberType === 'team' ? (
                <Space size={6}>
                  <TeamOutlined />
                  {member.name}
                  <Tag>{t('spaces.teamPeople', { n: member.memberCount ?? 0 })}</Tag>
                </Space>
              ) : (
                member.name
              )}
            </List.Item>
          )}
        />
      )}
      <MemberPicker allowTeams={!isOwnerGroup} taken={taken} onAdd={handleAdd} />
    </section>
  );
}
