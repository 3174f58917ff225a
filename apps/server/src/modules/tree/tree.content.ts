// The one way new content enters a space: a subtree of topics, pages (with their blocks and the
// files they use) and links, placed at the end of a topic or of the space root. The API's
// creations, templates, quick notes turned into pages and imports all go through `insertContent`,
// so each gets the same access check, feature switches, placement under the space's lock and
// indexing (search at once for topics and links, the page index job for pages, which feeds both
// search and the AI). Restoring from the recycle bin indexes what comes back through
// `indexContent`, the same indexing step.
import { randomUUID } from 'node:crypto';
import { ErrorCode, type Block } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJobs } from '../../infra/jobs/job-queue.js';
import { positionsBetween } from '../../lib/position.js';
import { requireFeature } from '../account/index.js';
import { attachFilesToPage } from '../file/index.js';
import { indexNodeForSearch } from '../search/index.js';
import { accessSpace, type NodeRow } from '../space/index.js';
import * as repo from './tree.repo.js';

/** A node to create, with what it holds. */
export type NewContent =
  | { type: 'topic'; name: string; children: NewContent[] }
  | {
      type: 'page';
      name: string;
      avatar?: string | null | undefined;
      /** the page's draft, in order; block ids unique within the page */
      blocks?: Block[];
      /** the page's id when the caller needs it before the write (links between imported pages) */
      id?: string;
      /** files of the space the page uses, attached to it unless another page holds them */
      fileIds?: string[];
    }
  | { type: 'link'; name: string; url: string };

type NodeType = NodeRow['type'];

/** The switches (spec §6) a new node of each type needs. */
const creationFeature = {
  topic: 'createTopic',
  page: 'createPage',
  link: 'createExternalLink',
} as const;

/**
 * Whether the caller may create nodes of these types in the space: edit access, each type's
 * feature switch, and for topics in someone else's space 'participate in topic'. Callers that
 * queue a creation check it before queueing too.
 */
export async function requireCreation(
  db: Executor,
  userId: number,
  spaceId: string,
  types: Iterable<NodeType>,
): Promise<void> {
  const { space } = await accessSpace(db, userId, spaceId, 'edit');
  const needed = new Set(types);
  for (const type of needed) await requireFeature(db, userId, creationFeature[type]);
  if (needed.has('topic')) await requireTopicWork(db, userId, space);
}

/** Topics in a space of someone else's are worked on with the 'participate in topic' switch. */
export async function requireTopicWork(db: Executor, userId: number, space: { ownerId: number }) {
  if (space.ownerId !== userId) await requireFeature(db, userId, 'joinTopic');
}

/** A live topic of the space; otherwise 404 (a topic elsewhere looks missing too). */
export async function liveTopicIn(
  db: Executor,
  spaceId: string,
  topicId: string,
): Promise<NodeRow> {
  const topic = await repo.liveNode(db, topicId);
  if (!topic || topic.spaceId !== spaceId || topic.type !== 'topic') {
    throw new AppError(ErrorCode.dataMissing);
  }
  return topic;
}

/** The node types in new content (creating it needs each one's switch). */
export function contentTypes(nodes: NewContent[], into = new Set<NodeType>()) {
  for (const node of nodes) {
    into.add(node.type);
    if (node.type === 'topic') contentTypes(node.children, into);
  }
  return into;
}

/**
 * Creates `nodes` (in their order) at the end of the topic `parentId` or of the space root, with
 * everything under them, in one transaction holding the space's lock. Answers the new rows, each
 * parent before what it holds, the given nodes' own rows first among their siblings.
 */
export async function insertContent(
  db: Executor,
  userId: number,
  spaceId: string,
  parentId: string | null,
  nodes: NewContent[],
): Promise<NodeRow[]> {
  await requireCreation(db, userId, spaceId, contentTypes(nodes));
  return db.transaction(async (tx) => {
    if (!(await repo.lockSpace(tx, spaceId))) throw new AppError(ErrorCode.dataMissing);
    if (parentId !== null) await liveTopicIn(tx, spaceId, parentId);
    const now = new Date();
    const rows: repo.NewNode[] = [];
    const pages: Array<{ id: string; blocks: Block[]; fileIds: string[] }> = [];
    const place = (list: NewContent[], parent: string | null, after: string | null) => {
      const positions = positionsBetween(after, null, list.length);
      for (const [index, node] of list.entries()) {
        const id = (node.type === 'page' && node.id) || randomUUID();
        rows.push({
          id,
          spaceId,
          parentId: parent,
          type: node.type,
          name: node.name,
          url: node.type === 'link' ? node.url : null,
          avatar: (node.type === 'page' && node.avatar) || null,
          position: positions[index]!,
          createdBy: userId,
          updatedBy: userId,
          createdAt: now,
          updatedAt: now,
        });
        if (node.type === 'topic') place(node.children, id, null);
        if (node.type === 'page') {
          pages.push({ id, blocks: node.blocks ?? [], fileIds: node.fileIds ?? [] });
        }
      }
    };
    place(nodes, parentId, await repo.lastPosition(tx, spaceId, parentId));
    const inserted = await repo.insertNodes(tx, rows);
    for (const page of pages) {
      const positions = positionsBetween(null, null, page.blocks.length);
      await repo.insertDraftBlocks(
        tx,
        page.id,
        page.blocks.map((block, index) => ({
          blockId: block.id,
          position: positions[index]!,
          data: block,
        })),
        now,
      );
      if (page.fileIds.length > 0) await attachFilesToPage(tx, spaceId, page.id, page.fileIds);
    }
    await indexContent(tx, inserted);
    return inserted;
  });
}

/**
 * Brings new or restored nodes into the indexes: a topic's or a link's search entry at once, a
 * page through its index job (its draft and published text for search, its chunks for the AI).
 */
export async function indexContent(
  tx: Executor,
  nodes: ReadonlyArray<Parameters<typeof indexNodeForSearch>[1]>,
): Promise<void> {
  const pageIds: string[] = [];
  for (const node of nodes) {
    if (node.type === 'page') pageIds.push(node.id);
    else await indexNodeForSearch(tx, node);
  }
  await enqueueJobs(
    tx,
    Job.indexPage,
    pageIds.map((pageId) => ({ payload: { pageId }, key: pageId })),
  );
}
