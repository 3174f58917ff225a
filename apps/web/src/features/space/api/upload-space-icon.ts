import type { SpaceDetail } from '@library/contract';
import { api } from '../../../lib/api-client';

const uploadTimeoutMs = 60_000;

/**
 * `POST /api/v2/space/{id}/icon` (admins): multipart field `file`, one PNG, JPEG, GIF or WebP of
 * at most `limits.avatarMaxBytes`; the space's icon becomes the image's path.
 */
export function uploadSpaceIcon(spaceId: string, file: Blob): Promise<SpaceDetail> {
  const form = new FormData();
  form.append('file', file);
  return api.post<SpaceDetail>(`/v2/space/${encodeURIComponent(spaceId)}/icon`, form, {
    timeoutMs: uploadTimeoutMs,
  });
}
