// The content tree (spec §3, §9): our own virtual tree over the flat list of visible rows (see
// docs/decisions/web.md), indent 20 px, icons per type, expanded keys per space persisted, drag
// and drop (before / after / inside a topic), keyboard navigation (WAI-ARIA tree pattern), and
// one menu for all nodes, opened at a row's '…' button, at the pointer or from the keyboard
// (tree/TreeNodeMenu.tsx). Drag and drop: tree/use-tree-drag.ts.
import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import IconContext from '@ant-design/icons/es/components/Context';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { limits } from '@library/contract';
import { visibleRows, type TreeRow } from '../lib/space-tree';
import { treeKeyAction } from '../lib/tree-keyboard';
import { useExpandedKeysStore } from '../stores/space-prefs-store';
import { useSpaceView } from './space-context';
import { TreeNodeMenu, type MenuAt } from './tree/TreeNodeMenu';
import { treeListPadding, treeRowHeight, TreeRowView } from './tree/TreeRowView';
import { useTreeDrag, type RowHit } from './tree/use-tree-drag';
import { useVirtualWindow } from './tree/use-virtual-window';

const noKeys: string[] = [];

export function SpaceTree() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

  const closeMenu = () => {
    if (menuAt?.fromKeyboard) ref.current?.focus();
    setMenuAt(null);
  };

  /** The row an event happened in (rows carry their index). */
  const rowOf = (target: EventTarget): RowHit | null => {
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

  const { dropAt, dragHandlers } = useTreeDrag({
    spaceId,
    tree,
    rows,
    canEdit,
    rowOf,
    setExpanded,
    onDragRow: setActiveId,
  });

  const activeIndex = indexOf(activeId);
  const rendered: TreeRow[] = rows.slice(range.start, range.end);
  const slots = Math.max(1, range.capacity);
  const moreLabel = t('spaces.moreActions');
  const closedLabel = t('spaces.topicClosedToVisitors');

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
        {...dragHandlers}
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
                closedLabel={closedLabel}
              />
            ))}
          </IconContext.Provider>
        </div>
      </div>
      {menuAt && <TreeNodeMenu menuAt={menuAt} onClose={closeMenu} />}
    </>
  );
}
