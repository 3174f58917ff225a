import { z } from 'zod';
import { limits } from '../limits.js';
import { mobilePattern } from '../patterns.js';

// Accounts and login: the spec's calls `POST v1/user/login`, `POST v1/user/smsCode`,
// `POST v1/user/smsCodeRegLogin`, `DELETE v1/user/logout`, `GET v1/user`, `GET v1/user/inviteCode`,
// plus the account-settings calls that follow the same style.

export const userStatuses = [
  'active',
  'pending',
  'disabled',
  'cancelled',
  'suspended',
  'frozen',
] as const;
export type UserStatus = (typeof userStatuses)[number];

export const mobileSchema = z
  .string()
  .trim()
  .regex(mobilePattern, 'invalid mobile number')
  .transform((value) => value.slice(-11));

export const passwordSchema = z
  .string()
  .min(
    limits.passwordMin,
    `length must be ${limits.passwordMin} to ${limits.passwordMax} characters`,
  )
  .max(
    limits.passwordMax,
    `length must be ${limits.passwordMin} to ${limits.passwordMax} characters`,
  );

/** The client descriptor of spec §3: client (web), deviceId, deviceName, version (0.1). */
export const clientDescriptorSchema = z.object({
  client: z.string().trim().min(1).max(32),
  deviceId: z.string().trim().min(1).max(128),
  deviceName: z.string().trim().max(128).default(''),
  version: z.string().trim().max(32).default(''),
});
export type ClientDescriptor = z.infer<typeof clientDescriptorSchema>;

export const loginRequestSchema = z.object({
  account: z.string().trim().min(1, 'account cannot be empty').max(128),
  password: passwordSchema,
  client: clientDescriptorSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const smsCodeRequestSchema = z.object({ mobile: mobileSchema });
export type SmsCodeRequest = z.input<typeof smsCodeRequestSchema>;

export const smsCodeResponseSchema = z.object({
  smsToken: z.string(),
  /** seconds the code stays valid */
  expiresIn: z.number().int(),
  /** seconds until another code may be requested for this phone */
  resendIn: z.number().int(),
});
export type SmsCodeResponse = z.infer<typeof smsCodeResponseSchema>;

export const smsLoginRequestSchema = z.object({
  smsCode: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'verification code must be digits'),
  smsToken: z.string().trim().min(1).max(256),
  client: clientDescriptorSchema,
  inviteCode: z.string().trim().max(64).optional().default(''),
});
export type SmsLoginRequest = z.input<typeof smsLoginRequestSchema>;

export const userInfoSchema = z.object({
  /** the product's own numeric ID, usable as a login account */
  userId: z.string(),
  nickname: z.string(),
  /** root-relative path; the web adds the /api prefix (spec §7 image path rule) */
  avatar: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(userStatuses),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * What came of the invite code an SMS login carried: `friended` with its owner, `already`
 * friends, an `unknown` code, a `disabled` inviter, one's `own` code, or `refused` (the
 * 'add friends' switch or a friend quota).
 */
export const inviteOutcomes = [
  'friended',
  'already',
  'unknown',
  'disabled',
  'own',
  'refused',
] as const;
export type InviteOutcome = (typeof inviteOutcomes)[number];

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userInfoSchema,
  /** true when this SMS login created the account */
  registered: z.boolean(),
  /** when the SMS login carried an invite code */
  invite: z.enum(inviteOutcomes).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const inviteCodeResponseSchema = z.object({ inviteCode: z.string() });
export type InviteCodeResponse = z.infer<typeof inviteCodeResponseSchema>;

/** `GET system/v1/users/loginRole`: roles come from these two lists (spec §6). */
export const loginRoleResponseSchema = z.object({
  devicePolicy: z.array(z.string()),
  deviceMenu: z.array(z.string()),
});
export type LoginRoleResponse = z.infer<typeof loginRoleResponseSchema>;

// --- account settings -------------------------------------------------------------------------

export const updateProfileRequestSchema = z.object({
  nickname: z.string().trim().min(1).max(limits.nicknameMax),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z.object({
  /** required when the account already has a password */
  oldPassword: z.string().max(limits.passwordMax).optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const bindEmailRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
  /** the current password confirms the change when the account has one */
  password: z.string().max(limits.passwordMax).optional(),
});
export type BindEmailRequest = z.input<typeof bindEmailRequestSchema>;

export const deviceSchema = z.object({
  id: z.string(),
  client: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  version: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.object({ list: z.array(deviceSchema) });
