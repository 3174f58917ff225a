import { z } from 'zod';
import { idSchema } from './space.js';

// Personal access keys: read-only keys for MCP clients, made by a user in account
// settings, scoped to chosen spaces, revocable, shown once.

export const accessKeyNameMax = 50;
export const accessKeySpacesMax = 50;

export const createAccessKeyRequestSchema = z.object({
  name: z.string().trim().min(1).max(accessKeyNameMax),
  /** the spaces the key may read: spaces the user may read now (members or open spaces) */
  spaceIds: z.array(idSchema).min(1).max(accessKeySpacesMax),
});
export type CreateAccessKeyRequest = z.infer<typeof createAccessKeyRequestSchema>;

export const accessKeySchema = z.object({
  keyId: z.string(),
  name: z.string(),
  /** the key's first characters, to tell keys apart */
  hint: z.string(),
  spaces: z.array(z.object({ spaceId: z.string(), name: z.string() })),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessKey = z.infer<typeof accessKeySchema>;

export const accessKeyListSchema = z.object({ list: z.array(accessKeySchema) });
export type AccessKeyList = z.infer<typeof accessKeyListSchema>;

/** The answer to making a key: the key itself, shown this once and never again. */
export const createdAccessKeySchema = z.object({ key: accessKeySchema, token: z.string() });
export type CreatedAccessKey = z.infer<typeof createdAccessKeySchema>;
