// Page comments: threads with replies to any depth, optionally anchored to a block. Anyone who
// can read the page may comment; authors edit their own; authors and space admins delete (soft).
// A deleted comment with live replies stays in its thread as an empty, deleted entry.
import {
  ErrorCode,
  mentionedUserIds,
  type CommentList,
  type CreateCommentRequest,
  type PageComment,
  type SpaceAccessRole,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { accessPage, peopleAmong } from '../space/index.js';
import * as repo from './comment.repo.js';
import type { CommentRow } from './comment.repo.js';
import { commentAbilities, mayComment } from './page.policy.js';
import { presentComment, presentCommentList } from './page.presenter.js';
import { people as loadPeople } from './page.repo.js';

/** Deepest reply nesting; keeps threads (and the recursive answer) within reason. */
export const commentDepthMax = 100;

const notFound = () => new AppError(ErrorCode.dataMissing);
/** Visitors see an open space's comments but take no part in them. */
const visitorsOnlyRead = () => new AppError(ErrorCode.permissionDenied);

/**
 * The page's threads: top-level comments oldest first, paged, each with its replies nested.
 * Deleted comments show only while a live reply hangs below them.
 */
export async function listComments(
  db: Database,
  userId: number | null,
  pageId: string,
  page: number,
  pageSize: number,
): Promise<CommentList> {
  const { node, role } = await accessPage(db, userId, pageId, 'read');
  return pageComments(db, { userId, role }, node, page, pageSize);
}

/** `listComments` for a viewer whose access to the page was checked (by `accessPage` or a share). */
export async function pageComments(
  db: Database,
  viewer: { userId: number | null; role: SpaceAccessRole },
  { id: pageId, spaceId }: { id: string; spaceId: string },
  page: number,
  pageSize: number,
): Promise<CommentList> {
  const rows = await repo.commentsOfPage(db, pageId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const childrenOf = new Map<string | null, CommentRow[]>();
  for (const row of rows) {
    // a reply whose parent is not on this page cannot be shown anywhere
    if (row.parentId !== null && !byId.has(row.parentId)) continue;
    const siblings = childrenOf.get(row.parentId);
    if (siblings) siblings.push(row);
    else childrenOf.set(row.parentId, [row]);
  }

  // Which comments to show: live ones and every ancestor of a live one (no recursion: threads
  // may be deep).
  const shown = new Set<string>();
  for (const row of rows) {
    if (row.deletedAt !== null) continue;
    let current: CommentRow | undefined = row;
    while (current && !shown.has(current.id)) {
      shown.add(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
  }
  const visibleChildren = (id: string | null) =>
    (childrenOf.get(id) ?? []).filter((row) => shown.has(row.id));

  const roots = visibleChildren(null);
  const pageRoots = roots.slice(page * pageSize, (page + 1) * pageSize);

  // Collect the threads of this page of roots, parents before replies.
  const thread: CommentRow[] = [];
  const queue = [...pageRoots];
  for (let index = 0; index < queue.length; index++) {
    const row = queue[index]!;
    thread.push(row);
    queue.push(...visibleChildren(row.id));
  }
  const people = await peopleOf(db, spaceId, thread);
  // Build bottom-up: replies come after their parents in `thread`, so walk it backwards.
  const built = new Map<string, PageComment>();
  for (let index = thread.length - 1; index >= 0; index--) {
    const row = thread[index]!;
    const children = visibleChildren(row.id).map((child) => built.get(child.id)!);
    built.set(row.id, presentComment(row, viewer, people, children));
  }
  return presentCommentList(
    pageRoots.map((row) => built.get(row.id)!),
    roots.length,
    { page, pageSize },
  );
}

export async function createComment(
  db: Database,
  userId: number,
  pageId: string,
  input: CreateCommentRequest,
): Promise<PageComment> {
  const { node, role } = await accessPage(db, userId, pageId, 'read');
  if (!mayComment(role)) throw visitorsOnlyRead();
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    const parent = await repo.findLiveComment(db, parentId);
    if (!parent || parent.pageId !== pageId) throw notFound();
    if ((await depthOf(db, parent)) >= commentDepthMax) {
      throw new AppError(ErrorCode.paramError, {
        detail: `replies nest at most ${commentDepthMax} deep`,
      });
    }
  }
  // createdAt comes from the database clock (microseconds) so threads order reliably
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertComment(tx, {
      pageId,
      parentId,
      blockId: input.blockId ?? null,
      content: input.content.trim(),
      createdBy: userId,
    });
    await enqueueJob(tx, Job.notifyComment, { commentId: inserted.id });
    return inserted;
  });
  return presentComment(row, { userId, role }, await peopleOf(db, node.spaceId, [row]));
}

/** The creators of the comments and the people of the space their texts mention. */
async function peopleOf(db: Database, spaceId: string, rows: CommentRow[]) {
  const mentioned = new Set<number>();
  for (const row of rows) {
    if (row.deletedAt === null)
      for (const id of mentionedUserIds(row.content)) mentioned.add(Number(id));
  }
  const [creators, named] = await Promise.all([
    loadPeople(
      db,
      rows.map((row) => row.createdBy),
    ),
    peopleAmong(db, spaceId, [...mentioned]),
  ]);
  for (const person of named) creators.set(person.id, person);
  return creators;
}

/** How deep a comment sits: 1 for a top-level comment. */
async function depthOf(db: Database, comment: CommentRow): Promise<number> {
  const parents = new Map(
    (await repo.commentsOfPage(db, comment.pageId)).map((row) => [row.id, row.parentId]),
  );
  let depth = 1;
  let parentId = comment.parentId;
  while (parentId !== null && depth <= commentDepthMax) {
    depth++;
    parentId = parents.get(parentId) ?? null;
  }
  return depth;
}

/** A live comment on a page the caller can read, with the caller's role there. */
async function accessComment(db: Database, userId: number, commentId: string) {
  const comment = await repo.findLiveComment(db, commentId);
  if (!comment) throw notFound();
  const { node, role } = await accessPage(db, userId, comment.pageId, 'read');
  if (!mayComment(role)) throw visitorsOnlyRead();
  return { comment, node, role };
}

/** Only the author edits a comment; for anyone else it does not exist. */
export async function updateComment(
  db: Database,
  userId: number,
  commentId: string,
  content: string,
): Promise<PageComment> {
  const { comment, node, role } = await accessComment(db, userId, commentId);
  if (!commentAbilities(role, userId, comment).canEdit) throw notFound();
  const before = new Set(mentionedUserIds(comment.content));
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateLiveComment(tx, commentId, {
      content: content.trim(),
      updatedAt: new Date(),
    });
    // someone named by the edit hears of it as of a new comment; nobody else is told again
    const mentioned = updated
      ? mentionedUserIds(updated.content).filter((id) => !before.has(id))
      : [];
    if (mentioned.length > 0) await enqueueJob(tx, Job.notifyComment, { commentId, mentioned });
    return updated;
  });
  if (!row) throw notFound();
  return presentComment(row, { userId, role }, await peopleOf(db, node.spaceId, [row]));
}

/** The author or a space admin (or owner) deletes a comment; replies keep their thread. */
export async function deleteComment(db: Database, userId: number, commentId: string) {
  const { comment, role } = await accessComment(db, userId, commentId);
  if (!commentAbilities(role, userId, comment).canDelete) throw notFound();
  const row = await repo.updateLiveComment(db, commentId, { deletedAt: new Date() });
  if (!row) throw notFound();
}
