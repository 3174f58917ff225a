import type { AdminUser } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `PUT /api/system/v1/users/{id}/approval`: approved → the account; rejected → removed (null). */
export function decideRegistration(userId: string, approved: boolean) {
  return api.put<AdminUser | null>(`/system/v1/users/${encodeURIComponent(userId)}/approval`, {
    approved,
  });
}
