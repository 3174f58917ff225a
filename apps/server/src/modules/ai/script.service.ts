// A page or a whole topic converted between 简体 and 繁體 (`POST /api/v1/ai/convert`), offline:
// no model and no AI switch. In place, each page's draft goes through the page module's draft
// write, as a block save does, so live editors receive it as one update, and names through the
// tree's renames; a copy is made through the tree's one way of creating content, beside the
// original. Editors of the space only; anyone else finds nothing there.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  aiConvertLimits,
  ErrorCode,
  limits,
  type AiConvertRequest,
  type AiConvertResult,
  type Block,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { isRecord } from '../../lib/block-text.js';
import { bumpDraftRevision, currentDraft, pageState, replaceDraft } from '../page/index.js';
import { accessNode, type NodeRow } from '../space/index.js';
import {
  editLink,
  editPage,
  insertContent,
  liveTreeRows,
  renameTopic,
  type NewContent,
} from '../tree/index.js';
import { convertBlocks, convertText, scriptTargetOf, type ScriptTarget } from './script.js';

type TreeRow = Awaited<ReturnType<typeof liveTreeRows>>[number];

/** A node of the converted subtree, its children in sibling order. */
interface Node {
  row: Pick<TreeRow, 'id' | 'type' | 'name' | 'avatar' | 'url'>;
  children: Node[];
}

/** A name in the target script, within the length names may have (a phrase may lengthen it). */
function convertName(name: string, target: ScriptTarget): string {
  const converted = convertText(name, target);
  const characters = [...converted];
  return characters.length > limits.nameMax
    ? characters.slice(0, limits.nameMax).join('')
    : converted;
}

/** The topic's live subtree, or the page alone; refused when it holds too many pages. */
async function subtreeOf(db: Database, root: NodeRow): Promise<Node> {
  if (root.type !== 'topic') return { row: root, children: [] };
  const rows = await liveTreeRows(db, root.spaceId, 'rows');
  const children = new Map<string | null, TreeRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  let pages = 0;
  const build = (row: Node['row']): Node => {
    if (row.type === 'page') pages += 1;
    return {
      row,
      children: row.type === 'topic' ? (children.get(row.id) ?? []).map(build) : [],
    };
  };
  const tree = build(root);
  if (pages > aiConvertLimits.pagesMax) {
    throw new AppError(ErrorCode.paramError, {
      detail: `topicId: a conversion covers at most ${aiConvertLimits.pagesMax} pages; this topic holds ${pages}`,
    });
  }
  return tree;
}

function nodesOf(node: Node): Node[] {
  return [node, ...node.children.flatMap(nodesOf)];
}

/** Nothing to write: the transaction is rolled back (the revision it raised too). */
class Unchanged extends Error {}

/**
 * Converts the page's draft as it is now (live edits included) in one transaction: the revision
 * is raised first, holding the page row as a block save does, then the draft is replaced. A
 * draft already in the target script is left alone, its revision too. Whether it changed.
 */
async function convertPageInPlace(
  db: Database,
  userId: number,
  pageId: string,
  target: ScriptTarget,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const state = await pageState(db, pageId);
    if (!state) return false; // deleted meanwhile
    try {
      await db.transaction(async (tx) => {
        const now = new Date();
        await bumpDraftRevision(tx, pageId, state.revision, userId, now);
        const before = await currentDraft(tx, pageId, now);
        const after = convertBlocks(before, target);
        if (isDeepStrictEqual(before, after)) throw new Unchanged();
        await replaceDraft(tx, pageId, after, now);
        await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
      });
      return true;
    } catch (error) {
      if (error instanceof Unchanged) return false;
      // a save landed between reading the revision and raising it: read it again
      const stale = error instanceof AppError && error.code === ErrorCode.noRowsUpdated;
      if (!stale || attempt >= 3) throw error;
    }
  }
}

/** The page's draft as it is now (live edits included). */
function draftNow(db: Database, pageId: string): Promise<Block[]> {
  return db.transaction((tx) => currentDraft(tx, pageId, new Date()));
}

/** The blocks with new ids, so that a copy shares no block anchors with its original. */
function freshIds(blocks: Block[]): Block[] {
  return blocks.map((block) => ({
    ...block,
    id: randomUUID(),
    ...(Array.isArray(block.children)
      ? { children: freshIds(block.children.filter(isRecord) as Block[]) }
      : {}),
  }));
}

async function copyOf(db: Database, node: Node, target: ScriptTarget): Promise<NewContent> {
  const name = convertName(node.row.name, target);
  if (node.row.type === 'page') {
    const blocks = convertBlocks(await draftNow(db, node.row.id), target);
    return { type: 'page', name, avatar: node.row.avatar, blocks: freshIds(blocks) };
  }
  if (node.row.type === 'link') return { type: 'link', name, url: node.row.url ?? '' };
  const children: NewContent[] = [];
  for (const child of node.children) children.push(await copyOf(db, child, target));
  return { type: 'topic', name, children };
}

export async function convertScript(
  db: Database,
  userId: number,
  input: AiConvertRequest,
): Promise<AiConvertResult> {
  const rootId = input.topicId ?? input.pageId;
  if (rootId === undefined) {
    throw new AppError(ErrorCode.paramError, { detail: 'topicId: or pageId' });
  }
  const type = input.topicId === undefined ? 'page' : 'topic';
  const { node: root } = await accessNode(db, userId, rootId, 'edit', type);
  const target = scriptTargetOf(input.action, input.instruction);
  const tree = await subtreeOf(db, root);
  const nodes = nodesOf(tree);
  const pages = nodes.filter((node) => node.row.type === 'page').length;
  const answer = (id: string, changed: number) => ({
    pages,
    changed,
    ...(type === 'topic' ? { topicId: id } : { pageId: id }),
  });

  if (input.mode === 'copy') {
    const content = await copyOf(db, tree, target);
    const [made] = await insertContent(db, userId, root.spaceId, root.parentId, [content]);
    return answer(made!.id, pages);
  }

  // names first: a refusal there (a topic's switch) comes before any page is written
  for (const { row } of nodes) {
    const name = convertName(row.name, target);
    if (name === row.name) continue;
    if (row.type === 'topic') await renameTopic(db, userId, row.id, name);
    else if (row.type === 'page') await editPage(db, userId, row.id, { name });
    else await editLink(db, userId, row.id, { name });
  }
  let changed = 0;
  for (const { row } of nodes) {
    if (row.type === 'page' && (await convertPageInPlace(db, userId, row.id, target))) changed += 1;
  }
  return answer(root.id, changed);
}
