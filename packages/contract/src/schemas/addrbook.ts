import { z } from 'zod';
import { keywordsSchema, pageQuerySchema, pageSchema } from '../envelope.js';
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

// --- ways into a team, answered once (500002 the second time): a join request through the
// team's join link, answered by a manager; an invitation of a manager's friend, answered by the
// invitee. Accepting adds a 'member' within the root owner's member quotas (7001xx). -----------

/** `GET|PUT /api/v1/team/{id}/joinCode` (managers): the join link; PUT makes a new one. */
export const teamJoinCodeSchema = z.object({
  /** the link's secret: 256 random bits, base64url */
  code: z.string(),
  /** the web address to share: `/addrbook/team/{teamId}?join={code}` */
  link: z.string(),
});
export type TeamJoinCode = z.infer<typeof teamJoinCodeSchema>;

const joinCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'a join code is base64url');
const inviteMessageSchema = z.string().trim().max(200).default('');

/** `GET /api/v1/team/join?code=`: what a join link leads to, before asking to join. */
export const teamJoinPreviewQuerySchema = z.object({ code: joinCodeSchema });

/** `POST /api/v1/team/join`: asks to join the team of the code (a second ask answers the first). */
export const joinTeamRequestSchema = z.object({
  code: joinCodeSchema,
  message: inviteMessageSchema,
});

/** `POST /api/v1/team/{id}/invitation` (managers): invites a friend of the manager. */
export const inviteToTeamRequestSchema = z.object({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  message: inviteMessageSchema,
});

/** `PUT /api/v1/team/joinRequest/{id}`, `PUT /api/v1/team/invitation/{id}`. */
export const answerInviteRequestSchema = z.object({ accept: z.boolean() });
export const teamJoinRequestParamsSchema = z.object({ id: idSchema });
export const teamInvitationParamsSchema = z.object({ id: idSchema });

// --- the address book's 'New invites' (`/addrbook/invite/:inviteId`): friend requests, team
// invitations and join requests in one list, newest first. An inviteId is the id of the row it
// stands for (a uuid; ids of the three kinds never collide), so it is also the id the kind's
// answer call takes: `PUT /api/v1/friend/request/{id}`, `PUT /api/v1/team/invitation/{id}`,
// `PUT /api/v1/team/joinRequest/{id}`. -------------------------------------------------------

export const inviteKinds = ['friendRequest', 'teamInvitation', 'teamJoinRequest'] as const;
export type InviteKind = (typeof inviteKinds)[number];
export const inviteStates = friendRequestStates;
export type InviteState = (typeof inviteStates)[number];

export const inviteUserSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
});
export type InviteUser = z.infer<typeof inviteUserSchema>;

export const addrbookInviteSchema = z.object({
  inviteId: z.string(),
  kind: z.enum(inviteKinds),
  state: z.enum(inviteStates),
  /** received: it waits (or waited) for my answer; sent: I asked or invited */
  direction: z.enum(['received', 'sent']),
  /** who asked: the friend requester, the inviting manager, the user asking to join */
  from: inviteUserSchema,
  /**
   * who answers: the other person of a friend request, the invitee; for a join request the
   * manager who answered it, null while it waits (any manager of the team may answer)
   */
  to: inviteUserSchema.nullable(),
  /** the team of an invitation or join request; null for a friend request */
  team: z.object({ teamId: z.string(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  abilities: z.object({
    /** pending and mine to answer (accept or decline) */
    canAnswer: z.boolean(),
  }),
});
export type AddrbookInvite = z.infer<typeof addrbookInviteSchema>;

export const addrbookInviteListQuerySchema = pageQuerySchema(20);
export type AddrbookInviteListQuery = z.input<typeof addrbookInviteListQuerySchema>;
export const addrbookInviteListSchema = pageSchema(addrbookInviteSchema);
export type AddrbookInviteList = z.infer<typeof addrbookInviteListSchema>;
/** `GET /api/v1/addrbook/invite/count`: what waits for my answer (the sidebar badge). */
export const addrbookInviteCountSchema = z.object({ pending: z.number().int() });
export type AddrbookInviteCount = z.infer<typeof addrbookInviteCountSchema>;
export const addrbookInviteParamsSchema = z.object({ inviteId: idSchema });

/** The answer of `GET /api/v1/team/join?code=`. */
export const teamJoinPreviewSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  /** names of the teams above it, from its root team */
  path: z.array(z.string()),
  memberCount: z.number().int(),
  /** already a member: opening the team is enough */
  isMember: z.boolean(),
  /** my join request waiting for an answer, if any */
  pendingRequest: addrbookInviteSchema.nullable(),
});
export type TeamJoinPreview = z.infer<typeof teamJoinPreviewSchema>;
