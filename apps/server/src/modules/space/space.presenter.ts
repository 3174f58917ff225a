// What leaves the server about spaces: a space with what the caller may do in it, the sidebar's
// groups and summaries, and the lists of open and readable spaces.
import type {
  McpSpaceList,
  OpenSpaceList,
  SpaceAccessRole,
  SpaceDetail,
  SpaceGroup,
  SpaceRole,
  SpaceSummary,
} from '@library/contract';
import type { SpaceRow } from './space-access.js';
import { spaceAbilities } from './space.policy.js';

export function presentSpaceSummary(space: SpaceRow, role: SpaceRole): SpaceSummary {
  return {
    spaceId: space.id,
    name: space.name,
    icon: space.icon,
    description: space.description,
    role,
  };
}

/** `editorsMayShare`: the space's share setting (whether its editors may share). */
export function presentSpace(
  space: SpaceRow,
  role: SpaceAccessRole,
  editorsMayShare: boolean,
): SpaceDetail {
  return {
    spaceId: space.id,
    name: space.name,
    icon: space.icon,
    description: space.description,
    openToVisitors: space.openToVisitors,
    ownerId: String(space.ownerId),
    role,
    abilities: spaceAbilities(role, editorsMayShare),
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
  };
}

/**
 * One of a user's sidebar groups, its spaces still to be placed; a group still under the name
 * stored for a user's first group is the default one.
 */
export function presentSpaceGroup(
  group: { id: string; name: string },
  defaultGroupName: string,
): SpaceGroup {
  return {
    groupId: group.id,
    groupName: group.name,
    isDefault: group.name === defaultGroupName,
    spaceList: [],
  };
}

/** A space open to visitors, as anyone (visitors included) finds it. */
export function presentOpenSpace(space: SpaceRow): OpenSpaceList['list'][number] {
  return {
    spaceId: space.id,
    name: space.name,
    icon: space.icon,
    description: space.description,
    updatedAt: space.updatedAt.toISOString(),
  };
}

/** A space the caller may read, with the role they read it in ('visitor' for non-members). */
export function presentReadableSpace(
  space: SpaceRow,
  role: SpaceAccessRole,
): McpSpaceList['list'][number] {
  return { ...presentOpenSpace(space), role };
}
