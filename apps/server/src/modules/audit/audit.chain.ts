// The hash chain of the audit log: each row's hash is sha256 of the hash before it and the
// canonical JSON of the row's own content (keys sorted at every depth, as jsonb gives them back
// in its own order). Shared by the writer (audit.repo.ts) and the verifier (audit.verify.ts).
import crypto from 'node:crypto';

/** The hash the first row of the chain follows. */
export const genesisHash = '0'.repeat(64);

/** What a row's hash covers: everything but its hashes. */
export interface AuditContent {
  id: number;
  at: Date;
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string | null;
  spaceId: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
  device: string | null;
}

/** JSON with every object's keys sorted, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function rowHash(prevHash: string, content: AuditContent): string {
  return crypto
    .createHash('sha256')
    .update(prevHash)
    .update(
      canonicalJson({
        id: content.id,
        at: content.at.toISOString(),
        actorId: content.actorId,
        action: content.action,
        targetType: content.targetType,
        targetId: content.targetId,
        spaceId: content.spaceId,
        before: content.before ?? null,
        after: content.after ?? null,
        address: content.address,
        device: content.device,
      }),
    )
    .digest('hex');
}
