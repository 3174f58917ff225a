// The create-space dialog (name, icon, description, group); the new space opens right away.
import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limits } from '@library/contract';
import { paths } from '../../../config/paths';
import { createSpace } from '../api/create-space';
import { spaceGroupName, spaceGroupsQueryKey, useSpaceGroups } from '../../../lib/space-groups';
import {
  useCreateSpaceDialogStore,
  useIsCreateSpaceDialogHolder,
} from '../stores/create-space-dialog-store';
import { IconPicker } from './IconPicker';

interface CreateSpaceValues {
  name: string;
  icon: string;
  description: string;
  groupId?: string;
}

export function CreateSpaceDialog({ onCreated }: { onCreated?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open, groupId, hide } = useCreateSpaceDialogStore();
  const holder = useIsCreateSpaceDialogHolder();
  const { data: groups } = useSpaceGroups();
  const [form] = Form.useForm<CreateSpaceValues>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const space = await createSpace({
        name: values.name.trim(),
        icon: values.icon.trim() || null,
        description: values.description.trim(),
        groupId: values.groupId,
      });
      await queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey });
      hide();
      onCreated?.();
      navigate(paths.space.getHref(space.spaceId));
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open && holder}
      title={t('spaces.createSpace')}
      okText={t('spaces.create')}
      cancelText={t('spaces.cancel')}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={hide}
      destroyOnHidden
    >
      <Form<CreateSpaceValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: '',
          icon: '',
          description: '',
          groupId: groupId ?? groups?.[0]?.groupId,
        }}
      >
        <Form.Item
          name="name"
          label={t('spaces.name')}
          rules={[
            { required: true, whitespace: true, message: t('spaces.nameRequired') },
            { max: limits.nameMax, message: t('spaces.nameTooLong') },
          ]}
        >
          <Input autoFocus maxLength={limits.nameMax} onPressEnter={() => void handleOk()} />
        </Form.Item>
        <Form.Item name="icon" label={t('spaces.icon')}>
          <IconPicker />
        </Form.Item>
        <Form.Item name="description" label={t('spaces.description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        {groups && groups.length > 0 && (
          <Form.Item name="groupId" label={t('spaces.group')}>
            <Select
              options={groups.map((group) => ({
                value: group.groupId,
                label: spaceGroupName(group, t),
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
