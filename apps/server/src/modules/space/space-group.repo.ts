import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { spaceGroups, spaceGroupSpaces, spaces } from '../../db/schema/index.js';

/** The user's space groups with their (not deleted) spaces, both in their stored order. */
export async function listGroupsWithSpaces(db: Executor, userId: number) {
  return db
    .select({
      groupId: spaceGroups.id,
      groupName: spaceGroups.name,
      spaceId: spaces.id,
      spaceName: spaces.name,
      icon: spaces.icon,
      description: spaces.description,
    })
    .from(spaceGroups)
    .leftJoin(spaceGroupSpaces, eq(spaceGroupSpaces.groupId, spaceGroups.id))
    .leftJoin(spaces, and(eq(spaces.id, spaceGroupSpaces.spaceId), isNull(spaces.deletedAt)))
    .where(eq(spaceGroups.userId, userId))
    .orderBy(asc(spaceGroups.position), asc(spaceGroups.id), asc(spaceGroupSpaces.position));
}
