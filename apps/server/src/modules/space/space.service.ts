// Spaces: creating one (with its member groups), reading and changing it, deleting it to the
// recycle bin behind the owner's password; and each user's sidebar grouping of spaces.
import {
  defaultQuotas,
  ErrorCode,
  type CreateSpaceRequest,
  type McpSpaceList,
  type OpenSpaceList,
  type Quotas,
  type SpaceDetail,
  type SpaceGroup,
  type SpaceRole,
  type UpdateSpaceRequest,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { positionBetween, positionsBetween } from '../../lib/position.js';
import { countOwnedSpaces, lockAccount } from '../account/index.js';
import { assertWithinQuota, quotasOf, requireFeature } from '../account/index.js';
import type { AvatarStore } from '../user/index.js';
import { verifyPassword } from '../user/index.js';
import { getUser } from '../user/index.js';
import { recordAudit } from '../audit/index.js';
import { accessSpace } from './space-access.js';
import { rolesInSpaces } from './space-roles.js';
import { highestRole } from './space.policy.js';
import { looksLikeIconPath, spaceIconKey } from './space-icon.js';
import {
  presentOpenSpace,
  presentReadableSpace,
  presentSpace,
  presentSpaceGroup,
  presentSpaceSummary,
} from './space.presenter.js';
import { hiddenFromVisitors, pageKnown } from './visibility.js';
import * as repo from './space.repo.js';

/** The member groups every new space starts with; the creator is the owner. */
export const initialMemberGroups = [
  { name: '所有者', role: 'owner' },
  { name: '管理员', role: 'admin' },
  { name: '编辑者', role: 'editor' },
  { name: '读者', role: 'reader' },
] as const;

/**
 * The name stored for a user's first group. A group still under it is answered `isDefault`, so
 * the web names it in the reader's language; a renamed group keeps the user's own name.
 */
export const defaultGroupName = '我的空间';

/** The user's space groups; a first one is made when the user has none. */
export async function groupsOf(db: Executor, userId: number) {
  const groups = await repo.groupsOfUser(db, userId);
  if (groups.length > 0) return groups;
  return [
    await repo.insertGroup(db, {
      userId,
      name: defaultGroupName,
      position: positionBetween(null, null),
    }),
  ];
}

async function ownGroup(db: Executor, userId: number, groupId: string) {
  const group = (await groupsOf(db, userId)).find((item) => item.id === groupId);
  if (!group) throw new AppError(ErrorCode.dataMissing);
  return group;
}

async function placeAtEnd(db: Executor, userId: number, spaceId: string, groupId: string) {
  const last = await repo.lastPlacementPosition(db, groupId);
  await repo.upsertPlacement(db, {
    userId,
    spaceId,
    groupId,
    position: positionBetween(last, null),
  });
}

export async function createSpace(
  db: Database,
  userId: number,
  input: CreateSpaceRequest,
  site: Quotas = defaultQuotas,
) {
  return db.transaction(async (tx) => {
    await requireFeature(tx, userId, 'createSpace');
    // one creation at a time per account, so two at once cannot both pass the quota
    await lockAccount(tx, userId);
    const quotas = await quotasOf(tx, userId, site);
    assertWithinQuota('spaces', quotas.spaces, await countOwnedSpaces(tx, userId));
    const group = input.groupId
      ? await ownGroup(tx, userId, input.groupId)
      : (await groupsOf(tx, userId))[0]!;
    const space = await repo.insertSpace(tx, {
      name: input.name,
      icon: input.icon ?? null,
      description: input.description ?? '',
      ownerId: userId,
    });
    const positions = positionsBetween(null, null, initialMemberGroups.length);
    for (const [index, initial] of initialMemberGroups.entries()) {
      const memberGroup = await repo.insertMemberGroup(tx, {
        spaceId: space.id,
        name: initial.name,
        role: initial.role,
        position: positions[index]!,
      });
      if (initial.role === 'owner') await repo.addUserMember(tx, memberGroup.id, userId);
    }
    await placeAtEnd(tx, userId, space.id, group.id);
    return space;
  });
}

/**
 * `GET /v3/space/group`: the user's groups with the spaces placed in them. Spaces the user was
 * given access to but never placed show in the first group.
 */
export async function listSpaceGroups(db: Database, userId: number): Promise<SpaceGroup[]> {
  const groups = await groupsOf(db, userId);
  const roles = await rolesInSpaces(db, userId);
  const spaces = new Map((await repo.liveSpaces(db, [...roles.keys()])).map((s) => [s.id, s]));
  const result = groups.map((group) => presentSpaceGroup(group, defaultGroupName));
  const byId = new Map(result.map((group) => [group.groupId, group]));
  const placed = new Set<string>();
  for (const placement of await repo.placementsOfUser(db, userId)) {
    const space = spaces.get(placement.spaceId);
    const role = roles.get(placement.spaceId);
    const group = byId.get(placement.groupId);
    if (!space || !role || !group) continue;
    group.spaceList.push(presentSpaceSummary(space, role));
    placed.add(space.id);
  }
  const unplaced = [...spaces.values()]
    .filter((space) => !placed.has(space.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const space of unplaced)
    result[0]!.spaceList.push(presentSpaceSummary(space, roles.get(space.id)!));
  return result;
}

/** The space's detail as the caller (a user, or null for an anonymous visitor) sees it. */
export async function getSpace(
  db: Executor,
  userId: number | null,
  spaceId: string,
): Promise<SpaceDetail> {
  const { space, role } = await accessSpace(db, userId, spaceId, 'read');
  return presentSpace(space, role, await repo.editorsMayShare(db, spaceId));
}

export async function updateSpace(
  db: Database,
  avatars: AvatarStore,
  userId: number,
  spaceId: string,
  input: UpdateSpaceRequest,
  address: string | null = null,
): Promise<SpaceDetail> {
  // Only the fields the request names change (the web sends what the user changed), and the
  // row is locked while the icon is compared and written: a save and an icon upload (or two
  // saves) at once are applied one after the other, each against the other's result.
  const replacedIconKey = await db.transaction(async (tx) => {
    const { space } = await accessSpace(tx, userId, spaceId, 'manage');
    // opening a space to visitors is 'external access' (spec §6); closing it is always allowed
    if (input.openToVisitors && !space.openToVisitors) {
      await requireFeature(tx, userId, 'spaceExternalAccess');
    }
    const icon = await repo.lockSpaceIcon(tx, spaceId);
    // an uploaded image's path is set by its upload only (it names a stored image)
    if (input.icon && input.icon !== icon && looksLikeIconPath(input.icon)) {
      throw new AppError(ErrorCode.paramError, { detail: 'icon' });
    }
    const updated = await repo.updateSpace(tx, spaceId, input);
    if (!updated) throw new AppError(ErrorCode.dataMissing);
    // opening the space to visitors or closing it is in the audit log; names and icons are not
    if (updated.openToVisitors !== space.openToVisitors) {
      await recordAudit(tx, {
        actorId: userId,
        action: 'space.visitors',
        targetType: 'space',
        targetId: spaceId,
        spaceId,
        before: { openToVisitors: space.openToVisitors },
        after: { openToVisitors: updated.openToVisitors },
        address,
      });
    }
    return updated.icon !== icon ? spaceIconKey(spaceId, icon) : null;
  });
  // an uploaded image the new icon replaces leaves the avatar store (a leftover is harmless)
  if (replacedIconKey) await avatars.remove(replacedIconKey).catch(() => undefined);
  return getSpace(db, userId, spaceId);
}

/** Deletes a space to the recycle bin; only its owner, confirmed by the owner's password. */
export async function deleteSpace(db: Database, userId: number, spaceId: string, password: string) {
  const { space } = await accessSpace(db, userId, spaceId, 'delete');
  const user = await getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(ErrorCode.passwordCheckWrong);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await repo.updateSpace(tx, spaceId, { deletedAt: now, deletedBy: userId });
    await repo.insertRecycleItem(tx, {
      kind: 'space',
      targetId: spaceId,
      spaceId,
      name: space.name,
      deletedBy: userId,
      deletedAt: now,
    });
  });
}

