// The content tree as the web shows it: the server's nodes with unknown types dropped (spec §3),
// indexed by id; the visible rows the virtual tree draws; the pure helpers for expanded keys and
// drag-and-drop placements.
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
  const byId = new Map<string, IndexedNode>();
  const topicIds = new Set<string>();
  const pageIds = new Set<string>();
  // One pass: keeps the known nodes and indexes them (a topic is copied only when some of its
  // children were dropped).
  const visit = (list: readonly unknown[], parentId: string | null): TreeNode[] => {
    const kept: TreeNode[] = [];
    for (const value of list) {
      if (!isKnownNode(value)) continue;
      let node = value;
      const id = nodeId(node);
      if (node.type === 'topic') {
        topicIds.add(id);
        const children = visit(node.children, id);
        if (children.length !== node.children.length) node = { ...node, children };
      } else if (node.type === 'page') {
        pageIds.add(id);
      }
      byId.set(id, { id, type: node.type, name: node.name, parentId, node });
      kept.push(node);
    }
    return kept;
  };
  const roots = visit(nodes, null);
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

/** One visible row of the tree: the rows are the tree flattened in display order, with the
 *  collapsed topics' descendants left out. */
export interface TreeRow {
  id: string;
  node: TreeNode;
  /** 1 for a root node (as aria-level) */
  level: number;
  parentId: string | null;
  /** a topic with children: it has a switcher and aria-expanded */
  expandable: boolean;
  expanded: boolean;
  /** 1-based place among its siblings and their count (aria-posinset, aria-setsize) */
  posInSet: number;
  setSize: number;
}

/** The visible rows for the expanded topics, in one pass (only expanded topics are entered). */
export function visibleRows(roots: readonly TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (list: readonly TreeNode[], level: number, parentId: string | null) => {
    for (let i = 0; i < list.length; i++) {
      const node = list[i]!;
      const id = nodeId(node);
      const expandable = node.type === 'topic' && node.children.length > 0;
      const open = expandable && expanded.has(id);
      rows.push({
        id,
        node,
        level,
        parentId,
        expandable,
        expanded: open,
        posInSet: i + 1,
        setSize: list.length,
      });
      if (open && node.type === 'topic') visit(node.children, level + 1, id);
    }
  };
  visit(roots, 1, null);
  return rows;
}

/** Where on a row the pointer is while dragging: its upper or lower edge (a gap) or its middle. */
export type DropZone = 'before' | 'inside' | 'after';

/**
 * The zone under the pointer, `offsetY` px from the row's top: a topic takes drops inside on its
 * middle half, its upper and lower quarters are the gaps; other rows are split in two halves.
 */
export function dropZone(offsetY: number, rowHeight: number, type: TreeNode['type']): DropZone {
  const at = offsetY / rowHeight;
  if (type !== 'topic') return at < 0.5 ? 'before' : 'after';
  if (at < 0.25) return 'before';
  return at > 0.75 ? 'after' : 'inside';
}

/**
 * The move for a drop on `rows[index]` in `zone`: inside a topic (at its end), or before / after
 * the row. Below an expanded topic the gap is above its first child, so the node goes there (as
 * in antd's tree). Null when it is refused: onto a page or link, onto the dragged node itself, or
 * a topic into its own subtree.
 */
export function dropPlacement(
  index: SpaceTreeIndex,
  rows: readonly TreeRow[],
  at: number,
  zone: DropZone,
  movedId: string,
): DropTarget | null {
  const row = rows[at];
  if (!row) return null;
  let drop: DropTarget;
  if (zone === 'inside') {
    if (row.node.type !== 'topic') return null;
    drop = { targetId: row.id, placement: 'inside' };
  } else if (zone === 'after' && row.expanded && rows[at + 1]) {
    drop = { targetId: rows[at + 1]!.id, placement: 'before' };
  } else {
    drop = { targetId: row.id, placement: zone };
  }
  if (drop.targetId === movedId) return null;
  const newParent =
    drop.placement === 'inside'
      ? drop.targetId
      : (index.byId.get(drop.targetId ?? '')?.parentId ?? null);
  return isInsideOwnSubtree(index, movedId, newParent) ? null : drop;
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
