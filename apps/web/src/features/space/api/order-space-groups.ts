import { api } from '../../../lib/api-client';

/** `PUT /api/v3/space/group/order`: every group of the caller exactly once. */
export function orderSpaceGroups(groupIds: string[]) {
  return api.put<unknown>('/v3/space/group/order', { groupIds });
}
