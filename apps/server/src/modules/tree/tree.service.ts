// The content tree of a space: reading it whole or one level at a time (list view), creating,
// renaming, moving and deleting topics, pages and external links. Every structural change runs
// in a transaction holding the space's row lock (see tree.repo lockSpace).
import {
  ErrorCode,
  createPageRequestSchema,
  type ListView,
  type ListViewQuery,
  type MovedNode,
  type TopicDetail,
  type TreePlacement,
  type Block,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { positionBetween } from '../../lib/position.js';
import type { AccessCache } from '../space/index.js';
import { recordAudit } from '../audit/index.js';
import { accessNode, accessSpace, type NodeRow } from '../space/index.js';
import { can } from '../space/index.js';
import { audienceOf, hiddenFromVisitors, nodeShown } from '../space/index.js';
import {
  buildTree,
  listViewComparator,
  presentDeletedNodes,
  presentListView,
  presentMovedNode,
  presentTopicDetail,
} from './tree.presenter.js';
import { indexNodeForSearch } from '../search/index.js';
import { insertContent, liveTopicIn, requireTopicWork, type NewContent } from './tree.content.js';
import * as repo from './tree.repo.js';

type NodeType = NodeRow['type'];

const notFound = () => new AppError(ErrorCode.dataMissing);
const badRequest = (detail: string) => new AppError(ErrorCode.paramError, { detail });

// --- reading ---------------------------------------------------------------------------------

/**
 * `GET /v2/space/{id}/tree` (the live tree, root nodes first, siblings in position order): the
 * space's tree version (read first, after the access check), whom the tree is for, and the
 * loader of its tree; the route serves a cached answer while the version is unchanged
 * (tree-cache.ts).
 */
export async function spaceTree(
  db: Database,
  userId: number | null,
  spaceId: string,
  shape: repo.TreeRowsShape,
  access?: AccessCache,
) {
  const { space, role } = await accessSpace(db, userId, spaceId, 'read', access);
  const audience = audienceOf(role);
  return {
    version: space.treeVersion,
    audience,
    load: async () =>
      buildTree(
        (await repo.liveTreeRows(db, spaceId, shape)).filter((row) => nodeShown(audience, row)),
      ),
  };
}

export async function topicDetail(
  db: Database,
  userId: number | null,
  topicId: string,
): Promise<TopicDetail> {
  const { node, role } = await accessNode(db, userId, topicId, 'read', 'topic');
  const [nickname, childCount] = await Promise.all([
    repo.userNickname(db, node.createdBy),
    repo.liveChildCount(db, node.spaceId, node.id, audienceOf(role)),
  ]);
  return presentTopicDetail(node, nickname, childCount, can(role, 'edit'));
}

/** The list view mode: the live nodes directly under a topic (or the root), sorted as asked. */
export async function listView(
  db: Database,
  userId: number | null,
  spaceId: string,
  query: ListViewQuery,
): Promise<ListView> {
  const { role } = await accessSpace(db, userId, spaceId, 'read');
  const parentId = query.topicId ?? null;
  const audience = audienceOf(role);
  if (parentId !== null) {
    await liveTopicIn(db, spaceId, parentId);
    if (audience === 'visitors' && (await hiddenFromVisitors(db, parentId))) throw notFound();
  }
  const rows = await repo.liveChildrenWithUsers(db, spaceId, parentId, audience);
  rows.sort(listViewComparator(query.orderBy ?? 'updatedAt', query.order ?? 'desc'));
  return presentListView(rows);
}

// --- creating --------------------------------------------------------------------------------

/** Creates one node at the end of its parent topic (or the space root). */
async function createNode(
  db: Executor,
  userId: number,
  spaceId: string,
  parentId: string | null | undefined,
  node: NewContent,
): Promise<NodeRow> {
  const [row] = await insertContent(db, userId, spaceId, parentId ?? null, [node]);
  return row!;
}

export function createTopic(
  db: Executor,
  userId: number,
  spaceId: string,
  input: { name: string; parentId?: string | null | undefined },
) {
  return createNode(db, userId, spaceId, input.parentId, {
    type: 'topic',
    name: input.name,
    children: [],
  });
}

/**
 * Creates a page at the end of its parent, empty or with a draft (quick notes turn a note into a
 * page). The input is validated here too, as callers other than the route pass it.
 */
export async function createPage(
  db: Executor,
  userId: number,
  spaceId: string,
  input: {
    name: string;
    parentId?: string | null | undefined;
    avatar?: string | null;
    blocks?: Block[];
  },
): Promise<NodeRow> {
  const parsed = createPageRequestSchema.safeParse(input);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues.map((issue) => issue.path.join('.')).join(', '));
  }
  const { name, parentId, avatar } = parsed.data;
  return createNode(db, userId, spaceId, parentId, {
    type: 'page',
    name,
    avatar,
    ...(input.blocks ? { blocks: input.blocks } : {}),
  });
}

