import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, SmsLoginRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/user/smsCodeRegLogin`: logs in by SMS code, registering unknown phones. */
export function loginWithSmsCode(body: SmsLoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/v1/user/smsCodeRegLogin', body);
}

export function useLoginWithSmsCode() {
  return useMutation({ mutationFn: loginWithSmsCode });
}
