// Form rules of the login dialog and the account settings, with the exact messages of spec §5.
// The phone number is checked with the contract's `mobilePattern`, the same rule the server
// applies.
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { limits, mobilePattern } from '@library/contract';

/** True for a mainland mobile number the server accepts (optional +86 / 86 prefix). */
export function isValidMobile(value: string): boolean {
  return mobilePattern.test(value.trim());
}

export function loginRules(t: TFunction) {
  const passwordLength: FormRule = {
    min: limits.passwordMin,
    max: limits.passwordMax,
    message: t('validation.passwordLength', { min: limits.passwordMin, max: limits.passwordMax }),
  };
  const mobileFormat: FormRule = {
    validator: async (_rule, value: unknown) => {
      // an empty field is the required rule's to report
      if (typeof value !== 'string' || value.trim() === '' || isValidMobile(value)) return;
      throw new Error(t('validation.phoneInvalid'));
    },
  };
  return {
    account: [{ required: true, whitespace: true, message: t('validation.accountRequired') }],
    mobile: [
      { required: true, whitespace: true, message: t('validation.phoneRequired') },
      mobileFormat,
    ],
    password: [{ required: true, message: t('validation.passwordRequired') }, passwordLength],
    smsCode: [{ required: true, whitespace: true, message: t('validation.codeRequired') }],
    newPassword: [{ required: true, message: t('validation.passwordRequired') }, passwordLength],
  } satisfies Record<string, FormRule[]>;
}
