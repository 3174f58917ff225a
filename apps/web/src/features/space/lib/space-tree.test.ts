import { describe, expect, it } from 'vitest';
import {
  dropPlacement,
  dropUnknownNodes,
  dropZone,
  indexSpaceTree,
  isInsideOwnSubtree,
  pruneExpandedKeys,
  subtreeIds,
  visibleRows,
} from './space-tree';

const serverTree: unknown[] = [
  {
    type: 'topic',
    topicId: 't1',
    name: '主题',
    children: [
      { type: 'page', pageId: 'p1', name: '页面', avatar: null },
      { type: 'file', fileId: 'f1', name: '文件' },
      {
        type: 'topic',
        topicId: 't2',
        name: '子主题',
        children: [{ type: 'whiteboard', id: 'w1', name: '白板' }],
      },
    ],
  },
  { type: 'link', linkId: 'l1', name: '链接', url: 'https://example.com' },
  { type: 'mystery', name: '?' },
  null,
];

describe('building the tree', () => {
  it('drops unknown node types at every depth and keeps the order', () => {
    const roots = dropUnknownNodes(serverTree);
    expect(roots.map((node) => node.type)).toEqual(['topic', 'link']);
    const topic = roots[0];
    expect(topic?.type === 'topic' && topic.children.map((child) => child.name)).toEqual([
      '页面',
      '子主题',
    ]);
  });

  it('indexes ids, parents, topics and pages', () => {
    const index = indexSpaceTree(serverTree);
    expect([...index.topicIds]).toEqual(['t1', 't2']);
    expect([...index.pageIds]).toEqual(['p1']);
    expect(index.byId.get('p1')?.parentId).toBe('t1');
    expect(index.byId.get('l1')?.parentId).toBeNull();
    expect(index.byId.has('f1')).toBe(false);
  });

  it('lists a subtree for deletes', () => {
    const [topic] = indexSpaceTree(serverTree).roots;
    expect(topic && subtreeIds(topic)).toEqual(['t1', 'p1', 't2']);
  });
});

describe('expanded keys', () => {
  it('keeps only keys of existing topics', () => {
    expect(pruneExpandedKeys(['t1', 'gone', 'p1', 't2'], new Set(['t1', 't2']))).toEqual([
      't1',
      't2',
    ]);
  });
});

/** t1 (p1, t2 (p2, p3)), p4, l1 — as the server answers. */
const bigger: unknown[] = [
  {
    type: 'topic',
    topicId: 't1',
    name: '主题',
    children: [
      { type: 'page', pageId: 'p1', name: '页面', avatar: null },
      {
        type: 'topic',
        topicId: 't2',
        name: '子主题',
        children: [
          { type: 'page', pageId: 'p2', name: '二', avatar: null },
          { type: 'page', pageId: 'p3', name: '三', avatar: null },
        ],
      },
    ],
  },
  { type: 'page', pageId: 'p4', name: '四', avatar: null },
  { type: 'topic', topicId: 't3', name: '空主题', children: [] },
  { type: 'link', linkId: 'l1', name: '链接', url: 'https://example.com' },
];

const rowsFor = (expanded: string[]) =>
  visibleRows(indexSpaceTree(bigger).roots, new Set(expanded));

