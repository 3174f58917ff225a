import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessKey,
  AccessKeyList,
  CreateAccessKeyRequest,
  CreatedAccessKey,
  McpSpaceList,
} from '@library/contract';
import { api } from '../../../lib/api-client';

export const accessKeysQueryKey = ['user', 'accessKeys'] as const;

/** `GET /api/v1/user/accessKey`: my personal access keys (never the keys themselves). */
export async function getAccessKeys(signal?: AbortSignal): Promise<AccessKey[]> {
  const { list } = await api.get<AccessKeyList>('/v1/user/accessKey', { signal });
  return list;
}

export function useAccessKeys() {
  return useQuery(
    queryOptions({ queryKey: accessKeysQueryKey, queryFn: ({ signal }) => getAccessKeys(signal) }),
  );
}

/** The spaces a key may be made for: those I read (`GET /api/v1/mcp/space`, my session). */
export function useKeySpaces(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'accessKeys', 'spaces'],
    queryFn: ({ signal }) =>
      api.get<McpSpaceList>('/v1/mcp/space', { query: { page: 0, pageSize: 100 }, signal }),
    enabled,
  });
}

/** `POST /api/v1/user/accessKey`: the answer holds the key, shown this once. */
export function useCreateAccessKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessKeyRequest) =>
      api.post<CreatedAccessKey>('/v1/user/accessKey', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeysQueryKey }),
  });
}

/** `DELETE /api/v1/user/accessKey/{id}`: the key stops working at once. */
export function useRevokeAccessKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/v1/user/accessKey/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeysQueryKey }),
  });
}
