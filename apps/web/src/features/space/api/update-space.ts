import type { SpaceDetail, UpdateSpaceRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `PUT /api/v2/space/{id}` (admins): name, icon, description, open to visitors. */
export function updateSpace(spaceId: string, body: UpdateSpaceRequest) {
  return api.put<SpaceDetail>(`/v2/space/${encodeURIComponent(spaceId)}`, body);
}
