import type { AdminUser, settableAccountStates } from '@library/contract';
import { api } from '../../../lib/api-client';

export type SettableState = (typeof settableAccountStates)[number];

/** `PUT /api/system/v1/users/{id}/state`; any state but normal ends the user's sessions at once. */
export function setUserState(userId: string, state: SettableState) {
  return api.put<AdminUser>(`/system/v1/users/${encodeURIComponent(userId)}/state`, { state });
}
