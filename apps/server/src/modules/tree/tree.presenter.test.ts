import { describe, expect, it } from 'vitest';
import { buildTree, listViewComparator, type ListViewRow, type TreeRow } from './tree.presenter.js';

const row = (id: string, parentId: string | null, type: TreeRow['type'] = 'topic'): TreeRow => ({
  id,
  parentId,
  type,
  name: id,
  avatar: type === 'page' ? '📄' : null,
  url: type === 'link' ? `https://example.com/${id}` : null,
  visitorsClosed: false,
});

describe('buildTree', () => {
  it('nests rows under their topics keeping the given sibling order', () => {
    const rows = [
      row('b', 'a', 'page'),
      row('a', null),
      row('c', 'a'),
      row('r', null, 'link'),
      row('d', 'c', 'page'),
      row('e', 'a', 'link'),
    ];
    expect(buildTree(rows)).toEqual([
      {
        type: 'topic',
        topicId: 'a',
        name: 'a',
        children: [
          { type: 'page', pageId: 'b', name: 'b', avatar: '📄' },
          {
            type: 'topic',
            topicId: 'c',
            name: 'c',
            children: [{ type: 'page', pageId: 'd', name: 'd', avatar: '📄' }],
          },
          { type: 'link', linkId: 'e', name: 'e', url: 'https://example.com/e' },
        ],
      },
      { type: 'link', linkId: 'r', name: 'r', url: 'https://example.com/r' },
    ]);
  });

  it('leaves out nodes under a missing topic or under a page, with their subtrees', () => {
    const rows = [
      row('a', null),
      row('orphan', 'gone'),
      row('under-orphan', 'orphan', 'page'),
      row('p', null, 'page'),
      row('under-page', 'p', 'page'),
    ];
    const tree = buildTree(rows);
    expect(JSON.stringify(tree)).not.toMatch(/orphan|under-page/);
    expect(tree.map((node) => node.name)).toEqual(['a', 'p']);
  });

  it('survives a cycle in corrupt data by leaving it out', () => {
    const rows = [row('x', 'y'), row('y', 'x'), row('self', 'self'), row('ok', null)];
    expect(JSON.stringify(buildTree(rows))).toBe(
      JSON.stringify([{ type: 'topic', topicId: 'ok', name: 'ok', children: [] }]),
    );
  });

  it('builds a tree of 10,000 nodes without losing any', () => {
    const rows: TreeRow[] = [];
    for (let i = 0; i < 10_000; i++)
      rows.push(row(`n${i}`, i < 10 ? null : `n${Math.floor(i / 10) - 1}`));
    const tree = buildTree(rows);
    let total = 0;
    const walk = (nodes: ReturnType<typeof buildTree>) => {
      for (const node of nodes) {
        total++;
        if (node.type === 'topic') walk(node.children);
      }
    };
    walk(tree);
    expect(total).toBe(10_000);
  });
});

describe('listViewComparator', () => {
  const item = (name: string, created: number, updated: number, position: string): ListViewRow => ({
    id: `${name}-id`,
    type: 'page',
    name,
    url: null,
    avatar: null,
    position,
    createdAt: new Date(created),
    updatedAt: new Date(updated),
    createdBy: { userId: 1, nickname: 'u' },
    updatedBy: null,
  });
  const rows = [
    item('张三', 3, 1, 'a0'),
    item('阿姨', 1, 3, 'a1'),
    item('Beta', 2, 2, 'a2'),
    item('北京', 2, 2, 'a3'),
  ];
  const names = (orderBy: 'name' | 'createdAt' | 'updatedAt', order: 'asc' | 'desc') =>
    [...rows].sort(listViewComparator(orderBy, order)).map((row) => row.name);

  it('sorts Chinese names by pinyin (ICU zh order puts Han before Latin)', () => {
    expect(names('name', 'asc')).toEqual(['阿姨', '北京', '张三', 'Beta']);
    expect(names('name', 'desc')).toEqual(['Beta', '张三', '北京', '阿姨']);
  });

  it('sorts by time and keeps tree order for equal times in both directions', () => {
    expect(names('createdAt', 'asc')).toEqual(['阿姨', 'Beta', '北京', '张三']);
    expect(names('createdAt', 'desc')).toEqual(['张三', 'Beta', '北京', '阿姨']);
    expect(names('updatedAt', 'desc')).toEqual(['阿姨', 'Beta', '北京', '张三']);
  });
});
