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

// --- teams (nested; spec §6: the creator cannot be removed nor their role changed, a team moves
// only inside its own root team and never under its own descendant) --------------------------

export const teamRoles = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];
const teamNameSchema = z.string().trim().min(1).max(64);

export const teamSchema = z.object({
  teamId: z.string(),
  parentId: z.string().nullable(),
  /** the root team of its tree */
  rootId: z.string(),
  name: z.string(),
  ownerId: z.string(),
  /** my role in this team, null when I am in another team of the tree */
  myRole: z.enum(teamRoles).nullable(),
  /** whether I may change it (its or an ancestor's owner or admin) */
  canManage: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;
/** Every team of the trees I am in, flat, parents before children. */
export const teamListSchema = z.object({ list: z.array(teamSchema) });

export const teamMemberSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(teamRoles),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamDetailSchema = teamSchema.extend({ members: z.array(teamMemberSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const createTeamRequestSchema = z.object({
  name: teamNameSchema,
  parentId: idSchema.nullable().optional(),
});
export const renameTeamRequestSchema = z.object({ name: teamNameSchema });
export const moveTeamRequestSchema = z.object({ parentId: idSchema });
export const teamParamsSchema = z.object({ id: idSchema });
export const teamMemberParamsSchema = z.object({
  id: idSchema,
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const addTeamMemberRequestSchema = z.object({
  /** a friend of the one adding */
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  role: z.enum(['admin', 'member']).default('member'),
});
export const setTeamMemberRoleRequestSchema = z.object({ role: z.enum(['admin', 'member']) });
