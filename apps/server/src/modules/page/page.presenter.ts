// What leaves the server for pages, their blocks, versions and comments.
import {
  mentionedUserIds,
  type CommentList,
  type PageComment,
  type PageDetail,
  type PageUser,
  type PageVersion,
  type SpaceAccessRole,
} from '@library/contract';
import type { NodeRow } from '../space/index.js';
import { avatarPath } from '../user/index.js';
import type { CommentRow } from './comment.repo.js';
import type { PageVersionRow, PersonRow } from './page.repo.js';
import { commentAbilities, pageAbilities } from './page.policy.js';

/** A person by id; someone missing (never expected: the ids are foreign keys) shows by id. */
export function presentPerson(people: Map<number, PersonRow>, id: number): PageUser {
  const person = people.get(id);
  return {
    userId: String(id),
    nickname: person?.nickname ?? '',
    avatar: person ? avatarPath(person) : null,
  };
}

export function presentPage(
  page: NodeRow,
  role: SpaceAccessRole,
  editorsMayShare: boolean,
  people: Map<number, PersonRow>,
): PageDetail {
  return {
    pageId: page.id,
    spaceId: page.spaceId,
    parentId: page.parentId,
    title: page.name,
    avatar: page.avatar,
    revision: page.revision,
    publishedVersion: page.publishedVersion,
    createdAt: page.createdAt.toISOString(),
    updatedAt: page.updatedAt.toISOString(),
    createdBy: presentPerson(people, page.createdBy),
    updatedBy: page.updatedBy === null ? null : presentPerson(people, page.updatedBy),
    abilities: pageAbilities(role, editorsMayShare),
  };
}

export function presentVersion(
  version: PageVersionRow,
  publishedVersion: number | null,
  people: Map<number, PersonRow>,
): PageVersion {
  return {
    version: version.version,
    name: version.name,
    createdAt: version.createdAt.toISOString(),
    createdBy: presentPerson(people, version.createdBy),
    published: version.version === publishedVersion,
  };
}

interface Viewer {
  /** null for an anonymous visitor */
  userId: number | null;
  role: SpaceAccessRole;
}

/** A comment as `viewer` sees it: a deleted one keeps its place in the thread, emptied. */
/**
 * `people` holds the creators and the people of the space the comments mention; a mention of
 * anyone else is left unnamed.
 */
export function presentComment(
  row: CommentRow,
  viewer: Viewer,
  people: Map<number, PersonRow>,
  children: PageComment[] = [],
): PageComment {
  const deleted = row.deletedAt !== null;
  const mentioned = deleted ? [] : mentionedUserIds(row.content).map(Number);
  return {
    commentId: row.id,
    parentId: row.parentId,
    blockId: row.blockId,
    content: deleted ? '' : row.content,
    deleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    creator: presentPerson(people, row.createdBy),
    mentions: mentioned.filter((id) => people.has(id)).map((id) => presentPerson(people, id)),
    abilities: commentAbilities(viewer.role, viewer.userId, row),
    children,
  };
}

/** One page of a page's threads; `total` counts its threads. */
export function presentCommentList(
  threads: PageComment[],
  total: number,
  paging: { page: number; pageSize: number },
): CommentList {
  return { list: threads, total, page: paging.page, pageSize: paging.pageSize };
}
