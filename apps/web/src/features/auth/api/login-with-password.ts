import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/user/login`: account (phone, e-mail or user ID) and password. */
export function loginWithPassword(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/v1/user/login', body);
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
