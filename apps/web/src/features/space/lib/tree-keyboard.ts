// What a key does in the content tree (the WAI-ARIA tree pattern): moves the active row, expands
// or collapses a topic, opens a row, or asks for one of the row's edit actions. Pure, over the
// visible rows, so the component only carries the answer out.
import type { TreeRow } from './space-tree';

export type TreeKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'open'; index: number }
  | { type: 'menu'; index: number }
  | { type: 'rename'; index: number }
  | { type: 'delete'; index: number };

export interface TreeKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/**
 * The action for `key` with the row at `active` active (-1: none yet; navigation then starts at
 * the first row, or the last for End). `pageSize` is how many rows PageUp/PageDown move. Null:
 * the key is not the tree's (the browser keeps it).
 */
export function treeKeyAction(
  rows: readonly TreeRow[],
  active: number,
  event: TreeKey,
  pageSize: number,
): TreeKeyAction | null {
  const last = rows.length - 1;
  if (last < 0 || event.ctrlKey || event.metaKey || event.altKey) return null;
  const focus = (index: number): TreeKeyAction => ({
    type: 'focus',
    index: Math.max(0, Math.min(last, index)),
  });
  const row = rows[active];
  if (!row) {
    if (event.key === 'End') return focus(last);
    return [
      'ArrowDown',
      'ArrowUp',
      'ArrowRight',
      'ArrowLeft',
      'Home',
      'PageDown',
      'PageUp',
    ].includes(event.key)
      ? focus(0)
      : null;
  }
  switch (event.key) {
    case 'ArrowDown':
      return focus(active + 1);
    case 'ArrowUp':
      return focus(active - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(last);
    case 'PageDown':
      return focus(active + Math.max(1, pageSize));
    case 'PageUp':
      return focus(active - Math.max(1, pageSize));
    case 'ArrowRight':
      if (!row.expandable) return null;
      return row.expanded ? focus(active + 1) : { type: 'expand', id: row.id };
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', id: row.id };
      if (row.parentId === null) return null;
      for (let at = active - 1; at >= 0; at--) if (rows[at]!.id === row.parentId) return focus(at);
      return null;
    }
    case 'Enter':
      return { type: 'open', index: active };
    case 'ContextMenu':
      return { type: 'menu', index: active };
    case 'F10':
      return event.shiftKey ? { type: 'menu', index: active } : null;
    case 'F2':
      return { type: 'rename', index: active };
    case 'Delete':
      return { type: 'delete', index: active };
    default:
      return typeAhead(rows, active, event.key);
  }
}

/** A printable character moves to the next row whose name starts with it (wrapping around). */
function typeAhead(rows: readonly TreeRow[], active: number, key: string): TreeKeyAction | null {
  if ([...key].length !== 1 || key.trim() === '') return null;
  const wanted = key.toLocaleLowerCase();
  for (let step = 1; step <= rows.length; step++) {
    const at = (active + step) % rows.length;
    if (rows[at]!.node.name.toLocaleLowerCase().startsWith(wanted))
      return { type: 'focus', index: at };
  }
  return null;
}
