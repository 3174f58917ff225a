import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpenSpaceList } from '@library/contract';
import { api } from '../../../lib/api-client';
import { spaceKeys } from './space-keys';

/** `GET /api/v3/space/openSpace?page&pageSize`: the spaces open to visitors (page from 0). */
export function getOpenSpaces(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get<OpenSpaceList>('/v3/space/openSpace', {
    query: { page, pageSize },
    signal,
    silent: true,
  });
}

export function useOpenSpaces(page: number, pageSize: number) {
  return useQuery({
    queryKey: spaceKeys.openSpaces(page, pageSize),
    queryFn: ({ signal }) => getOpenSpaces(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
