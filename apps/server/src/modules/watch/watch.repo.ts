// Drizzle queries of watches, and of what a notice of a comment or a published version needs.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WatchTargetType } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { comments, pageVersions, spaceNodes, watches } from '../../db/schema/index.js';

export async function setWatch(
  db: Executor,
  values: {
    userId: number;
    targetType: WatchTargetType;
    targetId: string;
    spaceId: string;
    watching: boolean;
  },
) {
  await db
    .insert(watches)
    .values(values)
    .onConflictDoUpdate({
      target: [watches.userId, watches.targetType, watches.targetId],
      set: { watching: values.watching },
    });
}

export async function watchOf(
  db: Executor,
  userId: number,
  targetType: WatchTargetType,
  targetId: string,
) {
  const [row] = await db
    .select({ watching: watches.watching })
    .from(watches)
    .where(
      and(
        eq(watches.userId, userId),
        eq(watches.targetType, targetType),
        eq(watches.targetId, targetId),
      ),
    );
  return row?.watching;
}

/** Every watch row on these targets (watching or, for an author, not). */
export async function watchesOn(db: Executor, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return db
    .select({
      userId: watches.userId,
      targetType: watches.targetType,
      targetId: watches.targetId,
      watching: watches.watching,
    })
    .from(watches)
    .where(inArray(watches.targetId, targetIds));
}

/** The page (or topic) and the topics above it. `union` stops even on a cycle. */
export async function nodeAndAncestors(db: Executor, nodeId: string): Promise<string[]> {
  const rows = await db.select({ id: spaceNodes.id }).from(spaceNodes)
    .where(sql`${spaceNodes.id} in (
      with recursive up(id, parent_id) as (
        select id, parent_id from space_nodes where id = ${nodeId}
        union
        select n.id, n.parent_id from space_nodes n join up on n.id = up.parent_id
      )
      select id from up)`);
  return rows.map((row) => row.id);
}

const parents = alias(comments, 'parent');

/** A live comment on a live page, with what a notice of it needs; undefined when either is gone. */
export async function commentNotice(db: Executor, commentId: string) {
  const [row] = await db
    .select({
      commentId: comments.id,
      content: comments.content,
      blockId: comments.blockId,
      authorId: comments.createdBy,
      parentAuthorId: parents.createdBy,
      pageId: spaceNodes.id,
      pageName: spaceNodes.name,
      pageCreatorId: spaceNodes.createdBy,
      spaceId: spaceNodes.spaceId,
    })
    .from(comments)
    .innerJoin(spaceNodes, eq(spaceNodes.id, comments.pageId))
    .leftJoin(parents, and(eq(parents.id, comments.parentId), isNull(parents.deletedAt)))
    .where(
      and(eq(comments.id, commentId), isNull(comments.deletedAt), isNull(spaceNodes.deletedAt)),
    );
  return row;
}

/** A published version of a live page, with what a notice of it needs. */
export async function publishNotice(db: Executor, pageId: string, version: number) {
  const [row] = await db
    .select({
      pageId: spaceNodes.id,
      pageName: spaceNodes.name,
      pageCreatorId: spaceNodes.createdBy,
      spaceId: spaceNodes.spaceId,
      versionName: pageVersions.name,
      publisherId: pageVersions.createdBy,
    })
    .from(pageVersions)
    .innerJoin(spaceNodes, eq(spaceNodes.id, pageVersions.pageId))
    .where(
      and(
        eq(pageVersions.pageId, pageId),
        eq(pageVersions.version, version),
        isNull(spaceNodes.deletedAt),
      ),
    );
  return row;
}

/** A live page, with what a notice of a mention in it needs. */
export async function pageNotice(db: Executor, pageId: string) {
  const [row] = await db
    .select({ pageName: spaceNodes.name, spaceId: spaceNodes.spaceId })
    .from(spaceNodes)
    .where(and(eq(spaceNodes.id, pageId), isNull(spaceNodes.deletedAt)));
  return row;
}
