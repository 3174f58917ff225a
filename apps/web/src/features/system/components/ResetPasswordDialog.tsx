// 'Reset password': a new password for an account (8–16 characters); its sessions end.
import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, type AdminUser } from '@library/contract';
import { toast } from '../../../components/toast';
import { loginRules } from '../../../lib/login-rules';
import { resetUserPassword } from '../api/reset-user-password';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 12 characters from an alphabet without look-alikes (0/O, 1/l/I). */
export function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);

  const handleFinish = async ({ password }: { password: string }) => {
    if (!user) return;
    setSaving(true);
    try {
      await resetUserPassword(user.userId, password);
      toast.success(t('system.password.done'));
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('system.password.title', { name: user?.nickname ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('system.users.resetPassword')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">{t('system.password.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item label={t('system.password.newPassword')} required>
          <Space.Compact block>
            <Form.Item name="password" noStyle rules={loginRules(t).newPassword}>
              <Input.Password
                maxLength={limits.passwordMax}
                autoComplete="new-password"
                aria-label={t('system.password.newPassword')}
              />
            </Form.Item>
            <Button onClick={() => form.setFieldsValue({ password: randomPassword() })}>
              {t('system.password.generate')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
