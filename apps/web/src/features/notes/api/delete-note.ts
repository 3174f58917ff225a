import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notesQueryKey } from './get-notes';
import { noteQueryKey } from './get-note';

/** `DELETE /api/v1/note/{id}` */
export function deleteNote(noteId: string): Promise<null> {
  return api.delete<null>(`/v1/note/${encodeURIComponent(noteId)}`);
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_data, noteId) => {
      queryClient.removeQueries({ queryKey: noteQueryKey(noteId) });
      void queryClient.invalidateQueries({ queryKey: notesQueryKey });
    },
  });
}
