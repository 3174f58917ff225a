import type { SpaceAccessRole, SpaceDetail, SpaceRole, SpaceSummary } from '@library/contract';
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
