// The audit log: one row per administrative act, membership or sharing change, export, backup,
// login and logout. Append-only — the server never updates or deletes a row (a trigger refuses
// it, migration 0034) — and each row carries the hash of the one before it
// (modules/audit/audit.chain.ts), so `npm run audit:verify` finds a changed or removed row.
// No foreign keys: a row outlives the user or space it names.
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    spaceId: text('space_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    device: text('device'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
    index('audit_log_space_idx').on(table.spaceId, table.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
