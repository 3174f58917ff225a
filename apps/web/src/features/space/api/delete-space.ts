import type { DeleteSpaceRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `DELETE /api/v2/space/{id}` (owner), confirmed by the caller's password (spec §3, §5). */
export function deleteSpace(spaceId: string, password: string) {
  const body: DeleteSpaceRequest = { auth: { type: 'password', args: { password } } };
  return api.delete<unknown>(`/v2/space/${encodeURIComponent(spaceId)}`, { body });
}
