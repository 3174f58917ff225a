import type { AdminUser } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `PUT /api/system/v1/users/{id}/role`: the account's system roles, all of them. */
export function setUserRoles(userId: string, roles: string[]) {
  return api.put<AdminUser>(`/system/v1/users/${encodeURIComponent(userId)}/role`, { roles });
}
