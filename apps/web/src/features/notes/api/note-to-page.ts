import { useMutation } from '@tanstack/react-query';
import type { NoteToPageRequest, NoteToPageResult } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/note/{id}/toPage`: a page made from the note, at the end of the topic or root. */
export function noteToPage(noteId: string, body: NoteToPageRequest): Promise<NoteToPageResult> {
  return api.post<NoteToPageResult>(`/v1/note/${encodeURIComponent(noteId)}/toPage`, body);
}

export function useNoteToPage() {
  return useMutation({
    mutationFn: ({ noteId, ...body }: NoteToPageRequest & { noteId: string }) =>
      noteToPage(noteId, body),
  });
}
