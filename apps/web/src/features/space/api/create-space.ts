import type { CreateSpaceRequest, SpaceDetail } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v2/space` → the new space (the creator owns it). */
export function createSpace(body: CreateSpaceRequest) {
  return api.post<SpaceDetail>('/v2/space', body);
}
