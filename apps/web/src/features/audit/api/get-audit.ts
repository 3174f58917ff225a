import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema, type AuditListResponse } from '@library/contract';
import { api } from '../../../lib/api-client';
import { auditKeys, type AuditFilter, type AuditListQuery } from './keys';

/** The filters as query parameters (empty ones left out); the export takes the same. */
export function auditFilterParams(filter: AuditFilter) {
  return {
    actorId: filter.actorId?.trim() || undefined,
    action: filter.action?.trim() || undefined,
    targetType: filter.targetType?.trim() || undefined,
    from: filter.from,
    to: filter.to,
  };
}

/**
 * `GET /api/system/v1/audit` (system administrators): one page (from 0) of the audit log, newest
 * first; `action` matches a prefix (`space.` finds every space act).
 */
export async function getAudit(
  query: AuditListQuery,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  const data = await api.get<unknown>('/system/v1/audit', {
    signal,
    query: { page: query.page, pageSize: query.pageSize, ...auditFilterParams(query) },
  });
  return auditListResponseSchema.parse(data);
}

export function useAudit(query: AuditListQuery) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.list(query),
      queryFn: ({ signal }) => getAudit(query, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
