// The content tree as the web shows it: the server's nodes with unknown types dropped (spec §3),
// indexed by id, plus the pure helpers for expanded keys and drag-and-drop placements.
import type { TreeNode, TreePlacement } from '@library/contract';

export type KnownNode = TreeNode;

export interface IndexedNode {
  id: string;
  type: TreeNode['type'];
  name: string;
  parentId: string | null;
  node: TreeNode;
}

export interface SpaceTreeIndex {
  /** the nodes with unknown types (and their subtrees) dropped */
  roots: TreeNode[];
  byId: Map<string, IndexedNode>;
  topicIds: Set<string>;
  pageIds: Set<string>;
}

export function nodeId(node: TreeNode): string {
  switch (node.type) {
    case 'topic':
      return node.topicId;
    case 'page':
      return node.pageId;
    case 'link':
      return node.linkId;
  }
}

function isKnownNode(value: unknown): value is TreeNode {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Record<string, unknown>;
  if (typeof node.name !== 'string') return false;
  switch (node.type) {
    case 'topic':
      return typeof node.topicId === 'string' && Array.isArray(node.children);
    case 'page':
      return typeof node.pageId === 'string';
    case 'link':
      return typeof node.linkId === 'string' && typeof node.url === 'string';
    default:
      return false;
  }
}

/** Keeps the known node types (topic, page, link) at every depth, in order. */
export function dropUnknownNodes(nodes: readonly unknown[]): TreeNode[] {
  const kept: TreeNode[] = [];
  for (const value of nodes) {
    if (!isKnownNode(value)) continue;
    kept.push(
      value.type === 'topic' ? { ...value, children: dropUnknownNodes(value.children) } : value,
    );
  }
  return kept;
}

export function indexSpaceTree(nodes: readonly unknown[]): SpaceTreeIndex {
  const roots = dropUnknownNodes(nodes);
  const byId = new Map<string, IndexedNode>();
  const topicIds = new Set<string>();
  const pageIds = new Set<string>();
  const visit = (list: TreeNode[], parentId: string | null) => {
    for (const node of list) {
      const id = nodeId(node);
      byId.set(id, { id, type: node.type, name: node.name, parentId, node });
      if (node.type === 'topic') {
        topicIds.add(id);
        visit(node.children, id);
      } else if (node.type === 'page') {
        pageIds.add(id);
      }
    }
  };
  visit(roots, null);
  return { roots, byId, topicIds, pageIds };
}

/** Expanded keys that still name an existing topic (refresh prunes the rest). */
export function pruneExpandedKeys(
  keys: readonly string[],
  topicIds: ReadonlySet<string>,
): string[] {
  return keys.filter((key) => topicIds.has(key));
}

/** The ids of a node and everything below it. */
export function subtreeIds(node: TreeNode): string[] {
  if (node.type !== 'topic') return [nodeId(node)];
  return [node.topicId, ...node.children.flatMap(subtreeIds)];
}

export interface DropTarget {
  targetId: string | null;
  placement: TreePlacement;
}

/**
 * The move for an antd Tree drop: onto a topic = inside it; in the gap above or below a node =
 * before or after it. `dropPosition` is antd's absolute index, `targetIndex` the target's own
 * index among its siblings (the last part of its `pos`). Dropping onto a page or link (not in
 * a gap) is refused (null).
 */
export function dropPlacement(input: {
  targetId: string;
  targetType: TreeNode['type'];
  dropToGap: boolean;
  dropPosition: number;
  targetIndex: number;
}): DropTarget | null {
  if (!input.dropToGap) {
    return input.targetType === 'topic' ? { targetId: input.targetId, placement: 'inside' } : null;
  }
  const relative = input.dropPosition - input.targetIndex;
  return { targetId: input.targetId, placement: relative < 0 ? 'before' : 'after' };
}

/** A moved node would land inside itself (a topic into its own subtree). */
export function isInsideOwnSubtree(
  index: SpaceTreeIndex,
  movedId: string,
  targetParentId: string | null,
): boolean {
  let current = targetParentId;
  while (current !== null) {
    if (current === movedId) return true;
    current = index.byId.get(current)?.parentId ?? null;
  }
  return false;
}
