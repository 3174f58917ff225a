import { z } from 'zod';
import { keywordsSchema } from '../envelope.js';
import { limits } from '../limits.js';
import { idSchema } from './space.js';

// The address book's friends (spec §1, §7 `GET v1/friend`, `GET v1/friend/group`,
// `PUT v1/friend/inviteCode`): friends with their group and remark, friend groups, requests.

export const friendRemarkMax = 32;
const friendGroupNameSchema = z.string().trim().min(1).max(limits.nicknameMax);

export const friendSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  /** my note on this friend (备注) */
  remark: z.string(),
  groupId: z.string(),
  /** when we became friends */
  createdAt: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

export const friendListQuerySchema = z.object({ keywords: keywordsSchema });
export const friendListSchema = z.object({ list: z.array(friendSchema), total: z.number().int() });
export type FriendList = z.infer<typeof friendListSchema>;

export const friendGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  /** the group new friends go to; the web names it in the reader's language */
  isDefault: z.boolean(),
  friendList: z.array(friendSchema),
});
export type FriendGroup = z.infer<typeof friendGroupSchema>;
export const friendGroupListSchema = z.object({ list: z.array(friendGroupSchema) });

export const inviteCodeRequestSchema = z.object({ inviteCode: z.string().trim().min(1).max(64) });
export const addedFriendSchema = z.object({ friend: friendSchema });

export const friendRequestCreateSchema = z.object({
  /** the other person's phone number, e-mail address or numeric ID, exactly */
  account: z.string().trim().min(1).max(128),
  message: z.string().trim().max(200).default(''),
});

export const friendRequestStates = ['pending', 'accepted', 'declined'] as const;
export const friendRequestSchema = z.object({
  requestId: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  /** the other person */
  user: z.object({ userId: z.string(), nickname: z.string(), avatar: z.string().nullable() }),
  message: z.string(),
  state: z.enum(friendRequestStates),
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;
export const friendRequestListSchema = z.object({
  list: z.array(friendRequestSchema),
  /** incoming requests waiting for an answer, for the badge */
  pendingCount: z.number().int(),
});
/** Sending a request: the request, or the friend at once when the other had asked already. */
export const friendRequestResultSchema = z.object({
  request: friendRequestSchema.nullable(),
  friend: friendSchema.nullable(),
});
export const decideFriendRequestSchema = z.object({ accept: z.boolean() });
export const friendRequestParamsSchema = z.object({ id: idSchema });

export const friendParamsSchema = z.object({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const updateFriendRequestSchema = z
  .object({
    remark: z.string().trim().max(friendRemarkMax),
    groupId: idSchema,
  })
  .partial()
  .refine((body) => body.remark !== undefined || body.groupId !== undefined, {
    message: 'remark or groupId is required',
  });

export const createFriendGroupRequestSchema = z.object({ name: friendGroupNameSchema });
export const renameFriendGroupRequestSchema = z.object({ name: friendGroupNameSchema });
export const orderFriendGroupsRequestSchema = z.object({ groupIds: z.array(idSchema).max(200) });
export const friendGroupParamsSchema = z.object({ id: idSchema });
