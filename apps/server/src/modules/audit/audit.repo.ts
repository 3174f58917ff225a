// The audit log's rows: appending one at the end of the chain, and reading them back.
import { and, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/database.js';
import { auditLog, userRoles, users, type AuditRow } from '../../db/schema/index.js';
import { genesisHash, rowHash, type AuditContent } from './audit.chain.js';

/**
 * The advisory lock every append takes until its transaction ends, so two acts committing at once
 * never both follow the same row (one number, the audit log's own: "audit" in ASCII).
 */
const appendLockKey = 0x61756469;

export type AuditInsert = Omit<AuditContent, 'id' | 'at'>;

async function appendInTransaction(tx: Executor, entry: AuditInsert): Promise<AuditRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${appendLockKey})`);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  const [next] = await queryRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`,
  );
  if (!next) throw new Error('audit_log: no id from its sequence');
  const content: AuditContent = { ...entry, id: Number(next.id), at: new Date() };
  const prevHash = last?.hash ?? genesisHash;
  const [row] = await tx
    .insert(auditLog)
    .values({ ...content, prevHash, hash: rowHash(prevHash, content) })
    .returning();
  if (!row) throw new Error('audit_log: the row was not written');
  return row;
}

/**
 * Appends a row in the caller's transaction (it commits or rolls back with the act), or in a
 * transaction of its own when handed the database itself (an act without one: a failed login).
 */
export function appendRow(db: Executor, entry: AuditInsert): Promise<AuditRow> {
  if (db instanceof PgTransaction) return appendInTransaction(db, entry);
  return db.transaction((tx) => appendInTransaction(tx, entry));
}

export interface AuditFilter {
  actorId?: number;
  /** the action or any action under it: `user.login` also finds `user.login.failed` */
  action?: string;
  targetType?: string;
  spaceId?: string;
  from?: Date;
  to?: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actorId !== undefined) parts.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) parts.push(like(auditLog.action, `${escapeLike(filter.action)}%`));
  if (filter.targetType) parts.push(eq(auditLog.targetType, filter.targetType));
  if (filter.spaceId) parts.push(eq(auditLog.spaceId, filter.spaceId));
  if (filter.from) parts.push(gte(auditLog.at, filter.from));
  if (filter.to) parts.push(lt(auditLog.at, filter.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

export type ListedAuditRow = AuditRow & { actorName: string | null };

const listedColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  spaceId: auditLog.spaceId,
  before: auditLog.before,
  after: auditLog.after,
  address: auditLog.address,
  device: auditLog.device,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
  actorName: users.nickname,
};

/** Rows matching the filter, newest first, with the actor's current name. */
export function findRows(
  db: Executor,
  filter: AuditFilter,
  window: { limit: number; offset: number },
): Promise<ListedAuditRow[]> {
  return db
    .select(listedColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions(filter))
    .orderBy(desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countRows(db: Executor, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(conditions(filter));
  return row?.total ?? 0;
}

/**
 * The system roles a user holds, read here rather than through the user module: every module
 * records its acts through this one, so this one depends on none of them.
 */
export async function rolesOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}
