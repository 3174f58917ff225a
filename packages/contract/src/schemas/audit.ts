import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { limits } from '../limits.js';

// The audit log (docs/api.md, "Audit log"): what was done, by whom, to what, from where.
//
// The calls (system administrators, the ADMIN role, only):
//   GET /api/system/v1/audit ?page&pageSize&actorId&action&targetType&from&to → AuditListResponse
//   GET /api/system/v1/audit/export ?actorId&action&targetType&from&to        → CSV (UTF-8, BOM)
// and, for a space's admins and owner, that space's rows:
//   GET /api/v2/space/{spaceId}/audit ?page&pageSize&action&from&to            → AuditListResponse
//
// `action` is dotted (`user.login`, `user.login.failed`, `admin.user.state` …) and filters by
// prefix: `user.login` also finds `user.login.failed`.

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** null: nobody logged in (a failed login) */
  actorId: z.string().nullable(),
  /** the actor's name now; null when the account is gone */
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  spaceId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string().nullable(),
  device: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditExportQuerySchema = z.object({
  actorId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(50).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

export const auditListQuerySchema = pageQuerySchema(limits.gridPageSize, 100).extend(
  auditExportQuerySchema.shape,
);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListFilter = z.output<typeof auditListQuerySchema>;

export const auditListResponseSchema = pageSchema(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** A space's own rows (`GET /v2/space/{spaceId}/audit`), for its admins and owner. */
export const spaceAuditQuerySchema = pageQuerySchema(limits.gridPageSize, 100).extend({
  action: auditExportQuerySchema.shape.action,
  from: auditExportQuerySchema.shape.from,
  to: auditExportQuerySchema.shape.to,
});
export type SpaceAuditQuery = z.input<typeof spaceAuditQuerySchema>;
export type SpaceAuditFilter = z.output<typeof spaceAuditQuerySchema>;
