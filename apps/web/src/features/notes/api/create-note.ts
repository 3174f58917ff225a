import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNoteRequest, Note } from '@library/contract';
import { api } from '../../../lib/api-client';
import { notesQueryKey } from './get-notes';
import { noteQueryKey } from './get-note';

/** `POST /api/v1/note`: a new note (empty, or a kept copy when a delete is undone). */
export function createNote(body: CreateNoteRequest): Promise<Note> {
  return api.post<Note>('/v1/note', body);
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (note) => {
      queryClient.setQueryData(noteQueryKey(note.noteId), note);
      void queryClient.invalidateQueries({ queryKey: notesQueryKey });
    },
  });
}
