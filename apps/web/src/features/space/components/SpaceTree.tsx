// The content tree (spec §3, §9): our own virtual tree over the flat list of visible rows (see
// docs/decisions/web.md), indent 20 px, icons per type, expanded keys per space persisted, drag
// and drop (before / after / inside a topic), keyboard navigation (WAI-ARIA tree pattern), and
// one menu for all nodes, opened at a row's '…' button, at the pointer or from the keyboard.
import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Dropdown, type MenuProps } from 'antd';
import IconContext from '@ant-design/icons/es/components/Context';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { limits, type TreeNode } from '@library/contract';
import { moveNode } from '../api/move-node';
import { spaceKeys } from '../api/space-keys';
import {
  dropPlacement,
  dropZone,
  nodeId,
  visibleRows,
  type DropTarget,
  type DropZone,
  type TreeRow,
} from '../lib/space-tree';
import { treeKeyAction } from '../lib/tree-keyboard';
import { useExpandedKeysStore } from '../stores/space-prefs-store';
import { useSpaceView } from './space-context';
import { treeListPadding, treeRowHeight, TreeRowView } from './tree/TreeRowView';
import { useVirtualWindow } from './tree/use-virtual-window';

const noKeys: string[] = [];
/** how long a dragged node hovers over a collapsed topic before it opens (ms) */
const expandOnHoverMs = 600;

interface MenuAt {
  node: TreeNode;
  x: number;
  y: number;
  /** opened from the keyboard: the menu takes focus and gives it back */
  fromKeyboard: boolean;
}

