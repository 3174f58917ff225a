// Drizzle queries for page comments.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { comments } from '../../db/schema/index.js';

export type CommentRow = typeof comments.$inferSelect;

/** Every comment of the page, deleted ones too (they may hold live replies), oldest first. */
export async function commentsOfPage(db: Executor, pageId: string): Promise<CommentRow[]> {
  return db
    .select()
    .from(comments)
    .where(eq(comments.pageId, pageId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function findLiveComment(db: Executor, commentId: string) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
    .limit(1);
  return row;
}

export async function insertComment(db: Executor, values: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('comment insert returned no row');
  return row;
}

/** Changes a live comment; undefined when it is gone. */
export async function updateLiveComment(
  db: Executor,
  commentId: string,
  changes: Partial<Pick<CommentRow, 'content' | 'updatedAt' | 'deletedAt'>>,
) {
  const [row] = await db
    .update(comments)
    .set(changes)
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
    .returning();
  return row;
}
