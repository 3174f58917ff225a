import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteFileResponse, SpaceFile } from '@library/contract';
import { api } from '../../../lib/api-client';
import { fileKeys } from './file-keys';

/**
 * `DELETE /api/v3/space/file/{id}`: moves the file to the recycle bin; answers the recycle
 * item, so the caller can undo through its restore.
 */
export function deleteSpaceFile(fileId: string): Promise<DeleteFileResponse> {
  return api.delete<DeleteFileResponse>(`/v3/space/file/${encodeURIComponent(fileId)}`);
}

export function useDeleteSpaceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: SpaceFile) => deleteSpaceFile(file.fileId),
    onSuccess: (_, file) => {
      queryClient.removeQueries({ queryKey: fileKeys.detail(file.fileId) });
      void queryClient.invalidateQueries({ queryKey: ['recycle'] });
      return queryClient.invalidateQueries({ queryKey: fileKeys.lists(file.spaceId) });
    },
  });
}
