// Recording acts in the audit log and reading it back (the list and its CSV export).
import type {
  AuditExportQuery,
  AuditListFilter,
  AuditListResponse,
  SpaceAuditFilter,
} from '@library/contract';
import type { Executor } from '../../db/database.js';
import { csvDocument } from '../../lib/csv.js';
import { presentAuditEntry } from './audit.presenter.js';
import * as repo from './audit.repo.js';

/** One act, as its caller describes it. */
export interface AuditEntryInput {
  /** who did it; null when nobody is logged in (a failed login) */
  actorId: number | null;
  /** dotted, most general first: `user.login`, `user.login.failed`, `admin.user.state` … */
  action: string;
  /** what kind of thing it was done to: `user`, `space`, `share` … */
  targetType: string;
  targetId: string | number | null;
  spaceId?: string | null;
  before?: unknown;
  after?: unknown;
  /** the client's address */
  address?: string | null;
  /** the client's device, as its login named it */
  device?: string | null;
}

/** A value as jsonb will give it back (dates become strings, undefined disappears). */
const asJson = (value: unknown) =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * Records an act. Pass the act's own transaction: the row commits with the act or not at all.
 * Handed the database itself, it writes the row in a transaction of its own. Call it after the
 * act's own writes: it holds the log's lock until the transaction ends, and an act that took the
 * lock first and then waited on a row held by another act waiting for the lock would deadlock.
 * The transaction must be READ COMMITTED (the default), so that it sees the row appended last.
 */
export async function recordAudit(tx: Executor, entry: AuditEntryInput): Promise<void> {
  await repo.appendRow(tx, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    spaceId: entry.spaceId ?? null,
    before: asJson(entry.before),
    after: asJson(entry.after),
    address: entry.address ?? null,
    device: entry.device ?? null,
  });
}

function filterOf(query: Omit<AuditListFilter, 'page' | 'pageSize'>): repo.AuditFilter {
  return {
    actorId: query.actorId,
    action: query.action || undefined,
    targetType: query.targetType || undefined,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

export function listAudit(db: Executor, query: AuditListFilter): Promise<AuditListResponse> {
  return listRows(db, filterOf(query), query);
}

/**
 * One space's rows, newest first. The caller has checked that the reader manages the space (the
 * space module, which records its acts here and so may depend on this one, not the other way).
 */
export function listSpaceAudit(
  db: Executor,
  spaceId: string,
  query: SpaceAuditFilter,
): Promise<AuditListResponse> {
  return listRows(db, { ...filterOf(query), spaceId }, query);
}

async function listRows(
  db: Executor,
  filter: repo.AuditFilter,
  query: { page: number; pageSize: number },
): Promise<AuditListResponse> {
  const [rows, total] = await Promise.all([
    repo.findRows(db, filter, { limit: query.pageSize, offset: query.page * query.pageSize }),
    repo.countRows(db, filter),
  ]);
  return {
    list: rows.map(presentAuditEntry),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** the most rows one export holds (the orders export's limit) */
export const exportLimit = 50_000;

const csvColumns = [
  'id',
  'at',
  'actorId',
  'actor',
  'action',
  'targetType',
  'targetId',
  'spaceId',
  'before',
  'after',
  'address',
  'device',
] as const;

/** Every matching row, newest first, as CSV with the orders export's rules for cells. */
export async function exportAuditCsv(db: Executor, query: AuditExportQuery): Promise<string> {
  const rows = await repo.findRows(
    db,
    filterOf({
      ...query,
      actorId: query.actorId === undefined ? undefined : Number(query.actorId),
    }),
    { limit: exportLimit, offset: 0 },
  );
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return csvDocument(
    csvColumns,
    rows.map((row) => [
      row.id,
      row.at.toISOString(),
      row.actorId,
      row.actorName,
      row.action,
      row.targetType,
      row.targetId,
      row.spaceId,
      json(row.before),
      json(row.after),
      row.address,
      row.device,
    ]),
  );
}
