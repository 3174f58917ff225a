import { api } from '../../../lib/api-client';

/** `PUT /api/system/v1/users/{id}/password` (8–16 characters); the user's sessions end. */
export function resetUserPassword(userId: string, password: string) {
  return api.put<null>(`/system/v1/users/${encodeURIComponent(userId)}/password`, { password });
}
