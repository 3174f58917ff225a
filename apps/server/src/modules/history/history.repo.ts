// Drizzle queries of the history: one row per user and visited space or page (the last visit);
// every query is scoped to the visit's user (history.policy.ts).
import { and, count, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { HistoryTargetType } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { pageVersions, spaceNodes, spaces, users, visits } from '../../db/schema/index.js';
import { ownVisitsSql } from './history.policy.js';

export async function upsertVisit(db: Executor, values: typeof visits.$inferInsert) {
  await db
    .insert(visits)
    .values(values)
    .onConflictDoUpdate({
      target: [visits.userId, visits.targetType, visits.targetId],
      set: { visitedAt: values.visitedAt, spaceId: values.spaceId },
    });
}

const visitedSpace = eq(spaces.id, visits.spaceId);
const visitedPage = and(
  eq(visits.targetType, 'page'),
  eq(spaceNodes.id, visits.targetId),
  eq(spaceNodes.type, 'page'),
);

/**
 * The user's visits whose target is still live, newest first, within `readableSpaceIds` (the
 * spaces the user holds a role in; any role reads).
 */
export async function listLiveVisits(
  db: Executor,
  userId: number,
  readableSpaceIds: string[],
  options: { page: number; pageSize: number },
) {
  if (readableSpaceIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    ownVisitsSql(userId),
    inArray(visits.spaceId, readableSpaceIds),
    isNull(spaces.deletedAt),
    or(
      eq(visits.targetType, 'space'),
      and(isNull(spaceNodes.deletedAt), eq(spaceNodes.spaceId, visits.spaceId)),
    ),
  );
  const rows = await db
    .select({
      targetType: visits.targetType,
      targetId: visits.targetId,
      spaceId: visits.spaceId,
      visitedAt: visits.visitedAt,
      spaceName: spaces.name,
      spaceIcon: spaces.icon,
      pageName: spaceNodes.name,
      pageAvatar: spaceNodes.avatar,
    })
    .from(visits)
    .innerJoin(spaces, visitedSpace)
    .leftJoin(spaceNodes, visitedPage)
    .where(where)
    .orderBy(desc(visits.visitedAt), desc(visits.targetId))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await db
    .select({ value: count() })
    .from(visits)
    .innerJoin(spaces, visitedSpace)
    .leftJoin(spaceNodes, visitedPage)
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export type VisitRow = Awaited<ReturnType<typeof listLiveVisits>>['rows'][number];

export async function deleteVisit(
  db: Executor,
  userId: number,
  targetType: HistoryTargetType,
  targetId: string,
) {
  const rows = await db
    .delete(visits)
    .where(
      and(ownVisitsSql(userId), eq(visits.targetType, targetType), eq(visits.targetId, targetId)),
    )
    .returning({ targetId: visits.targetId });
  return rows.length > 0;
}

export async function clearVisits(db: Executor, userId: number) {
  await db.delete(visits).where(ownVisitsSql(userId));
}

/**
 * The visited pages of `readableSpaceIds` whose published version came after the user's last
 * visit, from someone else; the latest first.
 */
export async function changedSinceVisit(
  db: Executor,
  userId: number,
  readableSpaceIds: string[],
  limit: number,
) {
  if (readableSpaceIds.length === 0) return [];
  return db
    .select({
      pageId: spaceNodes.id,
      spaceId: spaces.id,
      spaceName: spaces.name,
      title: spaceNodes.name,
      avatar: spaceNodes.avatar,
      version: pageVersions.version,
      versionName: pageVersions.name,
      publishedAt: pageVersions.createdAt,
      publisherId: pageVersions.createdBy,
      publisherNickname: users.nickname,
      publisherAvatarKey: users.avatarKey,
      visitedAt: visits.visitedAt,
    })
    .from(visits)
    .innerJoin(spaceNodes, visitedPage)
    .innerJoin(spaces, visitedSpace)
    .innerJoin(
      pageVersions,
      and(
        eq(pageVersions.pageId, spaceNodes.id),
        eq(pageVersions.version, spaceNodes.publishedVersion),
      ),
    )
    .innerJoin(users, eq(users.id, pageVersions.createdBy))
    .where(
      and(
        ownVisitsSql(userId),
        inArray(visits.spaceId, readableSpaceIds),
        isNull(spaces.deletedAt),
        isNull(spaceNodes.deletedAt),
        gt(pageVersions.createdAt, visits.visitedAt),
        ne(pageVersions.createdBy, userId),
      ),
    )
    .orderBy(desc(pageVersions.createdAt))
    .limit(limit);
}
