import { useState } from 'react';
import { Button, Form } from 'antd';
// antd's Input and Password alone: its `Input` export brings TextArea, Search and OTP along
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { clientDescriptor } from '../../../lib/client-descriptor';
import { useLoginWithPassword } from '../api/login-with-password';
import type { LoginFormProps } from './login-form-props';
import { loginRules } from '../../../lib/login-rules';

interface PasswordLoginValues {
  account: string;
  password: string;
}

/** Account (phone, e-mail or user ID) plus password. */
export function PasswordLoginForm({ agreement, ensureAgreed, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordLoginValues>();
  const rules = loginRules(t);
  const [finishing, setFinishing] = useState(false);
  const login = useLoginWithPassword();

  const handleFinish = async (values: PasswordLoginValues) => {
    if (!ensureAgreed()) return;
    try {
      const response = await login.mutateAsync({
        account: values.account.trim(),
        password: values.password,
        client: clientDescriptor(),
      });
      setFinishing(true);
      await onLoggedIn(response);
    } catch {
      // shown by the API client
    } finally {
      setFinishing(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      className="login-form"
      name="password-login"
    >
      <Form.Item name="account" rules={rules.account} validateTrigger="onBlur">
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          aria-label={t('login.account')}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password} validateTrigger="onBlur">
        <Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          aria-label={t('login.password')}
        />
      </Form.Item>
      {agreement}
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        block
        loading={login.isPending || finishing}
      >
        {t('login.submit')}
      </Button>
    </Form>
  );
}
