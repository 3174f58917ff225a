import type { Note, UpdateNoteRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `PUT /api/v1/note/{id}`: autosave. Silent: the editor shows 'failed, retry' itself instead of
 * a toast per attempt.
 */
export function updateNote(noteId: string, body: UpdateNoteRequest): Promise<Note> {
  return api.put<Note>(`/v1/note/${encodeURIComponent(noteId)}`, body, { silent: true });
}
