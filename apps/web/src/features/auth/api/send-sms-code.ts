import { useMutation } from '@tanstack/react-query';
import type { SmsCodeRequest, SmsCodeResponse } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/user/smsCode`: sends a verification code to the phone. */
export function sendSmsCode(body: SmsCodeRequest): Promise<SmsCodeResponse> {
  return api.post<SmsCodeResponse>('/v1/user/smsCode', body);
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
