// 'New user': an account an administrator makes (a nickname, a phone number or an e-mail
// address, a first password, optional roles); it can log in at once.
import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, limits, type SystemRole } from '@library/contract';
import { toast } from '../../../components/toast';
import { isValidMobile, loginRules } from '../../../lib/login-rules';
import { createAdminUser } from '../api/create-admin-user';

interface CreateUserValues {
  nickname: string;
  mobile?: string;
  email?: string;
  password: string;
  roles?: string[];
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function CreateUserDialog({
  open,
  roles,
  onClose,
  onCreated,
}: {
  open: boolean;
  roles: readonly SystemRole[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateUserValues>();
  const [saving, setSaving] = useState(false);
  const rules = loginRules(t);

  const handleFinish = async (values: CreateUserValues) => {
    setSaving(true);
    try {
      const created = await createAdminUser({
        nickname: values.nickname.trim(),
        mobile: values.mobile?.trim() || undefined,
        email: values.email?.trim() || undefined,
        password: values.password,
        roles: values.roles ?? [],
      });
      toast.success(t('system.createUser.created', { name: created.nickname }));
      onCreated();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  const contactRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      const mobile = String(getFieldValue('mobile') ?? '').trim();
      const email = String(getFieldValue('email') ?? '').trim();
      if (!mobile && !email) throw new Error(t('system.createUser.contactRequired'));
    },
  });

  return (
    <Modal
      open={open}
      title={t('system.createUser.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={480}
    >
      <Form<CreateUserValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="nickname"
          label={t('system.createUser.nickname')}
          rules={[
            { required: true, whitespace: true, message: t('system.createUser.nicknameRequired') },
          ]}
        >
          <Input maxLength={limits.nicknameMax} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('system.createUser.mobile')}
          dependencies={['email']}
          rules={[
            contactRule,
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() && !isValidMobile(value)) {
                  throw new Error(t('validation.phoneInvalid'));
                }
              },
            },
          ]}
        >
          <Input inputMode="tel" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('system.createUser.email')}
          dependencies={['mobile']}
          rules={[
            contactRule,
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value.trim() && !emailPattern.test(value.trim())) {
                  throw new Error(t('system.createUser.emailInvalid'));
                }
              },
            },
          ]}
        >
          <Input inputMode="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('system.createUser.password')} rules={rules.password}>
          <Input.Password maxLength={limits.passwordMax} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="roles" label={t('system.createUser.roles')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('system.createUser.rolesPlaceholder')}
            options={roles
              .filter((role) => role.name !== Role.default)
              .map((role) => ({ value: role.name, label: role.title }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
