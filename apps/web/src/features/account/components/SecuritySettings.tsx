import { Button, Divider, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast';
import { useCurrentUser } from '../../auth';
import { loginRules } from '../../../lib/login-rules';
import { useBindEmail } from '../api/bind-email';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

interface EmailValues {
  email: string;
  password?: string;
}

/** Change (or set) the password; bind or change the e-mail. */
export function SecuritySettings() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [emailForm] = Form.useForm<EmailValues>();
  const changePassword = useChangePassword();
  const bindEmail = useBindEmail();
  const rules = loginRules(t);

  if (!user) return null;
  const { hasPassword } = user;

  const handleChangePassword = async (values: PasswordValues) => {
    try {
      await changePassword.mutateAsync({
        oldPassword: hasPassword ? values.oldPassword : undefined,
        newPassword: values.newPassword,
      });
      passwordForm.resetFields();
      toast.success(t('account.passwordChanged'));
    } catch {
      // shown by the API client
    }
  };

  const handleBindEmail = async (values: EmailValues) => {
    try {
      await bindEmail.mutateAsync({
        email: values.email.trim(),
        password: hasPassword ? values.password : undefined,
      });
      emailForm.resetFields();
      toast.success(t('account.emailBound'));
    } catch {
      // shown by the API client
    }
  };

  return (
    <div className="account-security">
      <Typography.Title level={5}>
        {hasPassword ? t('account.changePassword') : t('account.setPassword')}
      </Typography.Title>
      {!hasPassword && (
        <Typography.Paragraph type="secondary">{t('account.setPasswordHint')}</Typography.Paragraph>
      )}
      <Form
        form={passwordForm}
        layout="vertical"
        requiredMark={false}
        onFinish={handleChangePassword}
        name="change-password"
      >
        {/* lets password managers file the new password under this account */}
        <input type="text" autoComplete="username" value={user.userId} readOnly hidden />
        {hasPassword && (
          <Form.Item
            name="oldPassword"
            label={t('account.oldPassword')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item name="newPassword" label={t('account.newPassword')} rules={rules.newPassword}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                !value || getFieldValue('newPassword') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
          {hasPassword ? t('account.changePassword') : t('account.setPassword')}
        </Button>
      </Form>

      <Divider />

      <Typography.Title level={5}>
        {user.email ? t('account.changeEmail') : t('account.bindEmail')}
      </Typography.Title>
      {user.email && (
        <Typography.Paragraph type="secondary">
          {t('account.currentEmail', { email: user.email })}
        </Typography.Paragraph>
      )}
      <Form
        form={emailForm}
        layout="vertical"
        requiredMark={false}
        onFinish={handleBindEmail}
        name="bind-email"
      >
        <Form.Item
          name="email"
          label={t('account.email')}
          rules={[
            { required: true, whitespace: true, message: t('validation.emailRequired') },
            { type: 'email', message: t('validation.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        {hasPassword && (
          <Form.Item
            name="password"
            label={t('account.currentPassword')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={bindEmail.isPending}>
          {user.email ? t('account.changeEmail') : t('account.bindEmail')}
        </Button>
      </Form>
    </div>
  );
}
