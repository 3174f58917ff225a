// Space settings for admins: name, icon, description, open to visitors; members by member
// group (add by account, remove, new group with a role); deleting the space (owner) asks for
// the password — a wrong one shows the server's message and deletes nothing.
import { useState } from 'react';
import {
  Button,
  Form,
  Input,
  List,
  Modal,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits, type MemberGroup, type SpaceDetail, type SpaceRole } from '@library/contract';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { addMember } from '../api/add-member';
import { createMemberGroup, type MemberGroupRole } from '../api/create-member-group';
import { deleteSpace } from '../api/delete-space';
import { useMemberGroups } from '../api/get-member-groups';
import { spaceGroupsQueryKey } from '../api/get-space-groups';
import { removeMember } from '../api/remove-member';
import { spaceKeys } from '../api/space-keys';
import { updateSpace } from '../api/update-space';
import { IconPicker } from './IconPicker';

interface SpaceSettingsDialogProps {
  open: boolean;
  space: SpaceDetail;
  onClose: () => void;
}

const roleKeys = {
  owner: 'spaces.roleOwner',
  admin: 'spaces.roleAdmin',
  editor: 'spaces.roleEditor',
  reader: 'spaces.roleReader',
} as const satisfies Record<SpaceRole, string>;

export function SpaceSettingsDialog({ open, space, onClose }: SpaceSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('spaces.settings')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: 'general',
            label: t('spaces.general'),
            children: <GeneralSettings space={space} onSaved={onClose} />,
          },
          {
            key: 'members',
            label: t('spaces.members'),
            children: <MemberSettings space={space} />,
          },
          ...(space.abilities.canDelete
            ? [
                {
                  key: 'delete',
                  label: t('spaces.dangerZone'),
                  children: <DeleteSpace space={space} onDeleted={onClose} />,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}

interface GeneralValues {
  name: string;
  icon: string;
  description: string;
  openToVisitors: boolean;
}

function GeneralSettings({ space, onSaved }: { space: SpaceDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const handleFinish = async (values: GeneralValues) => {
    setSaving(true);
    try {
      await updateSpace(space.spaceId, {
        name: values.name.trim(),
        icon: values.icon.trim() || null,
        description: values.description.trim(),
        openToVisitors: values.openToVisitors,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: spaceKeys.detail(space.spaceId) }),
        queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey }),
      ]);
      toast.success(t('spaces.saved'));
      onSaved();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<GeneralValues>
      layout="vertical"
      initialValues={{
        name: space.name,
        icon: space.icon ?? '',
        description: space.description,
        openToVisitors: space.openToVisitors,
      }}
      onFinish={(values) => void handleFinish(values)}
    >
      <Form.Item
        name="name"
        label={t('spaces.name')}
        rules={[
          { required: true, whitespace: true, message: t('spaces.nameRequired') },
          { max: limits.nameMax, message: t('spaces.nameTooLong') },
        ]}
      >
        <Input maxLength={limits.nameMax} />
      </Form.Item>
      <Form.Item name="icon" label={t('spaces.icon')}>
        <IconPicker />
      </Form.Item>
      <Form.Item name="description" label={t('spaces.description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="openToVisitors" label={t('spaces.openToVisitors')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('spaces.save')}
      </Button>
    </Form>
  );
}

function MemberSettings({ space }: { space: SpaceDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
          <Select
            aria-label={t('spaces.role')}
            style={{ width: 120 }}
            options={(['admin', 'editor', 'reader'] as const).map((role) => ({
              value: role,
              label: t(roleKeys[role]),
            }))}
          />
        </Form.Item>
        <Button htmlType="submit">{t('spaces.create')}</Button>
      </Form>
    </div>
  );
}

function MemberGroupCard({ group, onChanged }: { group: MemberGroup; onChanged: () => void }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [adding, setAdding] = useState(false);
  const handleAdd = async () => {
    if (!account.trim()) return;
    setAdding(true);
    try {
      await addMember(group.memberGroupId, account.trim());
      setAccount('');
      onChanged();
    } catch {
      // shown by the API client
    } finally {
      setAdding(false);
    }
  };
  return (
    <section className="member-group">
      <div className="member-group-header">
        <Typography.Text strong>{group.name}</Typography.Text>
        <Tag>{t(roleKeys[group.role])}</Tag>
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
                    void removeMember(group.memberGroupId, member.memberType, member.memberId)
                      .then(onChanged)
                      .catch(() => undefined)
                  }
                >
                  {t('spaces.removeMember')}
                </Button>,
              ]}
            >
              {member.name}
            </List.Item>
          )}
        />
      )}
      <Space.Compact className="member-add">
        <Input
          value={account}
          placeholder={t('spaces.accountHint')}
          aria-label={t('spaces.account')}
          onChange={(event) => setAccount(event.target.value)}
          onPressEnter={() => void handleAdd()}
        />
        <Button loading={adding} onClick={() => void handleAdd()}>
          {t('spaces.addMember')}
        </Button>
      </Space.Compact>
    </section>
  );
}

function DeleteSpace({ space, onDeleted }: { space: SpaceDetail; onDeleted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const handleFinish = async ({ password }: { password: string }) => {
    setDeleting(true);
    try {
      await deleteSpace(space.spaceId, password);
      onDeleted();
      toast.success(t('spaces.spaceDeleted'));
      await queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey });
      queryClient.removeQueries({ queryKey: ['space', space.spaceId] });
      navigate(paths.home.getHref());
    } catch {
      // a wrong password (200005) is shown by the API client with the server's message
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(values: { password: string }) => void handleFinish(values)}>
      <Typography.Paragraph type="secondary">{t('spaces.deleteSpaceHint')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('spaces.password')}
        rules={[{ required: true, message: t('spaces.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={limits.passwordMax} />
      </Form.Item>
      <Button danger type="primary" htmlType="submit" loading={deleting}>
        {t('spaces.deleteSpace')}
      </Button>
    </Form>
  );
}