export function SpaceTree() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { spaceId, tree, canEdit, actions, hrefs } = useSpaceView();
  const { pageId } = useParams();
  const [searchParams] = useSearchParams();
  const expandedKeys = useExpandedKeysStore((state) => state.bySpace[spaceId] ?? noKeys);
  const setExpandedKeys = useExpandedKeysStore((state) => state.setExpandedKeys);
  const idPrefix = useId();
  // Every antd icon, when it mounts, looks through the document's style elements for its own
  // CSS (and reads that element's text back): scrolling paid that for the icon of every new row.
  // The shell's own icons have inserted that CSS long before the tree shows.
  const iconContext = useContext(IconContext);
  const rowIcons = useMemo(() => ({ ...iconContext, zeroRuntime: true }), [iconContext]);
  const selectedKey = pageId ?? searchParams.get('topic') ?? null;

  const expandedSet = useMemo(() => new Set(expandedKeys), [expandedKeys]);
  const rows = useMemo(() => visibleRows(tree?.roots ?? [], expandedSet), [tree, expandedSet]);
  const { ref, range, scrollToIndex, pageSize } = useVirtualWindow<HTMLDivElement>(
    rows.length,
    treeRowHeight,
    { paddingTop: treeListPadding },
  );

  // The row keyboard focus is on (aria-activedescendant: DOM focus stays on the tree, so rows
  // can scroll out of the window without losing it), and whether to show it (keyboard use).
  const [activeId, setActiveId] = useState<string | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  // One menu for the whole tree: a menu per row made every row mount two dropdowns.
  const [menuAt, setMenuAt] = useState<MenuAt | null>(null);
  const dragged = useRef<string | null>(null);
  const [dropAt, setDropAt] = useState<{ id: string; zone: DropZone } | null>(null);
  const hoverExpand = useRef<{ id: string; timer: number } | null>(null);

  const domId = (id: string) => `${idPrefix}-${id}`;
  const indexOf = useCallback(
    (id: string | null) => rows.findIndex((row) => row.id === id),
    [rows],
  );

  // The open page or topic is always visible: its ancestors get expanded.
  useEffect(() => {
    if (!tree || !selectedKey) return;
    const ancestors: string[] = [];
    for (let at = tree.byId.get(selectedKey)?.parentId ?? null; at !== null;) {
      ancestors.push(at);
      at = tree.byId.get(at)?.parentId ?? null;
    }
    const current = useExpandedKeysStore.getState().bySpace[spaceId] ?? [];
    const missing = ancestors.filter((id) => !current.includes(id));
    if (missing.length > 0) setExpandedKeys(spaceId, [...current, ...missing]);
  }, [tree, selectedKey, spaceId, setExpandedKeys]);

  // ... and scrolled into view once per selection (after its ancestors opened); keyboard focus
  // moves there too.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedKey || revealed.current === selectedKey) return;
    const index = indexOf(selectedKey);
    if (index < 0) return;
    revealed.current = selectedKey;
    setActiveId(selectedKey);
    scrollToIndex(index);
  }, [selectedKey, indexOf, scrollToIndex]);

  const setExpanded = (id: string, open: boolean) => {
    const current = useExpandedKeysStore.getState().bySpace[spaceId] ?? [];
    if (open === current.includes(id)) return;
    setExpandedKeys(spaceId, open ? [...current, id] : current.filter((key) => key !== id));
  };

  const openRow = (row: TreeRow) => {
    const { node } = row;
    if (node.type === 'page') navigate(hrefs.page(node.pageId));
    else if (node.type === 'topic') {
      navigate(hrefs.topic(node.topicId));
      setExpanded(node.topicId, true);
    } else {
      window.open(node.url, '_blank', 'noopener,noreferrer');
    }
  };

  const menuFor = (node: TreeNode): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    if (node.type === 'topic') {
      items.push(
        { key: 'new-topic', label: t('spaces.newTopic') },
        { key: 'new-page', label: t('spaces.newPage') },
        { key: 'new-link', label: t('spaces.newLink') },
        { type: 'divider' },
      );
    }
    items.push(
      { key: 'rename', label: t('spaces.rename') },
      { key: 'delete', label: t('spaces.delete'), danger: true },
    );
    return items;
  };

  const handleMenu = (node: TreeNode, key: string) => {
    const id = nodeId(node);
    if (key === 'new-topic') actions.create('topic', id);
    else if (key === 'new-page') actions.create('page', id);
    else if (key === 'new-link') actions.create('link', id);
    else if (key === 'rename') actions.rename(node);
    else if (key === 'delete') actions.remove(node);
  };

  const closeMenu = () => {
    if (menuAt?.fromKeyboard) ref.current?.focus();
    setMenuAt(null);
  };

  /** The row an event happened in (rows carry their index). */
  const rowOf = (target: EventTarget) => {
    const element = (target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = Number(element?.dataset.index ?? -1);
    const row = rows[index];
    return row && element ? { row, index, element } : null;
  };

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = rowOf(event.target);
    if (!hit) return;
    const target = event.target as HTMLElement;
    setActiveId(hit.row.id);
    const more = target.closest<HTMLElement>('[data-action="more"]');
    if (more) {
      const box = more.getBoundingClientRect();
      setMenuAt({ node: hit.row.node, x: box.left, y: box.bottom, fromKeyboard: false });
    } else if (target.closest('[data-action="toggle"]')) {
      setExpanded(hit.row.id, !hit.row.expanded);
    } else if (!target.closest('a')) {
      // (a link's own anchor opens it in a new tab by itself)
      openRow(hit.row);
    }
  };

  const handleContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hit = rowOf(event.target);
    if (!canEdit || !hit) return;
    event.preventDefault();
    setActiveId(hit.row.id);
    setMenuAt({ node: hit.row.node, x: event.clientX, y: event.clientY, fromKeyboard: false });
  };

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || indexOf(activeId) >= 0) return;
    const selected = indexOf(selectedKey);
    setActiveId(rows[selected >= 0 ? selected : 0]?.id ?? null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const active = indexOf(activeId);
    const action = treeKeyAction(rows, active, event, pageSize);
    if (!action) return;
    event.preventDefault();
    setKeyboard(true);
    if (action.type === 'focus') {
      setActiveId(rows[action.index]!.id);
      scrollToIndex(action.index);
      return;
    }
    if (action.type === 'expand' || action.type === 'collapse') {
      setExpanded(action.id, action.type === 'expand');
      return;
    }
    const row = rows[action.index]!;
    if (action.type === 'open') return openRow(row);
    if (!canEdit) return;
    if (action.type === 'rename') return actions.rename(row.node);
    if (action.type === 'delete') return actions.remove(row.node);
    scrollToIndex(action.index);
    const box = document.getElementById(domId(row.id))?.getBoundingClientRect();
    // under the row's name: past the indent and the switcher
    const x = box ? box.left + (row.level - 1) * limits.treeIndentPx + 24 : 0;
    setMenuAt({ node: row.node, x, y: box?.bottom ?? 0, fromKeyboard: true });
  };

  // Drag and drop (editors): HTML5 drag events on the rows, handled here for all of them.
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
    setActiveId(hit.row.id);
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

  const activeIndex = indexOf(activeId);
  const rendered: TreeRow[] = rows.slice(range.start, range.end);
  const slots = Math.max(1, range.capacity);
  const moreLabel = t('spaces.moreActions');

  return (
    <>
      <div
        ref={ref}
        className={keyboard ? 'space-tree is-keyboard' : 'space-tree'}
        role="tree"
        aria-label={t('spaces.contentTree')}
        tabIndex={0}
        aria-activedescendant={
          activeIndex >= range.start && activeIndex < range.end && activeId
            ? domId(activeId)
            : undefined
        }
        onClick={handleClick}
        onContextMenu={handleContextMenu}
        onFocus={handleFocus}
        onKeyDown={handleKeyDown}
        onMouseDown={() => setKeyboard(false)}
        onDragStart={handleDragStart}
        onDragOver={handleDragOver}
        onDragLeave={handleDragLeave}
        onDrop={handleDrop}
        onDragEnd={endDrag}
      >
        <div
          className="space-tree-rows"
          role="none"
          style={{ height: rows.length * treeRowHeight + 2 * treeListPadding }}
        >
          <IconContext.Provider value={rowIcons}>
            {rendered.map((row, offset) => (
              <TreeRowView
                // keyed by slot, not by node: a row scrolled in takes over the elements of one
                // scrolled out (new text and attributes instead of new elements)
                key={(range.start + offset) % slots}
                row={row}
                index={range.start + offset}
                domId={domId(row.id)}
                selected={row.id === selectedKey}
                active={row.id === activeId}
                drop={dropAt?.id === row.id ? dropAt.zone : null}
                canEdit={canEdit}
                moreLabel={moreLabel}
              />
            ))}
          </IconContext.Provider>
        </div>
      </div>
      {menuAt && (
        <Dropdown
          open
          autoFocus={menuAt.fromKeyboard}
          onOpenChange={(open) => !open && closeMenu()}
          menu={{
            items: menuFor(menuAt.node),
            onClick: ({ key }) => {
              closeMenu();
              handleMenu(menuAt.node, key);
            },
          }}
          trigger={['click']}
        >
          <span className="tree-menu-anchor" style={{ left: menuAt.x, top: menuAt.y }} />
        </Dropdown>
      )}
    </>
  );
}
