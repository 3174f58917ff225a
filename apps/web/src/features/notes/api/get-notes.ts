import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NoteList } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';

export const notesQueryKey = ['notes', 'list'] as const;

/** How many notes the list asks for at once (the contract allows up to 100). */
export const notesPageSize = 100;

/** `GET /api/v1/note`: the user's notes, newest updated first, filtered by keywords. */
export function getNotes(
  query: { keywords: string; page?: number; pageSize?: number },
  options?: Pick<RequestOptions, 'signal' | 'silent'>,
): Promise<NoteList> {
  return api.get<NoteList>('/v1/note', {
    ...options,
    query: {
      keywords: query.keywords || undefined,
      page: query.page ?? 0,
      pageSize: query.pageSize ?? notesPageSize,
    },
  });
}

export function notesQueryOptions(keywords: string) {
  return queryOptions({
    queryKey: [...notesQueryKey, keywords],
    queryFn: ({ signal }) => getNotes({ keywords }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNotes(keywords: string) {
  return useQuery(notesQueryOptions(keywords));
}