// --- the user's space groups ----------------------------------------------------------------

export async function createGroup(db: Database, userId: number, name: string) {
  const groups = await groupsOf(db, userId);
  return repo.insertGroup(db, {
    userId,
    name,
    position: positionBetween(groups.at(-1)?.position ?? null, null),
  });
}

export async function renameGroup(db: Database, userId: number, groupId: string, name: string) {
  await ownGroup(db, userId, groupId);
  await repo.updateGroup(db, groupId, { name });
}

/** Reorders the user's groups; the list must name each of them exactly once. */
export async function orderGroups(db: Database, userId: number, groupIds: string[]) {
  const groups = await groupsOf(db, userId);
  const own = new Set(groups.map((group) => group.id));
  if (
    groupIds.length !== own.size ||
    new Set(groupIds).size !== own.size ||
    !groupIds.every((id) => own.has(id))
  ) {
    throw new AppError(ErrorCode.paramError, {
      detail: 'groupIds must list each of your groups once',
    });
  }
  const positions = positionsBetween(null, null, groupIds.length);
  await db.transaction(async (tx) => {
    for (const [index, id] of groupIds.entries()) {
      await repo.updateGroup(tx, id, { position: positions[index]! });
    }
  });
}

/** Deletes a group; its spaces move to the end of the first remaining group. */
export async function deleteGroup(db: Database, userId: number, groupId: string) {
  const groups = await groupsOf(db, userId);
  if (!groups.some((group) => group.id === groupId)) throw new AppError(ErrorCode.dataMissing);
  const target = groups.find((group) => group.id !== groupId);
  if (!target)
    throw new AppError(ErrorCode.operationNotAllowed, {
      detail: 'the last group cannot be deleted',
    });
  await db.transaction(async (tx) => {
    const moving = await repo.placementsInGroup(tx, userId, groupId);
    let last = await repo.lastPlacementPosition(tx, target.id);
    for (const placement of moving.sort((a, b) => (a.position < b.position ? -1 : 1))) {
      last = positionBetween(last, null);
      await repo.upsertPlacement(tx, { ...placement, groupId: target.id, position: last });
    }
    await repo.deleteGroup(tx, groupId);
  });
}

