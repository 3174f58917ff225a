import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpaceFile } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';
import { fileKeys } from './file-keys';

/** `GET /api/v3/space/file/{id}`: one file of a space. */
export function getSpaceFile(
  fileId: string,
  options?: Pick<RequestOptions, 'signal' | 'silent'>,
): Promise<SpaceFile> {
  return api.get<SpaceFile>(`/v3/space/file/${encodeURIComponent(fileId)}`, options);
}

export function spaceFileQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: fileKeys.detail(fileId),
    queryFn: ({ signal }) => getSpaceFile(fileId, { signal }),
  });
}

export function useSpaceFile(fileId: string | null) {
  return useQuery({ ...spaceFileQueryOptions(fileId ?? ''), enabled: fileId !== null });
}
