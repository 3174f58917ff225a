import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpaceFile } from '@library/contract';
import { api } from '../../../lib/api-client';
import { fileKeys } from './file-keys';

/** `DELETE /api/v3/space/file/{id}`: moves the file to the recycle bin (restorable there). */
export function deleteSpaceFile(fileId: string): Promise<unknown> {
  return api.delete<unknown>(`/v3/space/file/${encodeURIComponent(fileId)}`);
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