describe('visible rows', () => {
  it('lists only the roots while nothing is expanded', () => {
    const rows = rowsFor([]);
    expect(rows.map((row) => row.id)).toEqual(['t1', 'p4', 't3', 'l1']);
    expect(rows.map((row) => row.level)).toEqual([1, 1, 1, 1]);
    expect(rows[0]).toMatchObject({ expandable: true, expanded: false, posInSet: 1, setSize: 4 });
  });

  it('enters expanded topics in display order with their depth and parent', () => {
    const rows = rowsFor(['t1', 't2']);
    expect(rows.map((row) => `${row.id}@${row.level}`)).toEqual([
      't1@1',
      'p1@2',
      't2@2',
      'p2@3',
      'p3@3',
      'p4@1',
      't3@1',
      'l1@1',
    ]);
    expect(rows[3]).toMatchObject({ parentId: 't2', posInSet: 1, setSize: 2 });
    expect(rows[2]).toMatchObject({ expandable: true, expanded: true, posInSet: 2, setSize: 2 });
  });

  it('hides the subtree of a collapsed topic even when topics below it are expanded', () => {
    expect(rowsFor(['t2']).map((row) => row.id)).toEqual(['t1', 'p4', 't3', 'l1']);
  });

  it('treats a topic without children as not expandable', () => {
    const empty = rowsFor(['t3']).find((row) => row.id === 't3');
    expect(empty).toMatchObject({ expandable: false, expanded: false });
  });

  it('flattens 10,000 nodes quickly', () => {
    const roots = Array.from({ length: 100 }, (_, t) => ({
      type: 'topic' as const,
      topicId: `t${t}`,
      name: `主题 ${t}`,
      children: Array.from({ length: 99 }, (_, p) => ({
        type: 'page' as const,
        pageId: `p${t}-${p}`,
        name: `页面 ${p}`,
        avatar: null,
      })),
    }));
    const started = performance.now();
    const rows = visibleRows(roots, new Set(roots.map((root) => root.topicId)));
    expect(rows).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('drop zones', () => {
  it('splits a topic row in quarters: gap, inside, inside, gap', () => {
    expect(dropZone(2, 28, 'topic')).toBe('before');
    expect(dropZone(14, 28, 'topic')).toBe('inside');
    expect(dropZone(26, 28, 'topic')).toBe('after');
  });

  it('splits a page or link row in halves', () => {
    expect(dropZone(13, 28, 'page')).toBe('before');
    expect(dropZone(15, 28, 'link')).toBe('after');
  });
});

describe('drop placements', () => {
  const index = indexSpaceTree(bigger);
  const rows = rowsFor(['t1', 't2']);
  const at = (id: string) => rows.findIndex((row) => row.id === id);

  it('drops onto a topic inside it', () => {
    expect(dropPlacement(index, rows, at('t3'), 'inside', 'p4')).toEqual({
      targetId: 't3',
      placement: 'inside',
    });
  });

  it('refuses a drop onto a page or a link', () => {
    expect(dropPlacement(index, rows, at('p4'), 'inside', 'p1')).toBeNull();
    expect(dropPlacement(index, rows, at('l1'), 'inside', 'p1')).toBeNull();
  });

  it('drops in the gaps before and after a node', () => {
    expect(dropPlacement(index, rows, at('p4'), 'before', 'p2')).toEqual({
      targetId: 'p4',
      placement: 'before',
    });
    expect(dropPlacement(index, rows, at('l1'), 'after', 'p2')).toEqual({
      targetId: 'l1',
      placement: 'after',
    });
  });

  it('puts a node dropped below an expanded topic before its first child', () => {
    expect(dropPlacement(index, rows, at('t2'), 'after', 'p4')).toEqual({
      targetId: 'p2',
      placement: 'before',
    });
  });

  it('refuses a drop onto the dragged node itself', () => {
    expect(dropPlacement(index, rows, at('p4'), 'before', 'p4')).toBeNull();
  });

  it('refuses moving a topic into its own subtree, at any depth', () => {
    expect(dropPlacement(index, rows, at('t2'), 'inside', 't1')).toBeNull();
    expect(dropPlacement(index, rows, at('p2'), 'after', 't1')).toBeNull();
    expect(dropPlacement(index, rows, at('t2'), 'after', 't2')).toBeNull();
    expect(dropPlacement(index, rows, at('p4'), 'after', 't1')).toEqual({
      targetId: 'p4',
      placement: 'after',
    });
  });

  it('sees a topic moving into its own subtree', () => {
    const index = indexSpaceTree(serverTree);
    expect(isInsideOwnSubtree(index, 't1', 't2')).toBe(true);
    expect(isInsideOwnSubtree(index, 't2', 't1')).toBe(false);
    expect(isInsideOwnSubtree(index, 'p1', null)).toBe(false);
  });
});
