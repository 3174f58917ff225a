import { api } from '../../../lib/api-client';

/** `DELETE /api/v1/user/logout`: revokes this device's token. Silent: logout goes on anyway. */
export function logOutRequest(): Promise<null> {
  return api.delete<null>('/v1/user/logout', { silent: true });
}
