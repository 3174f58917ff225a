// The content tree (spec §3, §9): antd Tree, virtualised, indent 20 px, icons per type,
// expanded keys per space persisted, drag and drop (before / after / inside a topic), and per
// node a context menu and a hover '…' menu with the edit actions editors may use.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ConfigProvider,
  Dropdown,
  Tree,
  type MenuProps,
  type TreeDataNode,
  type TreeProps,
} from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { limits, type TreeNode } from '@library/contract';
import { paths } from '../../../config/paths';
import { moveNode } from '../api/move-node';
import { spaceKeys } from '../api/space-keys';
import { dropPlacement, isInsideOwnSubtree, nodeId } from '../lib/space-tree';
import { useExpandedKeysStore } from '../stores/space-prefs-store';
import { NodeIcon } from './NodeIcon';
import { useSpaceView } from './space-context';

interface NodeData extends TreeDataNode {
  key: string;
  node: TreeNode;
  children?: NodeData[];
}

const noKeys: string[] = [];
/** spec §9 tree indent (limits.treeIndentPx) */
const treeTheme = { components: { Tree: { indentSize: limits.treeIndentPx } } };

function useElementHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(Math.max(120, Math.floor(entry.contentRect.height)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, height };
}

export function SpaceTree() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { spaceId, tree, canEdit, actions } = useSpaceView();
  const { pageId } = useParams();
  const [searchParams] = useSearchParams();
  const expandedKeys = useExpandedKeysStore((state) => state.bySpace[spaceId] ?? noKeys);
  const setExpandedKeys = useExpandedKeysStore((state) => state.setExpandedKeys);
  const { ref, height } = useElementHeight<HTMLDivElement>();
  // One menu for the whole tree, opened at the row's '…' button or at the pointer: a menu per
  // row made every row mount two dropdowns, which slowed scrolling a large tree.
  const [menuAt, setMenuAt] = useState<{ node: TreeNode; x: number; y: number } | null>(null);

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

  const renderTitle = (node: TreeNode, open: boolean): ReactNode => {
    const icon = <NodeIcon node={node} open={open} />;
    const label =
      node.type === 'link' ? (
        <a
          className="tree-node-name"
          href={node.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => event.stopPropagation()}
        >
          {icon}
          {node.name}
        </a>
      ) : (
        <span className="tree-node-name">
          {icon}
          {node.name}
        </span>
      );
    if (!canEdit) return <span className="tree-node">{label}</span>;
    return (
      <span className="tree-node">
        {label}
        {/* a plain button: an antd Button per row costs more than the row itself */}
        <button
          type="button"
          className="tree-node-more"
          aria-label={`${t('spaces.moreActions')} ${node.name}`}
          aria-haspopup="menu"
          onClick={(event) => {
            event.stopPropagation();
            const box = event.currentTarget.getBoundingClientRect();
            setMenuAt({ node, x: box.left, y: box.bottom });
          }}
        >
          <MoreOutlined />
        </button>
      </span>
    );
  };

  const treeData = useMemo(() => {
    const toData = (nodes: TreeNode[]): NodeData[] =>
      nodes.map((node) => ({
        key: nodeId(node),
        node,
        title: node.name,
        isLeaf: node.type !== 'topic',
        children: node.type === 'topic' ? toData(node.children) : undefined,
      }));
    return toData(tree?.roots ?? []);
  }, [tree]);

  const selectedKey = pageId ?? searchParams.get('topic') ?? null;

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

  const handleDrop: TreeProps<NodeData>['onDrop'] = (info) => {
    if (!tree) return;
    const target = info.node;
    const moved = info.dragNode;
    const targetIndex = Number(target.pos.split('-').at(-1) ?? 0);
    const drop = dropPlacement({
      targetId: target.key,
      targetType: target.node.type,
      dropToGap: info.dropToGap,
      dropPosition: info.dropPosition,
      targetIndex,
    });
    if (!drop || drop.targetId === moved.key) return;
    const newParent =
      drop.placement === 'inside' ? drop.targetId : (tree.byId.get(target.key)?.parentId ?? null);
    if (isInsideOwnSubtree(tree, moved.key, newParent)) return;
    void moveNode(moved.key, drop)
      .then(() => {
        if (drop.placement === 'inside' && drop.targetId && !expandedKeys.includes(drop.targetId)) {
          setExpandedKeys(spaceId, [...expandedKeys, drop.targetId]);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: spaceKeys.tree(spaceId) });
        void queryClient.invalidateQueries({ queryKey: spaceKeys.listView(spaceId) });
      });
  };

  return (
    <div className="space-tree" ref={ref}>
      <ConfigProvider theme={treeTheme}>
        <Tree<NodeData>
          treeData={treeData}
          virtual
          height={height}
          blockNode
          titleRender={(data) => renderTitle(data.node, expandedKeys.includes(data.key))}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpandedKeys(spaceId, keys.map(String))}
          selectedKeys={selectedKey ? [selectedKey] : []}
          draggable={canEdit ? { icon: false, nodeDraggable: () => true } : false}
          allowDrop={({ dropNode, dropPosition }) =>
            dropPosition !== 0 || dropNode.node.type === 'topic'
          }
          onDrop={handleDrop}
          onRightClick={({ event, node }) => {
            if (!canEdit) return;
            event.preventDefault();
            setMenuAt({ node: node.node, x: event.clientX, y: event.clientY });
          }}
          onSelect={(_keys, { node }) => {
            const data = node.node;
            if (data.type === 'page') navigate(paths.spacePage.getHref(spaceId, data.pageId));
            else if (data.type === 'topic') {
              navigate(`${paths.space.getHref(spaceId)}?topic=${encodeURIComponent(data.topicId)}`);
              if (!expandedKeys.includes(data.topicId)) {
                setExpandedKeys(spaceId, [...expandedKeys, data.topicId]);
              }
            } else {
              window.open(data.url, '_blank', 'noopener,noreferrer');
            }
          }}
        />
      </ConfigProvider>
      {menuAt && (
        <Dropdown
          open
          onOpenChange={(open) => !open && setMenuAt(null)}
          menu={{
            items: menuFor(menuAt.node),
            onClick: ({ key }) => {
              setMenuAt(null);
              handleMenu(menuAt.node, key);
            },
          }}
          trigger={['click']}
        >
          <span className="tree-menu-anchor" style={{ left: menuAt.x, top: menuAt.y }} />
        </Dropdown>
      )}
    </div>
  );
}