export function createLink(
  db: Executor,
  userId: number,
  spaceId: string,
  input: { name: string; url: string; parentId?: string | null | undefined },
) {
  return createNode(db, userId, spaceId, input.parentId, {
    type: 'link',
    name: input.name,
    url: input.url,
  });
}

// --- editing ---------------------------------------------------------------------------------

async function editNode(
  db: Database,
  userId: number,
  nodeId: string,
  type: NodeType,
  changes: { name?: string | undefined; url?: string | undefined; avatar?: string | null },
): Promise<NodeRow> {
  const { space } = await accessNode(db, userId, nodeId, 'edit', type);
  if (type === 'topic') await requireTopicWork(db, userId, space);
  const updated = await repo.updateNode(db, nodeId, {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.url !== undefined ? { url: changes.url } : {}),
    ...(changes.avatar !== undefined ? { avatar: changes.avatar || null } : {}),
    updatedBy: userId,
    updatedAt: new Date(),
  });
  if (!updated) throw notFound();
  if (type === 'page') await enqueueJob(db, Job.indexPage, { pageId: nodeId }, { key: nodeId });
  else await indexNodeForSearch(db, updated);
  return updated;
}

export async function renameTopic(db: Database, userId: number, topicId: string, name: string) {
  await editNode(db, userId, topicId, 'topic', { name });
  return topicDetail(db, userId, topicId);
}

/**
 * Closes a topic to visitors or opens it again (space admins): closed, the topic and its whole
 * subtree are hidden from visitors in every read (visibility.ts); members are not affected.
 */
export async function setTopicVisitors(
  db: Database,
  userId: number,
  topicId: string,
  visitorsClosed: boolean,
  address: string | null = null,
) {
  const { node } = await accessNode(db, userId, topicId, 'manage', 'topic');
  await db.transaction(async (tx) => {
    const updated = await repo.updateNode(tx, topicId, {
      visitorsClosed,
      updatedBy: userId,
      updatedAt: new Date(),
    });
    if (!updated) throw notFound();
    await recordAudit(tx, {
      actorId: userId,
      action: 'space.topic.visitors',
      targetType: 'topic',
      targetId: topicId,
      spaceId: node.spaceId,
      before: { visitorsClosed: node.visitorsClosed },
      after: { visitorsClosed },
      address,
    });
  });
  return topicDetail(db, userId, topicId);
}

export function editPage(
  db: Database,
  userId: number,
  pageId: string,
  changes: { name?: string | undefined; avatar?: string | null | undefined },
) {
  return editNode(db, userId, pageId, 'page', changes);
}

export function editLink(
  db: Database,
  userId: number,
  linkId: string,
  changes: { name?: string | undefined; url?: string | undefined },
) {
  return editNode(db, userId, linkId, 'link', changes);
}

// --- moving ----------------------------------------------------------------------------------

