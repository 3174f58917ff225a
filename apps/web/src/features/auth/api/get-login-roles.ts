import type { LoginRoleResponse } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';

/** `GET /api/system/v1/users/loginRole`: the lists the user's system roles come from. */
export function getLoginRoles(
  options?: Pick<RequestOptions, 'signal' | 'silent' | 'timeoutMs'>,
): Promise<LoginRoleResponse> {
  return api.get<LoginRoleResponse>('/system/v1/users/loginRole', options);
}
