// Form rules of the login dialog with the exact messages of spec §5.
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { limits } from '@library/contract';

export const mobilePattern = /^(?:\+?86)?1[3-9]\d{9}$/;

export function loginRules(t: TFunction) {
  const passwordLength: FormRule = {
    min: limits.passwordMin,
    max: limits.passwordMax,
    message: t('validation.passwordLength', { min: limits.passwordMin, max: limits.passwordMax }),
  };
  return {
    account: [{ required: true, whitespace: true, message: t('validation.accountRequired') }],
    mobile: [
      { required: true, whitespace: true, message: t('validation.phoneRequired') },
      { pattern: mobilePattern, message: t('validation.phoneInvalid') },
    ],
    password: [{ required: true, message: t('validation.passwordRequired') }, passwordLength],
    smsCode: [{ required: true, whitespace: true, message: t('validation.codeRequired') }],
    newPassword: [{ required: true, message: t('validation.passwordRequired') }, passwordLength],
  } satisfies Record<string, FormRule[]>;
}
