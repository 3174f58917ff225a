import { useState } from 'react';
import { Button, Form, Space } from 'antd';
// antd's Input alone: its `Input` export brings TextArea, Search and OTP into the first visit
import Input from 'antd/es/input/Input';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@library/contract';
import { clientDescriptor } from '../../../lib/client-descriptor';
import { toast } from '../../../components/toast';
import { useLoginWithSmsCode } from '../api/login-with-sms-code';
import { useSendSmsCode } from '../api/send-sms-code';
import { useCountdown } from '../hooks/use-countdown';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { useRegisterInviteStore } from '../stores/register-invite-store';
import type { LoginFormProps } from './login-form-props';
import { loginRules } from '../../../lib/login-rules';

interface SmsLoginValues {
  mobile: string;
  smsCode: string;
}

/** Phone plus verification code; an unknown phone is registered (with the invite code, if any). */
export function SmsLoginForm({ agreement, ensureAgreed, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsLoginValues>();
  const rules = loginRules(t);
  const isMobile = useIsMobile();
  const countdown = useCountdown();
  const [smsToken, setSmsToken] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const sendCode = useSendSmsCode();
  const login = useLoginWithSmsCode();

  const handleGetCode = async () => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return;
    }
    try {
      const sent = await sendCode.mutateAsync({ mobile: mobile.trim() });
      setSmsToken(sent.smsToken);
      countdown.start(sent.resendIn > 0 ? sent.resendIn : limits.smsResendSeconds);
      toast.success(t('login.codeSent'));
    } catch {
      // the API client already told the user why
    }
  };

  const handleFinish = async (values: SmsLoginValues) => {
    if (!ensureAgreed()) return;
    if (!smsToken) {
      toast.warning(t('login.getCodeFirst'));
      return;
    }
    try {
      const inviteCode = useRegisterInviteStore.getState().inviteCode;
      const response = await login.mutateAsync({
        smsCode: values.smsCode.trim(),
        smsToken,
        client: clientDescriptor(),
        inviteCode,
      });
      // the login carried the code (its answer's `invite` says how it went): not sent again
      if (inviteCode) useRegisterInviteStore.getState().clearInviteCode();
      setFinishing(true);
      await onLoggedIn(response);
    } catch {
      // shown by the API client
    } finally {
      setFinishing(false);
    }
  };

  const codeButtonText = countdown.running
    ? t('login.countdown', { count: countdown.count })
    : smsToken
      ? t('login.getCodeAgain')
      : t('login.getCode');

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      className="login-form"
      name="sms-login"
    >
      <Form.Item name="mobile" rules={rules.mobile} validateTrigger="onBlur">
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder={t('login.mobilePlaceholder')}
          inputMode="tel"
          autoComplete="tel"
          maxLength={14}
          autoFocus={!isMobile}
          aria-label={t('login.mobile')}
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="smsCode" rules={rules.smsCode} validateTrigger="onBlur" noStyle>
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder={t('login.codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              aria-label={t('login.code')}
            />
          </Form.Item>
          <Button
            size="large"
            className="sms-code-button"
            disabled={countdown.running}
            loading={sendCode.isPending}
            onClick={handleGetCode}
          >
            {codeButtonText}
          </Button>
        </Space.Compact>
      </Form.Item>
      {agreement}
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        block
        loading={login.isPending || finishing}
      >
        {t('login.smsSubmit')}
      </Button>
    </Form>
  );
}
