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

export function presentSpace(space: SpaceRow, role: SpaceAccessRole): SpaceDetail {
  return {
    spaceId: space.id,
    name: space.name,
    icon: space.icon,
    description: space.description,
    openToVisitors: space.openToVisitors,
    ownerId: String(space.ownerId),
    role,
    abilities: spaceAbilities(role),
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
  };
}
