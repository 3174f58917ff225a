// Space settings for admins: name, icon, description, open to visitors; members by member
// group (add by account, remove, new group with a role); the AI chat (features/ai); deleting the
// space (owner) asks for the password — a wrong one shows the server's message and deletes nothing.
import { useState } from 'react';
import { Button, Form, Input, Modal, Switch, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits, type SpaceDetail } from '@library/contract';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { deleteSpace } from '../api/delete-space';
import { spaceGroupsQueryKey } from '../../../lib/space-groups';
import { spaceKeys } from '../api/space-keys';
import { updateSpace } from '../api/update-space';
import { uploadSpaceIcon } from '../api/upload-space-icon';
import { SpaceAiSettings } from '../../ai';
import { IconPicker } from './IconPicker';
import { SpaceMemberSettings } from './SpaceMemberSettings';

interface SpaceSettingsDialogProps {
  open: boolean;
  space: SpaceDetail;
  onClose: () => void;
}

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
            children: <SpaceMemberSettings space={space} />,
          },
          {
            key: 'ai',
            label: t('ai.settings.tab'),
            children: <SpaceAiSettings spaceId={space.spaceId} />,
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
  // the upload sets the icon at once; the form keeps its path, so saving keeps it too
  const uploadIcon = async (file: File) => {
    const updated = await uploadSpaceIcon(space.spaceId, file);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: spaceKeys.detail(space.spaceId) }),
      queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey }),
    ]);
    return updated.icon ?? '';
  };
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
        <IconPicker onUpload={uploadIcon} />
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
