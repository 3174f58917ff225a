import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Note } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';

export const noteQueryKey = (noteId: string) => ['notes', 'one', noteId] as const;

/** `GET /api/v1/note/{id}`: one note with its whole text and blocks. */
export function getNote(noteId: string, options?: Pick<RequestOptions, 'signal'>): Promise<Note> {
  return api.get<Note>(`/v1/note/${encodeURIComponent(noteId)}`, options);
}

export function noteQueryOptions(noteId: string) {
  return queryOptions({
    queryKey: noteQueryKey(noteId),
    queryFn: ({ signal }) => getNote(noteId, { signal }),
    // the open editor owns the text; a background refetch must not overwrite typing
    staleTime: Infinity,
  });
}

export function useNote(noteId: string | null) {
  return useQuery({ ...noteQueryOptions(noteId ?? ''), enabled: noteId !== null });
}
