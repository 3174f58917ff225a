import { describe, expect, it } from 'vitest';
import { indexSpaceTree, visibleRows } from './space-tree';
import { treeKeyAction } from './tree-keyboard';

// t1 (p1, t2 (p2)), p3 'Beta', l1 'beta link'
const tree = indexSpaceTree([
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
        children: [{ type: 'page', pageId: 'p2', name: '深处', avatar: null }],
      },
    ],
  },
  { type: 'page', pageId: 'p3', name: 'Beta', avatar: null },
  { type: 'link', linkId: 'l1', name: 'beta link', url: 'https://example.com' },
]);
// t1 expanded, t2 collapsed: t1, p1, t2, p3, l1
const rows = visibleRows(tree.roots, new Set(['t1']));
const at = (id: string) => rows.findIndex((row) => row.id === id);
const press = (id: string | null, key: string, more: Record<string, boolean> = {}) =>
  treeKeyAction(rows, id === null ? -1 : at(id), { key, ...more }, 3);

describe('tree keys', () => {
  it('moves up and down, stopping at the ends', () => {
    expect(press('t1', 'ArrowDown')).toEqual({ type: 'focus', index: at('p1') });
    expect(press('p1', 'ArrowUp')).toEqual({ type: 'focus', index: at('t1') });
    expect(press('t1', 'ArrowUp')).toEqual({ type: 'focus', index: at('t1') });
    expect(press('l1', 'ArrowDown')).toEqual({ type: 'focus', index: at('l1') });
  });

  it('jumps with Home, End and by a page', () => {
    expect(press('t2', 'Home')).toEqual({ type: 'focus', index: 0 });
    expect(press('p1', 'End')).toEqual({ type: 'focus', index: rows.length - 1 });
    expect(press('t1', 'PageDown')).toEqual({ type: 'focus', index: 3 });
    expect(press('p3', 'PageUp')).toEqual({ type: 'focus', index: 0 });
    expect(press('p3', 'PageDown')).toEqual({ type: 'focus', index: rows.length - 1 });
  });

  it('starts at the first row (or the last for End) when no row is active yet', () => {
    expect(press(null, 'ArrowDown')).toEqual({ type: 'focus', index: 0 });
    expect(press(null, 'End')).toEqual({ type: 'focus', index: rows.length - 1 });
    expect(press(null, 'Enter')).toBeNull();
  });

  it('ArrowRight expands a collapsed topic, then goes to its first child', () => {
    expect(press('t2', 'ArrowRight')).toEqual({ type: 'expand', id: 't2' });
    expect(press('t1', 'ArrowRight')).toEqual({ type: 'focus', index: at('p1') });
    expect(press('p1', 'ArrowRight')).toBeNull();
  });

  it('ArrowLeft collapses an expanded topic, else goes to the parent', () => {
    expect(press('t1', 'ArrowLeft')).toEqual({ type: 'collapse', id: 't1' });
    expect(press('t2', 'ArrowLeft')).toEqual({ type: 'focus', index: at('t1') });
    expect(press('p1', 'ArrowLeft')).toEqual({ type: 'focus', index: at('t1') });
    expect(press('p3', 'ArrowLeft')).toBeNull();
  });

  it('Enter opens the row; the menu, rename and delete keys ask for those actions', () => {
    expect(press('p1', 'Enter')).toEqual({ type: 'open', index: at('p1') });
    expect(press('p1', 'ContextMenu')).toEqual({ type: 'menu', index: at('p1') });
    expect(press('p1', 'F10', { shiftKey: true })).toEqual({ type: 'menu', index: at('p1') });
    expect(press('p1', 'F10')).toBeNull();
    expect(press('p1', 'F2')).toEqual({ type: 'rename', index: at('p1') });
    expect(press('p1', 'Delete')).toEqual({ type: 'delete', index: at('p1') });
  });

  it('a letter moves to the next row whose name starts with it, wrapping around', () => {
    expect(press('t1', 'b')).toEqual({ type: 'focus', index: at('p3') });
    expect(press('p3', 'B')).toEqual({ type: 'focus', index: at('l1') });
    expect(press('l1', 'b')).toEqual({ type: 'focus', index: at('p3') });
    expect(press('t1', '页')).toEqual({ type: 'focus', index: at('p1') });
    expect(press('t1', 'z')).toBeNull();
  });

  it('leaves keys with Ctrl, Alt or Meta, and keys it does not use, to the browser', () => {
    expect(press('t1', 'ArrowDown', { ctrlKey: true })).toBeNull();
    expect(press('t1', 'End', { metaKey: true })).toBeNull();
    expect(press('t1', 'Tab')).toBeNull();
    expect(press('t1', ' ')).toBeNull();
    expect(treeKeyAction([], -1, { key: 'ArrowDown' }, 3)).toBeNull();
  });
});
