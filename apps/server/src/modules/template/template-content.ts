// A template's content: the snapshot of a page or a topic subtree (draft blocks of its live
// pages, its live topics and links, in sibling order), and the draft rows of a page made from it
// (every block id fresh, so two pages from one template share no block anchors).
import crypto from 'node:crypto';
import { ErrorCode, templateLimits, type Block, type TemplateNode } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { blocksOf } from '../page/index.js';
import type { NodeRow } from '../space/index.js';
import * as repo from './template.repo.js';

/**
 * The node (a page or a topic) as a template, read by an editor of its space: editors see every
 * live page's draft, and nothing deleted or outside the subtree comes along.
 */
export async function snapshotOf(db: Executor, root: NodeRow): Promise<TemplateNode> {
  const rows =
    root.type === 'page'
      ? [{ ...root, parentId: null }]
      : await repo.liveNodesOfSpace(db, root.spaceId);
  const children = new Map<string | null, repo.SubtreeRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  // the subtree's rows, root first, each topic's children in order
  const picked: repo.SubtreeRow[] = [];
  const visit = (row: repo.SubtreeRow) => {
    picked.push(row);
    if (picked.length > templateLimits.nodesMax) {
      throw new AppError(ErrorCode.paramError, {
        detail: `a template holds at most ${templateLimits.nodesMax} pages, topics and links`,
      });
    }
    if (row.type === 'topic') for (const child of children.get(row.id) ?? []) visit(child);
  };
  visit(rows.find((row) => row.id === root.id) ?? root);
  const blocks = await repo.draftBlocksOf(
    db,
    picked.filter((row) => row.type === 'page').map((row) => row.id),
  );
  const build = (row: repo.SubtreeRow): TemplateNode => {
    if (row.type === 'page') {
      return {
        type: 'page',
        name: row.name,
        avatar: row.avatar,
        blocks: blocksOf(blocks.get(row.id)),
      };
    }
    if (row.type === 'link') return { type: 'link', name: row.name, url: row.url ?? '' };
    return { type: 'topic', name: row.name, children: (children.get(row.id) ?? []).map(build) };
  };
  return build(picked[0]!);
}

export function pageCountOf(node: TemplateNode): number {
  if (node.type === 'page') return 1;
  if (node.type === 'link') return 0;
  return node.children.reduce((sum, child) => sum + pageCountOf(child), 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The block with new ids, its nested blocks too. */
function fresh(block: Block): Block {
  const children = Array.isArray(block.children)
    ? block.children.filter(isRecord).map((child) => fresh(child as Block))
    : block.children;
  return { ...block, id: crypto.randomUUID(), ...(children === undefined ? {} : { children }) };
}

/** A template page's blocks with new ids. */
export const freshBlocks = (blocks: Block[]) => blocks.map(fresh);
