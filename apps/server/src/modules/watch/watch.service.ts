// Watching a space, a topic or a page, and working out whom a comment or a published version
// concerns (run as jobs queued by the page module, so a comment or a publish answers at once
// however many people are told). Who of them hears of it, and how, is the notification module's.
import {
  mentionedUserIds,
  pageMentionType,
  type NotificationType,
  type WatchRequest,
  type WatchTargetType,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { notifyPeople, type Notice } from '../notification/index.js';
import { isRecord } from '../../lib/block-text.js';
import { draftBlocks } from '../page/index.js';
import { accessNode, accessSpace, usersReachingPage } from '../space/index.js';
import * as repo from './watch.repo.js';

/** The target as the caller may read it: its space (404 + 100007 when they may not). */
async function readableTarget(
  db: Database,
  userId: number,
  targetType: WatchTargetType,
  targetId: string,
): Promise<{ spaceId: string; createdBy: number | null }> {
  if (targetType === 'space') {
    const { space } = await accessSpace(db, userId, targetId, 'read');
    return { spaceId: space.id, createdBy: null };
  }
  const { node } = await accessNode(db, userId, targetId, 'read', targetType);
  return { spaceId: node.spaceId, createdBy: node.createdBy };
}

/** Whether the caller watches it: an author watches their page until they say otherwise. */
export async function watching(
  db: Database,
  userId: number,
  targetType: WatchTargetType,
  targetId: string,
): Promise<{ watching: boolean }> {
  const target = await readableTarget(db, userId, targetType, targetId);
  const stored = await repo.watchOf(db, userId, targetType, targetId);
  return { watching: stored ?? (targetType === 'page' && target.createdBy === userId) };
}

export async function setWatching(
  db: Database,
  userId: number,
  request: WatchRequest,
): Promise<{ watching: boolean }> {
  const { spaceId } = await readableTarget(db, userId, request.targetType, request.targetId);
  await repo.setWatch(db, {
    userId,
    targetType: request.targetType,
    targetId: request.targetId,
    spaceId,
    watching: request.watch,
  });
  return { watching: request.watch };
}

type PageNotice = Omit<Notice, 'userId' | 'type'> & { pageId: string };

/**
 * Tells each person (with the kind they are told as, and what of theirs differs from `notice`)
 * who wants to hear and may now reach the page as `action` needs: read it (any role that reads
 * it, a visitor included), or edit it (a mention in the draft: only editors see the draft).
 * Who may reach it is decided for them all at once (a space's watchers may be thousands).
 */
async function deliver(
  db: Database,
  notice: PageNotice,
  told: Map<number, NotificationType>,
  { action = 'read', own }: { action?: 'read' | 'edit'; own?: Map<number, Partial<Notice>> } = {},
) {
  await notifyPeople(
    db,
    [...told].map(([userId, type]) => ({ ...notice, ...own?.get(userId), userId, type })),
    { mayKnow: (userIds) => usersReachingPage(db, notice.pageId, userIds, action) },
  );
}

/** Adds people told as `type` unless they are told already (the first kind found stands). */
function tell(
  told: Map<number, NotificationType>,
  userIds: Iterable<number>,
  type: NotificationType,
) {
  for (const userId of userIds) if (!told.has(userId)) told.set(userId, type);
}

/**
 * Who watches the page (directly or through what `rows` cover: its topics, its space) and its
 * author; anyone who stopped watching the page itself is left out.
 */
function pageWatchers(
  rows: Array<{ userId: number; targetId: string; watching: boolean }>,
  pageId: string,
  creatorId: number,
) {
  const stopped = new Set(
    rows.filter((row) => row.targetId === pageId && !row.watching).map((row) => row.userId),
  );
  const people = new Set([
    creatorId,
    ...rows.filter((row) => row.watching).map((row) => row.userId),
  ]);
  for (const userId of stopped) people.delete(userId);
  return people;
}

/**
 * A new comment: the people it mentions, the author it answers, the page's watchers. An edited
 * one (`mentioned` given): only the people the edit newly mentions.
 */
export async function notifyComment(
  db: Database,
  commentId: string,
  mentioned?: string[],
): Promise<void> {
  const comment = await repo.commentNotice(db, commentId);
  if (!comment) return;
  const told = new Map<number, NotificationType>();
  const stillNamed = new Set(mentionedUserIds(comment.content));
  tell(
    told,
    (mentioned ?? [...stillNamed]).filter((id) => stillNamed.has(id)).map(Number),
    'mention',
  );
  if (!mentioned) {
    if (comment.parentAuthorId !== null) tell(told, [comment.parentAuthorId], 'reply');
    const watches = await repo.watchesOn(db, [comment.pageId]);
    tell(told, pageWatchers(watches, comment.pageId, comment.pageCreatorId), 'comment');
  }
  await deliver(
    db,
    {
      actorId: comment.authorId,
      spaceId: comment.spaceId,
      pageId: comment.pageId,
      commentId: comment.commentId,
      blockId: comment.blockId,
      title: comment.pageName,
      excerpt: comment.content,
    },
    told,
  );
}

/** A published version: whoever watches the page, a topic above it, or its space. */
export async function notifyPublish(db: Database, pageId: string, version: number) {
  const published = await repo.publishNotice(db, pageId, version);
  if (!published) return;
  const targets = [...(await repo.nodeAndAncestors(db, pageId)), published.spaceId];
  const watches = await repo.watchesOn(db, targets);
  const told = new Map<number, NotificationType>();
  tell(told, pageWatchers(watches, pageId, published.pageCreatorId), 'publish');
  await deliver(
    db,
    {
      actorId: published.publisherId,
      spaceId: published.spaceId,
      pageId,
      title: published.pageName,
      excerpt: published.versionName,
    },
    told,
  );
}

/** People newly mentioned in a page's draft: told if they may edit it (only editors see drafts). */
export async function notifyPageMentions(
  db: Database,
  pageId: string,
  actorId: number,
  mentions: Array<{ userId: string; blockId: string }>,
) {
  const page = await repo.pageNotice(db, pageId);
  if (!page) return;
  const blocks = await draftBlocks(db, pageId);
  const textOf = (blockId: string) => {
    const block = blocks.find((candidate) => candidate.id === blockId);
    return block ? mentionedText(block['content']) : '';
  };
  const told = new Map<number, NotificationType>();
  const own = new Map<number, Partial<Notice>>();
  for (const { userId, blockId } of mentions) {
    told.set(Number(userId), 'mention');
    own.set(Number(userId), { blockId, excerpt: textOf(blockId) });
  }
  await deliver(db, { actorId, spaceId: page.spaceId, pageId, title: page.pageName }, told, {
    action: 'edit',
    own,
  });
}

/**
 * A block's text with its mentions written as a comment writes them (`<@{userId}>`), so the
 * excerpt names them the way a comment's does.
 */
function mentionedText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((item: unknown) => {
      if (typeof item === 'string') return item;
      if (!isRecord(item)) return '';
      if (item.type === 'text' && typeof item.text === 'string') return item.text;
      if (item.type === 'link') return mentionedText(item.content);
      if (item.type === pageMentionType && isRecord(item.props)) {
        return `<@${String(item.props.userId)}>`;
      }
      return '';
    })
    .join('');
}
