import { z } from 'zod';
import { limits } from '../limits.js';

// Spaces, space groups (a user's sidebar grouping) and member groups.

export const spaceRoles = ['owner', 'admin', 'editor', 'reader'] as const;
export type SpaceRole = (typeof spaceRoles)[number];
/**
 * How the caller reaches a space: a member group's role, or 'visitor' — anyone else, logged in
 * or not, reading a space open to visitors (published content only; no comments, no members).
 */
export const spaceAccessRoles = [...spaceRoles, 'visitor'] as const;
export type SpaceAccessRole = (typeof spaceAccessRoles)[number];

/** Names of spaces, groups, topics, pages and links: trimmed, 1–255 characters. */
export const nameSchema = z.string().trim().min(1).max(limits.nameMax);
export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

export const spaceAbilitiesSchema = z.object({
  canRead: z.boolean(),
  canEdit: z.boolean(),
  canManage: z.boolean(),
  canDelete: z.boolean(),
  /** share the space and its pages (admins; editors when the space's 'editors may share' is on) */
  canShare: z.boolean(),
});

export const spaceSummarySchema = z.object({
  spaceId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string(),
  role: z.enum(spaceRoles),
});
export type SpaceSummary = z.infer<typeof spaceSummarySchema>;

export const spaceGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  /**
   * The group the server made as the user's first, still under the name it was given: the web
   * shows it by this flag in the reader's language; once renamed it is the user's own name.
   */
  isDefault: z.boolean(),
  spaceList: z.array(spaceSummarySchema),
});
export type SpaceGroup = z.infer<typeof spaceGroupSchema>;
export const spaceGroupListSchema = z.array(spaceGroupSchema);

