// Query keys of the files feature: every list of a space, one file, one preview URL.
import type { FileListQuery } from '@library/contract';

export const fileKeys = {
  all: ['files'] as const,
  lists: (spaceId: string) => ['files', 'list', spaceId] as const,
  list: (spaceId: string, query: FileListQuery) => ['files', 'list', spaceId, query] as const,
  detail: (fileId: string) => ['files', 'detail', fileId] as const,
  previewUrl: (fileId: string) => ['files', 'previewUrl', fileId] as const,
};
