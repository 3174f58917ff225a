import { queryOptions, useQuery } from '@tanstack/react-query';
import { filePreviewTtlSeconds, type FilePreviewUrl } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';
import { fileKeys } from './file-keys';

/**
 * `GET /api/v3/space/file/{id}/previewUrl`: a signed, root-relative `/preview/…` URL valid for a
 * few minutes and only for the caller; the bytes of every preview are read through it.
 */
export function getFilePreviewUrl(
  fileId: string,
  options?: Pick<RequestOptions, 'signal' | 'silent'>,
): Promise<FilePreviewUrl> {
  return api.get<FilePreviewUrl>(
    `/v3/space/file/${encodeURIComponent(fileId)}/previewUrl`,
    options,
  );
}

// Refetched well before the signature expires, so an open preview never holds a dead URL.
const freshForMs = (filePreviewTtlSeconds * 1000) / 2;

export function filePreviewUrlQueryOptions(fileId: string) {
  return queryOptions({
    queryKey: fileKeys.previewUrl(fileId),
    queryFn: ({ signal }) => getFilePreviewUrl(fileId, { signal }),
    staleTime: freshForMs,
    gcTime: freshForMs,
  });
}

export function useFilePreviewUrl(fileId: string) {
  return useQuery(filePreviewUrlQueryOptions(fileId));
}
