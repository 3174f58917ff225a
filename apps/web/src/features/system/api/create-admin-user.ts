import type { AdminUser, CreateUserRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/system/v1/users`: an account made by an administrator (state normal). */
export function createAdminUser(body: CreateUserRequest) {
  return api.post<AdminUser>('/system/v1/users', body);
}