/**
 * Moves a node before or after a sibling of any type, or to the end inside a topic (the space
 * root when `targetId` is null). Only the moved row changes: its parent and a position between
 * its new neighbours. A topic never moves into itself or below its own descendants.
 */
export async function moveNode(
  db: Database,
  userId: number,
  nodeId: string,
  targetId: string | null,
  placement: TreePlacement,
): Promise<MovedNode> {
  const { space, node: found } = await accessNode(db, userId, nodeId, 'edit');
  if (found.type === 'topic') await requireTopicWork(db, userId, space);
  return db.transaction(async (tx) => {
    if (!(await repo.lockSpace(tx, space.id))) throw notFound();
    // Read again under the lock: another change may have come first.
    const node = await repo.liveNode(tx, nodeId);
    if (!node) throw notFound();
    let parentId: string | null;
    let position: string;
    if (targetId === null) {
      if (placement !== 'inside') throw badRequest('a null targetId needs placement inside');
      parentId = null;
      position = positionBetween(await repo.lastPosition(tx, space.id, null, node.id), null);
    } else {
      const target = await repo.liveNode(tx, targetId);
      if (!target || target.spaceId !== space.id) throw notFound();
      if (placement === 'inside') {
        if (target.type !== 'topic') throw badRequest('only a topic can hold other nodes');
        parentId = target.id;
        position = positionBetween(await repo.lastPosition(tx, space.id, target.id, node.id), null);
      } else {
        if (target.id === node.id) throw badRequest('a node cannot be placed next to itself');
        parentId = target.parentId;
        const side = placement === 'before' ? 'below' : 'above';
        const neighbour = await repo.neighbourPosition(
          tx,
          space.id,
          parentId,
          target.position,
          side,
          node.id,
        );
        position =
          placement === 'before'
            ? positionBetween(neighbour, target.position)
            : positionBetween(target.position, neighbour);
      }
    }
    if (parentId !== null) await checkNewParent(tx, node, parentId);
    const moved = await repo.updateNode(tx, node.id, { parentId, position });
    if (!moved) throw notFound();
    return presentMovedNode(moved);
  });
}

/** The new parent must be reachable (every ancestor live) and not the node or below it. */
async function checkNewParent(tx: Executor, node: NodeRow, parentId: string) {
  const chain = await repo.ancestry(tx, parentId);
  if (chain.some((ancestor) => ancestor.id === node.id)) {
    throw badRequest(
      parentId === node.id
        ? 'a topic cannot move into itself'
        : 'a topic cannot move into its own descendant',
    );
  }
  if (chain.some((ancestor) => ancestor.deletedAt !== null || ancestor.type !== 'topic')) {
    throw notFound();
  }
}

// --- deleting --------------------------------------------------------------------------------

/**
 * Deletes a node to the recycle bin: one recycle item, and the node with its whole live subtree
 * marked with it, in one transaction. Returns the item and the ids that disappeared.
 */
export async function deleteNode(db: Database, userId: number, nodeId: string, type: NodeType) {
  const { space } = await accessNode(db, userId, nodeId, 'edit', type);
  return db.transaction(async (tx) => {
    if (!(await repo.lockSpace(tx, space.id))) throw notFound();
    const node = await repo.liveNode(tx, nodeId);
    if (!node) throw notFound();
    const deletedAt = new Date();
    const item = await repo.insertRecycleItem(tx, {
      kind: node.type,
      targetId: node.id,
      spaceId: node.spaceId,
      name: node.name,
      deletedBy: userId,
      deletedAt,
    });
    const deletedIds = await repo.deleteSubtree(tx, node, {
      deletedAt,
      deletedBy: userId,
      recycleItemId: item.id,
    });
    for (const id of deletedIds) await enqueueJob(tx, Job.indexPage, { pageId: id }, { key: id });
    return presentDeletedNodes(item.id, deletedIds);
  });
}
