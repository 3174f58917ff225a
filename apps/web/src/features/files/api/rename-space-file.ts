import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpaceFile } from '@library/contract';
import { api } from '../../../lib/api-client';
import { fileKeys } from './file-keys';

/** `PUT /api/v3/space/file/{id}` `{name}`: renames a file (the bytes stay as they are). */
export function renameSpaceFile({ fileId, name }: { fileId: string; name: string }) {
  return api.put<SpaceFile>(`/v3/space/file/${encodeURIComponent(fileId)}`, { name });
}

export function useRenameSpaceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSpaceFile,
    onSuccess: (file) => {
      queryClient.setQueryData(fileKeys.detail(file.fileId), file);
      return queryClient.invalidateQueries({ queryKey: fileKeys.lists(file.spaceId) });
    },
  });
}
