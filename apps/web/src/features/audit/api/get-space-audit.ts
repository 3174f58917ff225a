import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema, type AuditListResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { auditKeys, type SpaceAuditQuery } from './keys';

/** `GET /api/v2/space/{spaceId}/audit` (the space's admins and owner): its rows, newest first. */
export async function getSpaceAudit(
  spaceId: string,
  query: SpaceAuditQuery,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  const data = await api.get<unknown>(`/v2/space/${spaceId}/audit`, {
    signal,
    query: { page: query.page, pageSize: query.pageSize },
  });
  return auditListResponseSchema.parse(data);
}

export function useSpaceAudit(spaceId: string, query: SpaceAuditQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.space(spaceId, query),
      queryFn: ({ signal }) => getSpaceAudit(spaceId, query, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled,
    }),
  );
}
