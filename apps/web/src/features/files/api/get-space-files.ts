import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FileList } from '@library/contract';
import { api, type RequestOptions } from '../../../lib/api-client';
import { fileKeys } from './file-keys';

const textStatusPollMs = 5000;

export interface SpaceFilesQuery {
  /** 0-based, as the API counts */
  page: number;
  pageSize: number;
  keywords: string;
}

/** `GET /api/v3/space/{spaceId}/file`: the space's file library, newest first. */
export function getSpaceFiles(
  spaceId: string,
  query: SpaceFilesQuery,
  options?: Pick<RequestOptions, 'signal'>,
): Promise<FileList> {
  return api.get<FileList>(`/v3/space/${encodeURIComponent(spaceId)}/file`, {
    ...options,
    query: {
      page: query.page,
      pageSize: query.pageSize,
      keywords: query.keywords || undefined,
    },
  });
}

export function spaceFilesQueryOptions(spaceId: string, query: SpaceFilesQuery) {
  return queryOptions({
    queryKey: fileKeys.list(spaceId, query),
    queryFn: ({ signal }) => getSpaceFiles(spaceId, query, { signal }),
    placeholderData: keepPreviousData,
    // While text is being extracted ('indexing'), look again now and then so the state clears.
    refetchInterval: (current) =>
      current.state.data?.list.some((file) => file.textStatus === 'pending')
        ? textStatusPollMs
        : false,
  });
}

export function useSpaceFiles(spaceId: string, query: SpaceFilesQuery) {
  return useQuery(spaceFilesQueryOptions(spaceId, query));
}
