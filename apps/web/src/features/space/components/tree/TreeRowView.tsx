// One row of the content tree: indent, switcher, icon and name (a link opens in a new tab), and
// for editors the '…' button. Plain elements without handlers: the tree handles clicks, keys and
// drags for all rows at once, so a row re-renders only when what it shows changes. The switcher's
// caret and the '…' are drawn in CSS: scrolling creates fewer elements than with antd icons.
import { memo } from 'react';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { limits } from '@library/contract';
import type { DropZone, TreeRow } from '../../lib/space-tree';
import { NodeIcon } from '../NodeIcon';

/** Row height in px (as antd's tree: a 24 px title and 4 px between rows). */
export const treeRowHeight = 28;
/** the space above the first row inside the scrolled tree (px) */
export const treeListPadding = 4;

export interface TreeRowViewProps {
  row: TreeRow;
  index: number;
  domId: string;
  selected: boolean;
  active: boolean;
  drop: DropZone | null;
  canEdit: boolean;
  moreLabel: string;
  /** the mark of a topic closed to visitors */
  closedLabel: string;
}

export const TreeRowView = memo(function TreeRowView({
  row,
  index,
  domId,
  selected,
  active,
  drop,
  canEdit,
  moreLabel,
  closedLabel,
}: TreeRowViewProps) {
  const { node } = row;
  // the icon's English label ('folder', 'file-text') is no part of the row's name
  const icon = (
    <span className="tree-node-icon" aria-hidden>
      <NodeIcon node={node} open={row.expanded} />
    </span>
  );
  const className = [
    'space-tree-row',
    selected && 'is-selected',
    active && 'is-active',
    drop && `is-drop-${drop}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      id={domId}
      role="treeitem"
      className={className}
      style={{
        top: treeListPadding + index * treeRowHeight,
        paddingInlineStart: (row.level - 1) * limits.treeIndentPx,
      }}
      aria-level={row.level}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-selected={selected}
      data-index={index}
      draggable={canEdit}
    >
      <span
        className={row.expandable ? 'space-tree-switcher' : 'space-tree-switcher is-leaf'}
        data-action={row.expandable ? 'toggle' : undefined}
        aria-hidden
      />
      <span className="tree-node">
        {node.type === 'link' ? (
          <a
            className="tree-node-name"
            title={node.name}
            href={node.url}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={-1}
            draggable={false}
          >
            {icon}
            <span className="tree-node-label">{node.name}</span>
          </a>
        ) : (
          <span className="tree-node-name" title={node.name}>
            {icon}
            <span className="tree-node-label">{node.name}</span>
            {node.type === 'topic' && node.visitorsClosed && (
              <EyeInvisibleOutlined
                className="tree-node-closed"
                title={closedLabel}
                aria-label={closedLabel}
              />
            )}
          </span>
        )}
        {canEdit && (
          <button
            type="button"
            className="tree-node-more"
            data-action="more"
            tabIndex={-1}
            aria-label={`${moreLabel} ${node.name}`}
            aria-haspopup="menu"
          />
        )}
      </span>
    </div>
  );
});
