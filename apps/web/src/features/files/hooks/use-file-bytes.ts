// The bytes of a preview, read once through its signed URL (no token: the signature is the
// access). Kept only while the preview is open: they can be large.
import { useQuery } from '@tanstack/react-query';
import { fileKeys } from '../api/file-keys';

export class PreviewFetchError extends Error {
  constructor(readonly status: number) {
    super(`preview answered ${status}`);
    this.name = 'PreviewFetchError';
  }
}

export async function fetchPreviewBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new PreviewFetchError(response.status);
  return response.arrayBuffer();
}

export function useFileBytes(fileId: string, url: string) {
  return useQuery({
    // The URL changes with each signature; the bytes of one file do not.
    queryKey: [...fileKeys.detail(fileId), 'bytes'],
    queryFn: ({ signal }) => fetchPreviewBytes(url, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
