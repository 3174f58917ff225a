// Drag and drop in the content tree (editors): HTML5 drag events on the rows, handled by the tree
// for all of them. A topic row's middle takes a drop inside, its edges are the gaps before and
// after (lib/space-tree.ts decides); hovering over a collapsed topic opens it after a moment.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { moveNode } from '../../api/move-node';
import { spaceKeys } from '../../api/space-keys';
import {
  dropPlacement,
  dropZone,
  type DropTarget,
  type DropZone,
  type SpaceTreeIndex,
  type TreeRow,
} from '../../lib/space-tree';

/** how long a dragged node hovers over a collapsed topic before it opens (ms) */
const expandOnHoverMs = 600;

export interface RowHit {
  row: TreeRow;
  index: number;
  element: HTMLElement;
}

export interface TreeDragOptions {
  spaceId: string;
  tree: SpaceTreeIndex | undefined;
  rows: TreeRow[];
  canEdit: boolean;
  /** the row an event happened in */
  rowOf: (target: EventTarget) => RowHit | null;
  setExpanded: (id: string, open: boolean) => void;
  /** a drag started on this row (it becomes the active one) */
  onDragRow: (id: string) => void;
}

export function useTreeDrag({
  spaceId,
  tree,
  rows,
  canEdit,
  rowOf,
  setExpanded,
  onDragRow,
}: TreeDragOptions) {
  const queryClient = useQueryClient();
  const dragged = useRef<string | null>(null);
  const [dropAt, setDropAt] = useState<{ id: string; zone: DropZone } | null>(null);
  const hoverExpand = useRef<{ id: string; timer: number } | null>(null);

  const stopHoverExpand = () => {
    if (hoverExpand.current) window.clearTimeout(hoverExpand.current.timer);
    hoverExpand.current = null;
  };
  const endDrag = () => {
    dragged.current = null;
    setDropAt(null);
    stopHoverExpand();
  };

  const dropFor = (event: DragEvent<HTMLDivElement>): DropTarget | null => {
    const hit = rowOf(event.target);
    if (!tree || !dragged.current || !hit) return null;
    const box = hit.element.getBoundingClientRect();
    const zone = dropZone(event.clientY - box.top, box.height, hit.row.node.type);
    const drop = dropPlacement(tree, rows, hit.index, zone, dragged.current);
    // Hovering over the middle of a collapsed topic opens it after a moment.
    if (zone === 'inside' && hit.row.expandable && !hit.row.expanded) {
      if (hoverExpand.current?.id !== hit.row.id) {
        stopHoverExpand();
        const id = hit.row.id;
        hoverExpand.current = {
          id,
          timer: window.setTimeout(() => setExpanded(id, true), expandOnHoverMs),
        };
      }
    } else stopHoverExpand();
    return drop;
  };

  const handleDragStart = (event: DragEvent<HTMLDivElement>) => {
    const hit = rowOf(event.target);
    if (!canEdit || !hit) return;
    dragged.current = hit.row.id;
    onDragRow(hit.row.id);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', hit.row.node.name);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!dragged.current) return;
    const drop = dropFor(event);
    const next = drop?.targetId ? { id: drop.targetId, zone: drop.placement } : null;
    if (next?.id !== dropAt?.id || next?.zone !== dropAt?.zone) setDropAt(next);
    if (!drop) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };

  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setDropAt(null);
      stopHoverExpand();
    }
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    const movedId = dragged.current;
    const drop = dropFor(event);
    endDrag();
    if (!movedId || !drop) return;
    event.preventDefault();
    void moveNode(movedId, drop)
      .then(() => {
        if (drop.placement === 'inside' && drop.targetId) setExpanded(drop.targetId, true);
      })
      .catch(() => undefined)
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: spaceKeys.tree(spaceId) });
        void queryClient.invalidateQueries({ queryKey: spaceKeys.listView(spaceId) });
      });
  };

  useEffect(
    () => () => {
      if (hoverExpand.current) window.clearTimeout(hoverExpand.current.timer);
    },
    [],
  );

  return {
    /** the row a drop would land on, and where */
    dropAt,
    /** spread on the tree element */
    dragHandlers: {
      onDragStart: handleDragStart,
      onDragOver: handleDragOver,
      onDragLeave: handleDragLeave,
      onDrop: handleDrop,
      onDragEnd: endDrag,
    },
  };
}
