import { queryOptions, useQuery } from '@tanstack/react-query';
import { spaceAiDetailSchema, type SpaceAiDetail } from '@library/contract';
import { api } from '../../../lib/api-client';
import { aiKeys } from './ai-keys';

/**
 * `GET /api/v1/ai/{spaceId}`: whether the space's AI is on (`chat.id`), its prologue, settings,
 * model and index state. Silent: the chat screen shows its own message when it fails.
 */
export async function getSpaceAi(spaceId: string, signal?: AbortSignal): Promise<SpaceAiDetail> {
  const data: unknown = await api.get(`/v1/ai/${encodeURIComponent(spaceId)}`, {
    signal,
    silent: true,
  });
  return spaceAiDetailSchema.parse(data);
}

export function spaceAiQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: aiKeys.detail(spaceId),
    queryFn: ({ signal }) => getSpaceAi(spaceId, signal),
    retry: false,
  });
}

/** `pollWhilePending`: refetch every 2 s while the index has work waiting (the settings show it). */
export function useSpaceAi(spaceId: string, { pollWhilePending = false } = {}) {
  return useQuery({
    ...spaceAiQueryOptions(spaceId),
    refetchInterval: (query) =>
      pollWhilePending && (query.state.data?.index.pending ?? 0) > 0 ? 2000 : false,
  });
}
