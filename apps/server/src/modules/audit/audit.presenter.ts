// What of an audit row leaves the server: everything but its hashes, ids as strings.
import type { AuditEntry } from '@library/contract';
import type { ListedAuditRow } from './audit.repo.js';

export function presentAuditEntry(row: ListedAuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId === null ? null : String(row.actorId),
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    spaceId: row.spaceId,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
    device: row.device,
  };
}
