import { describe, expect, it } from 'vitest';
import {
  dropPlacement,
  dropUnknownNodes,
  indexSpaceTree,
  isInsideOwnSubtree,
  pruneExpandedKeys,
  subtreeIds,
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

describe('drop placements', () => {
  it('drops onto a topic inside it', () => {
    expect(
      dropPlacement({
        targetId: 't1',
        targetType: 'topic',
        dropToGap: false,
        dropPosition: 0,
        targetIndex: 0,
      }),
    ).toEqual({ targetId: 't1', placement: 'inside' });
  });

  it('refuses a drop onto a page', () => {
    expect(
      dropPlacement({
        targetId: 'p1',
        targetType: 'page',
        dropToGap: false,
        dropPosition: 1,
        targetIndex: 1,
      }),
    ).toBeNull();
  });

  it('drops in the gaps before and after a node', () => {
    expect(
      dropPlacement({
        targetId: 'p1',
        targetType: 'page',
        dropToGap: true,
        dropPosition: -1,
        targetIndex: 0,
      }),
    ).toEqual({ targetId: 'p1', placement: 'before' });
    expect(
      dropPlacement({
        targetId: 'p1',
        targetType: 'page',
        dropToGap: true,
        dropPosition: 3,
        targetIndex: 2,
      }),
    ).toEqual({ targetId: 'p1', placement: 'after' });
  });

  it('sees a topic moving into its own subtree', () => {
    const index = indexSpaceTree(serverTree);
    expect(isInsideOwnSubtree(index, 't1', 't2')).toBe(true);
    expect(isInsideOwnSubtree(index, 't2', 't1')).toBe(false);
    expect(isInsideOwnSubtree(index, 'p1', null)).toBe(false);
  });
});
