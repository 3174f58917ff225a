// Creating a role (an identifier such as EDITOR and a title) or renaming one (the title, and the
// identifier of a role that is not built in).
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, type SystemRole } from '@library/contract';
import { toast } from '../../../components/toast';
import { createRole, updateRole } from '../api/roles';

export type RoleEditing = { mode: 'create' } | { mode: 'rename'; role: SystemRole } | null;

const namePattern = /^[A-Z][A-Z0-9_]{1,31}$/;

export function RoleDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: RoleEditing;
  onClose: () => void;
  onSaved: (role: SystemRole) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; title: string }>();
  const [saving, setSaving] = useState(false);
  const role = editing?.mode === 'rename' ? editing.role : null;

  const handleFinish = async (values: { name: string; title: string }) => {
    setSaving(true);
    try {
      const name = values.name.trim();
      const title = values.title.trim();
      let saved: SystemRole;
      if (role) {
        saved = await updateRole(role.name, {
          title,
          ...(role.builtin || name === role.name ? {} : { name }),
        });
        toast.success(t('system.permission.saved'));
      } else {
        saved = await createRole({ name, title });
        toast.success(t('system.roleDialog.created', { title }));
      }
      onSaved(saved);
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={role ? t('system.roleDialog.renameTitle') : t('system.roleDialog.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={440}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: role?.name ?? '', title: role?.title ?? '' }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="title"
          label={t('system.roleDialog.title')}
          rules={[
            { required: true, whitespace: true, message: t('system.roleDialog.titleRequired') },
          ]}
        >
          <Input maxLength={limits.nicknameMax} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('system.roleDialog.name')}
          extra={
            role?.builtin ? t('system.roleDialog.builtinName') : t('system.roleDialog.nameHint')
          }
          normalize={(value: string) => value.toUpperCase()}
          rules={
            role?.builtin
              ? []
              : [
                  {
                    required: true,
                    pattern: namePattern,
                    message: t('system.roleDialog.nameInvalid'),
                  },
                ]
          }
        >
          <Input
            maxLength={32}
            autoComplete="off"
            disabled={role?.builtin}
            className="sys-role-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
