// The audit log's query keys and the filters its calls take.

/** The system screen's filters (empty ones left out of the query). */
export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  from?: string;
  to?: string;
}

export interface AuditListQuery extends AuditFilter {
  page: number;
  pageSize: number;
}

/** A space's rows: the space's admins and owner see these in the space settings. */
export interface SpaceAuditQuery {
  page: number;
  pageSize: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditListQuery) => ['audit', 'list', query] as const,
  space: (spaceId: string, query: SpaceAuditQuery) => ['audit', 'space', spaceId, query] as const,
};
