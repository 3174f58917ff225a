import { z } from 'zod';
import { keywordsSchema, pageQuerySchema, pageSchema } from '../envelope.js';
import { limits } from '../limits.js';
import { featureNames, quotaNames, type Feature, type QuotaName } from '../permissions.js';
import { systemResources } from '../roles.js';
import { mobileSchema, passwordSchema } from './user.js';

// System administration (spec §2 /sys-manage → /sys/users and /sys/permission): the calls
// under /api/system/v1, administrators' and the holders of a role granted the resource.

/** An account's state as administrators name it; `normal` is the state in which one logs in. */
export const accountStates = [
  'normal',
  'pending',
  'disabled',
  'frozen',
  'suspended',
  'cancelled',
] as const;
export type AccountState = (typeof accountStates)[number];

/** The states an administrator sets (`pending` is left by approving or rejecting). */
export const settableAccountStates = [
  'normal',
  'disabled',
  'frozen',
  'suspended',
  'cancelled',
] as const;

export const adminUserSortFields = ['createdAt', 'lastLoginAt', 'nickname'] as const;

export const adminUserListQuerySchema = pageQuerySchema(limits.gridPageSize, 50).extend({
  keywords: keywordsSchema,
  state: z.enum(accountStates).optional(),
  role: z.string().trim().max(32).optional(),
  sort: z.enum(adminUserSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export type AdminUserListFilter = z.output<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  state: z.enum(accountStates),
  roles: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** bytes of the files this user uploaded that are not purged */
  storageBytes: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = pageSchema(adminUserSchema).extend({
  /** registrations waiting for approval, for the badge */
  pendingCount: z.number().int(),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const userIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const setAccountStateRequestSchema = z.object({ state: z.enum(settableAccountStates) });
export const approvalRequestSchema = z.object({ approved: z.boolean() });

const roleNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'role names are 2 to 32 capitals, digits or _');

export const setUserRolesRequestSchema = z.object({
  roles: z.array(roleNameSchema).max(20),
});

export const createUserRequestSchema = z
  .object({
    nickname: z.string().trim().min(1).max(limits.nicknameMax),
    mobile: mobileSchema.optional(),
    email: z.string().trim().toLowerCase().email().max(254).optional(),
    password: passwordSchema,
    roles: z.array(roleNameSchema).max(20).default([]),
  })
  .refine((body) => body.mobile !== undefined || body.email !== undefined, {
    message: 'a mobile number or an e-mail address is needed',
    path: ['mobile'],
  });
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

export const resetPasswordRequestSchema = z.object({ password: passwordSchema });

const featureShape = Object.fromEntries(featureNames.map((name) => [name, z.boolean()])) as Record<
  Feature,
  z.ZodBoolean
>;
const featureOverrideShape = Object.fromEntries(
  featureNames.map((name) => [name, z.boolean().nullable().optional()]),
) as Record<Feature, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>;

/** Every switch with its value for this account. */
export const featureSwitchesSchema = z.object(featureShape);
/** The switches set for one account or role; null clears one (back to the default). */
export const featureOverridesSchema = z.object(featureOverrideShape).strict();

export const userPermissionResponseSchema = z.object({
  /** what applies: the account's own setting, else what its roles allow */
  features: featureSwitchesSchema,
  /** what is set for this account alone */
  overrides: z.record(z.string(), z.boolean()),
});
export type UserPermissionResponse = z.infer<typeof userPermissionResponseSchema>;
export const setUserPermissionRequestSchema = z.object({ overrides: featureOverridesSchema });

const quotaValue = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const quotaShape = Object.fromEntries(quotaNames.map((name) => [name, quotaValue])) as Record<
  QuotaName,
  typeof quotaValue
>;
const quotaOverrideShape = Object.fromEntries(
  quotaNames.map((name) => [name, quotaValue.nullable().optional()]),
) as Record<QuotaName, z.ZodOptional<z.ZodNullable<typeof quotaValue>>>;

export const quotasSchema = z.object(quotaShape);
/** What is used of the account-wide quotas. */
export const quotaUsageSchema = z.object({
  spaces: z.number().int(),
  personalBytes: z.number(),
  friends: z.number().int(),
  teams: z.number().int(),
});
export type QuotaUsage = z.infer<typeof quotaUsageSchema>;

export const userQuotaResponseSchema = z.object({
  limits: quotasSchema,
  usage: quotaUsageSchema,
  overrides: z.record(z.string(), z.number()),
});
export type UserQuotaResponse = z.infer<typeof userQuotaResponseSchema>;
export const setUserQuotaRequestSchema = z.object({
  overrides: z.object(quotaOverrideShape).strict(),
});

/** `GET /api/v1/user/permission`: the caller's own switches, so the web hides what is off. */
export const myPermissionResponseSchema = z.object({ features: featureSwitchesSchema });
export type MyPermissionResponse = z.infer<typeof myPermissionResponseSchema>;
/** `GET /api/v1/user/quota`: the caller's limits and usage, for the bars in account settings. */
export const myQuotaResponseSchema = z.object({ limits: quotasSchema, usage: quotaUsageSchema });
export type MyQuotaResponse = z.infer<typeof myQuotaResponseSchema>;

// --- roles and resources -------------------------------------------------------------------

export const systemRoleSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** ADMIN and DEFAULT_ROLE: cannot be renamed or deleted */
  builtin: z.boolean(),
  resources: z.array(z.enum(systemResources)),
  /**
   * the switches this role sets (a switch it does not name is decided by the holder's other
   * roles, else by DEFAULT_ROLE, else on)
   */
  features: z.record(z.string(), z.boolean()),
  userCount: z.number().int(),
});
export type SystemRole = z.infer<typeof systemRoleSchema>;
export const systemRoleListResponseSchema = z.object({ list: z.array(systemRoleSchema) });

export const roleParamsSchema = z.object({ name: z.string().trim().min(1).max(32) });

export const createRoleRequestSchema = z.object({
  name: roleNameSchema,
  title: z.string().trim().min(1).max(limits.nicknameMax),
});
export const updateRoleRequestSchema = z
  .object({
    name: roleNameSchema.optional(),
    title: z.string().trim().min(1).max(limits.nicknameMax).optional(),
    /** any name; one outside the catalogue answers 700002 */
    resources: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
    features: featureOverridesSchema.optional(),
  })
  .strict();
export type UpdateRoleRequest = z.input<typeof updateRoleRequestSchema>;

export const systemResourceListResponseSchema = z.object({
  list: z.array(z.object({ key: z.enum(systemResources), kind: z.enum(['menu', 'api']) })),
});
