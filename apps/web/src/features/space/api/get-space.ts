import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpaceDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { spaceKeys } from './space-keys';

/**
 * `GET /api/v2/space/{id}`. Silent: a failure shows the spec §8 'space info load failure'
 * message in the space view instead of the generic toast.
 */
export function getSpace(spaceId: string, signal?: AbortSignal) {
  return api.get<SpaceDetail>(`/v2/space/${encodeURIComponent(spaceId)}`, { signal, silent: true });
}

function isSpaceDetail(value: unknown): value is SpaceDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { spaceId?: unknown }).spaceId === 'string' &&
    typeof (value as { abilities?: unknown }).abilities === 'object'
  );
}

export function spaceQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.detail(spaceId),
    queryFn: async ({ signal }) => {
      const data: unknown = await getSpace(spaceId, signal);
      // 'also when no valid data is returned' (spec §8)
      if (!isSpaceDetail(data)) throw new Error('invalid space detail');
      return data;
    },
    retry: false,
  });
}

export function useSpace(spaceId: string) {
  return useQuery(spaceQueryOptions(spaceId));
}
