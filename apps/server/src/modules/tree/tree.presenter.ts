// What leaves the server of the content tree: nodes in tree shape, the nested tree built in one
// pass, topic details, the list view's items and order, and what a move or a deletion changed.
import type {
  DeletedNodes,
  ListView,
  ListViewItem,
  ListViewQuery,
  TopicDetail,
  TreeLink,
  TreeNode,
  TreePage,
  TreeTopic,
  MovedNode,
  TreeUser,
} from '@library/contract';
import type { NodeRow } from '../space/index.js';

export type TreeRow = Pick<
  NodeRow,
  'id' | 'parentId' | 'type' | 'name' | 'avatar' | 'url' | 'visitorsClosed'
>;

/** A topic; `visitorsClosed` only when the topic is closed to visitors (who never see it). */
export function presentTopic(row: TreeRow): TreeTopic {
  return {
    type: 'topic',
    topicId: row.id,
    name: row.name,
    ...(row.visitorsClosed ? { visitorsClosed: true } : {}),
    children: [],
  };
}

export function presentPage(row: TreeRow): TreePage {
  return { type: 'page', pageId: row.id, name: row.name, avatar: row.avatar };
}

export function presentLink(row: TreeRow): TreeLink {
  return { type: 'link', linkId: row.id, name: row.name, url: row.url ?? '' };
}

/** A node in the tree's shape (a topic with no children yet). */
export function presentTreeNode(row: TreeRow): TreeNode {
  switch (row.type) {
    case 'topic':
      return presentTopic(row);
    case 'page':
      return presentPage(row);
    case 'link':
      return presentLink(row);
  }
}

/**
 * Nests rows given in sibling order into the tree of root nodes, in O(n): every node is placed
 * under its topic, keeping the order of the rows. Nodes whose parent is not one of the rows'
 * topics (a deleted or missing topic, or a page) are left out, and with them their subtrees.
 */
export function buildTree(rows: readonly TreeRow[]): TreeNode[] {
  const topics = new Map<string, TreeTopic>();
  const nodes = rows.map((row) => {
    const node = presentTreeNode(row);
    if (node.type === 'topic') topics.set(row.id, node);
    return node;
  });
  const roots: TreeNode[] = [];
  rows.forEach((row, index) => {
    const node = nodes[index]!;
    if (row.parentId === null) roots.push(node);
    else topics.get(row.parentId)?.children.push(node);
  });
  return roots;
}

export function presentUser(user: { userId: number; nickname: string }): TreeUser {
  return { userId: String(user.userId), nickname: user.nickname };
}

export function presentTopicDetail(
  topic: NodeRow,
  creatorNickname: string,
  childCount: number,
  canEdit: boolean,
): TopicDetail {
  return {
    topicId: topic.id,
    spaceId: topic.spaceId,
    parentId: topic.parentId,
    name: topic.name,
    createdAt: topic.createdAt.toISOString(),
    updatedAt: topic.updatedAt.toISOString(),
    createdBy: presentUser({ userId: topic.createdBy, nickname: creatorNickname }),
    childCount,
    visitorsClosed: topic.visitorsClosed,
    abilities: { canEdit, canDelete: canEdit },
  };
}

export interface ListViewRow {
  id: string;
  type: NodeRow['type'];
  name: string;
  url: string | null;
  avatar: string | null;
  position: string;
  createdAt: Date;
  updatedAt: Date;
  createdBy: { userId: number; nickname: string };
  updatedBy: { userId: number; nickname: string } | null;
}

export function presentListViewItem(row: ListViewRow): ListViewItem {
  return {
    type: row.type,
    id: row.id,
    name: row.name,
    ...(row.type === 'link' ? { url: row.url ?? '' } : {}),
    ...(row.type === 'page' ? { avatar: row.avatar } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: presentUser(row.createdBy),
    updatedBy: row.updatedBy ? presentUser(row.updatedBy) : null,
  };
}

/** The list view's rows, sorted already (`listViewComparator`). */
export function presentListView(rows: ListViewRow[]): ListView {
  return { list: rows.map(presentListViewItem), total: rows.length };
}

/** Where a moved node now lies. */
export function presentMovedNode(node: Pick<NodeRow, 'id' | 'parentId' | 'position'>): MovedNode {
  return { id: node.id, parentId: node.parentId, position: node.position };
}

/** A deletion to the recycle bin: its item, and every node that disappeared with it. */
export function presentDeletedNodes(recycleItemId: string, deletedIds: string[]): DeletedNodes {
  return { recycleItemId, deletedIds };
}

// Pinyin order for Chinese names (ICU's zh collation), numbers inside names by value.
const chinese = new Intl.Collator('zh-Hans-CN', { numeric: true });

type SortKey = NonNullable<ListViewQuery['orderBy']>;
type SortDirection = NonNullable<ListViewQuery['order']>;

/**
 * The list view's order: by name (Chinese-aware), creation or last change, ascending or
 * descending; equal keys keep the tree's order (position, then id) whichever the direction.
 */
export function listViewComparator(orderBy: SortKey, order: SortDirection) {
  const sign = order === 'asc' ? 1 : -1;
  const byKey = (a: ListViewRow, b: ListViewRow): number => {
    switch (orderBy) {
      case 'name':
        return chinese.compare(a.name, b.name);
      case 'createdAt':
        return a.createdAt.getTime() - b.createdAt.getTime();
      case 'updatedAt':
        return a.updatedAt.getTime() - b.updatedAt.getTime();
    }
  };
  const byTreeOrder = (a: ListViewRow, b: ListViewRow): number =>
    a.position < b.position
      ? -1
      : a.position > b.position
        ? 1
        : a.id < b.id
          ? -1
          : a.id > b.id
            ? 1
            : 0;
  return (a: ListViewRow, b: ListViewRow) => sign * byKey(a, b) || byTreeOrder(a, b);
}