/** Moves a space into one of the user's groups, before another space or at the end. */
export async function placeSpace(
  db: Database,
  userId: number,
  spaceId: string,
  groupId: string,
  beforeSpaceId: string | undefined,
) {
  await accessSpace(db, userId, spaceId, 'participate');
  await ownGroup(db, userId, groupId);
  const siblings = (await repo.placementsOfUser(db, userId)).filter(
    (placement) => placement.groupId === groupId && placement.spaceId !== spaceId,
  );
  let position: string;
  if (beforeSpaceId) {
    const index = siblings.findIndex((placement) => placement.spaceId === beforeSpaceId);
    if (index < 0) throw new AppError(ErrorCode.dataMissing);
    position = positionBetween(siblings[index - 1]?.position ?? null, siblings[index]!.position);
  } else {
    position = positionBetween(siblings.at(-1)?.position ?? null, null);
  }
  await repo.upsertPlacement(db, { userId, spaceId, groupId, position });
}

/** `GET /v3/space/openSpace`: the spaces open to visitors, for anyone (visitors included). */
export async function listOpenSpaces(
  db: Database,
  query: { page: number; pageSize: number },
): Promise<OpenSpaceList> {
  const { rows, total } = await repo.openSpaces(db, query.page, query.pageSize);
  return { list: rows.map(presentOpenSpace), total };
}

/**
 * `GET /v1/mcp/space`: the spaces the caller (a user, or null for an anonymous visitor) may read
 * — where a member with the member's role, else open to visitors as 'visitor' —, only among
 * `within` when given (the spaces of the caller's access key).
 */
export async function listReadableSpaces(
  db: Database,
  userId: number | null,
  query: { page: number; pageSize: number },
  within?: readonly string[],
): Promise<McpSpaceList> {
  const roles = userId === null ? new Map<string, SpaceRole>() : await rolesInSpaces(db, userId);
  const { rows, total } = await repo.readableSpaces(
    db,
    [...roles.keys()],
    query.page,
    query.pageSize,
    within,
  );
  return {
    list: rows.map((space) => presentReadableSpace(space, roles.get(space.id) ?? 'visitor')),
    total,
  };
}

/** What the visitor precheck answers: enter as a visitor (0), or the catalogue's reason not to. */
export type VisitorPrecheck =
  | 0
  | typeof ErrorCode.spaceForbidsVisitors
  | typeof ErrorCode.topicForbidsVisitors
  | typeof ErrorCode.visitorAlreadyAuthorised;

/**
 * `GET /v1/mcp/space/{id}/accessControl/visitor`: whether the caller enters the space as a
 * visitor. A member is already authorised (900015, which the catalogue also gives to 'directly
 * visible'); a space that is missing, deleted or not open to visitors forbids visitors (900013)
 * — the same answer for all three, so the precheck tells no one which ids exist. Asked about a
 * node of the space (`nodeId`: a topic, page or link), a node under a topic closed to visitors
 * (or such a topic) answers 900014; a node a visitor cannot see for another reason (missing, in
 * another space, an unpublished page) is missing (404 + 100007), as everywhere else.
 */
export async function visitorPrecheck(
  db: Executor,
  userId: number | null,
  spaceId: string,
  nodeId?: string,
): Promise<VisitorPrecheck> {
  const found = await repo.findLiveSpace(db, spaceId, userId);
  if (found && highestRole(found.roles)) return ErrorCode.visitorAlreadyAuthorised;
  if (!found?.space.openToVisitors) return ErrorCode.spaceForbidsVisitors;
  if (nodeId === undefined) return 0;
  const node = await repo.findLiveNode(db, nodeId, userId);
  if (!node || node.node.spaceId !== spaceId) throw new AppError(ErrorCode.dataMissing);
  if (await hiddenFromVisitors(db, nodeId)) return ErrorCode.topicForbidsVisitors;
  if (!pageKnown('visitor', node.node)) throw new AppError(ErrorCode.dataMissing);
  return 0;
}