export const spaceDetailSchema = z.object({
  spaceId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string(),
  openToVisitors: z.boolean(),
  ownerId: z.string(),
  role: z.enum(spaceAccessRoles),
  abilities: spaceAbilitiesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpaceDetail = z.infer<typeof spaceDetailSchema>;

export const createSpaceRequestSchema = z.object({
  name: nameSchema,
  icon: z.string().trim().max(512).nullable().optional(),
  description: z.string().trim().max(2000).optional().default(''),
  /** the caller's space group to put it in; the first group when omitted */
  groupId: idSchema.optional(),
});
export type CreateSpaceRequest = z.input<typeof createSpaceRequestSchema>;

export const updateSpaceRequestSchema = z
  .object({
    name: nameSchema,
    icon: z.string().trim().max(512).nullable(),
    description: z.string().trim().max(2000),
    openToVisitors: z.boolean(),
  })
  .partial();
export type UpdateSpaceRequest = z.input<typeof updateSpaceRequestSchema>;

/** `DELETE /v2/space/{id}`: the caller's password confirms (spec §3). */
export const deleteSpaceRequestSchema = z.object({
  auth: z.object({
    type: z.literal('password'),
    args: z.object({ password: z.string().min(1).max(limits.passwordMax) }),
  }),
});
export type DeleteSpaceRequest = z.input<typeof deleteSpaceRequestSchema>;

export const createSpaceGroupRequestSchema = z.object({ groupName: nameSchema });
export const renameSpaceGroupRequestSchema = z.object({ groupName: nameSchema });
export const orderSpaceGroupsRequestSchema = z.object({
  groupIds: z.array(idSchema).min(1).max(500),
});
/** Moves a space into a group, before the space `beforeSpaceId` (the end when omitted). */
export const placeSpaceRequestSchema = z.object({
  groupId: idSchema,
  beforeSpaceId: idSchema.optional(),
});

export const memberGroupSchema = z.object({
  memberGroupId: z.string(),
  name: z.string(),
  /** still under the name a new space gave it: the web names it by its role, in the reader's language */
  isDefault: z.boolean(),
  role: z.enum(spaceRoles),
  members: z.array(
    z.object({
      memberType: z.enum(['user', 'team']),
      memberId: z.string(),
      name: z.string(),
      avatar: z.string().nullable(),
      /** a team's people, its sub-teams' included */
      memberCount: z.number().int().optional(),
    }),
  ),
});
export type MemberGroup = z.infer<typeof memberGroupSchema>;
export const memberGroupListSchema = z.object({ list: z.array(memberGroupSchema) });

/**
 * `GET /api/v1/team/{id}/space`: the spaces a team's people reach through it — groups holding the
 * team or a team above it (`viaTeamId`) — that the caller may see.
 */
export const teamSpaceSchema = z.object({
  spaceId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  role: z.enum(spaceRoles),
  memberGroupId: z.string(),
  memberGroupName: z.string(),
  viaTeamId: z.string(),
  viaTeamName: z.string(),
});
export type TeamSpace = z.infer<typeof teamSpaceSchema>;
export const teamSpaceListSchema = z.object({ list: z.array(teamSpaceSchema) });

/** `GET /api/v1/friend/{userId}/space`: the spaces a friend and I are both members of. */
export const sharedSpaceSchema = z.object({
  spaceId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  myRole: z.enum(spaceRoles),
  friendRole: z.enum(spaceRoles),
});
export type SharedSpace = z.infer<typeof sharedSpaceSchema>;
export const sharedSpaceListSchema = z.object({ list: z.array(sharedSpaceSchema) });
export const createMemberGroupRequestSchema = z.object({
  name: nameSchema,
  role: z.enum(['admin', 'editor', 'reader']),
});
export const updateMemberGroupRequestSchema = createMemberGroupRequestSchema
  .partial()
  .refine((body) => body.name !== undefined || body.role !== undefined, {
    message: 'name or role is required',
  });
/**
 * A member for a group: a person by account (a friend is picked by their ID), or a team I am in —
 * everyone in the team and its sub-teams gets the group's role, for as long as they are in it.
 */
export const addMemberRequestSchema = z.discriminatedUnion('memberType', [
  z.object({
    memberType: z.literal('user'),
    /** the user's numeric ID, mobile or e-mail */
    account: z.string().trim().min(1).max(128),
  }),
  z.object({ memberType: z.literal('team'), teamId: idSchema }),
]);
export type AddMemberRequest = z.infer<typeof addMemberRequestSchema>;

/** `GET /v3/space/openSpace?page&pageSize`: spaces open to visitors, newest first; page from 0. */
export const openSpaceListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const openSpaceSchema = z.object({
  spaceId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string(),
  updatedAt: z.string(),
});
export type OpenSpace = z.infer<typeof openSpaceSchema>;
export const openSpaceListSchema = z.object({
  list: z.array(openSpaceSchema),
  total: z.number().int(),
});
export type OpenSpaceList = z.infer<typeof openSpaceListSchema>;

/**
 * `GET /v1/mcp/space?page&pageSize` (the read-only MCP view): the spaces the caller may read —
 * a member's spaces with their role, and every space open to visitors as 'visitor' — the latest
 * changed first; anonymous callers get the open spaces only.
 */
export const mcpSpaceSchema = openSpaceSchema.extend({ role: z.enum(spaceAccessRoles) });
export type McpSpace = z.infer<typeof mcpSpaceSchema>;
/**
 * `GET /v1/mcp/space/{id}/accessControl/visitor`: optionally about one node of the space (a
 * topic, page or link): 900014 when it lies under a topic closed to visitors.
 */
export const visitorPrecheckQuerySchema = z.object({ nodeId: idSchema.optional() });

export const mcpSpaceListSchema = z.object({
  list: z.array(mcpSpaceSchema),
  total: z.number().int(),
});
export type McpSpaceList = z.infer<typeof mcpSpaceListSchema>;

/**
 * `GET /api/v2/space/{id}/people?keywords=`: people of the space to mention (members, directly
 * or through a team), the caller's friends first, then people sharing a team with the caller;
 * `userIds=1,2` names those of them (a page's mentions).
 */
export const spacePeopleQuerySchema = z.object({
  keywords: z.string().trim().max(100).default(''),
  userIds: z
    .string()
    .regex(/^\d{1,18}(,\d{1,18}){0,19}$/)
    .transform((value) => value.split(',').map(Number))
    .optional(),
});
export type SpacePeopleQuery = z.input<typeof spacePeopleQuerySchema>;

export const spacePersonSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  friend: z.boolean(),
});
export type SpacePerson = z.infer<typeof spacePersonSchema>;

export const spacePeopleSchema = z.object({ list: z.array(spacePersonSchema) });
export type SpacePeople = z.infer<typeof spacePeopleSchema>;
