// The space root and the topic view (`/space/:spaceId`, `?topic=<topicId>` selects a topic):
// the children of the root or of the topic, as cards (tree mode) or as a sortable table (list
// mode, `GET /v3/space/{spaceId}/topic/listView`). A new space gets a friendly empty state.
import { useState } from 'react';
import {
  Breadcrumb,
  Button,
  Card,
  Empty,
  Skeleton,
  Table,
  Typography,
  type TableProps,
} from 'antd';
import { AppstoreAddOutlined, FileAddOutlined, FolderAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  defaultLocale,
  isLocale,
  limits,
  type ListViewItem,
  type TreeNode,
} from '@library/contract';
import { languageTag } from '../../../lib/format';
import { useFeature } from '../../../hooks/use-feature';
import { useListView } from '../api/get-list-view';
import type { SpaceHrefs } from '../../../config/space-hrefs';
import { nodeId } from '../lib/space-tree';
import { defaultViewMode, useViewModeStore } from '../stores/space-prefs-store';
import { NodeIcon } from './NodeIcon';
import { useSpaceView } from './space-context';

type OrderBy = 'name' | 'createdAt' | 'updatedAt';

/** Cards drawn at first: a root of hundreds of nodes would delay the tree's first paint. */
const firstCards = 48;

function formatDateTime(value: string, language: string): string {
  const tag = languageTag(isLocale(language) ? language : defaultLocale);
  return new Date(value).toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SpaceHome() {
  const { t } = useTranslation();
  const { spaceId, space, tree, canEdit, actions, hrefs } = useSpaceView();
  // the provider's switches (spec §6)
  const pageOn = useFeature('createPage');
  const topicOn = useFeature('createTopic');
  const [searchParams] = useSearchParams();
  const topicParam = searchParams.get('topic');
  const mode = useViewModeStore((state) => state.bySpace[spaceId] ?? defaultViewMode);

  if (!tree || !space) return <Skeleton active paragraph={{ rows: 8 }} className="space-home" />;

  const topic = topicParam ? tree.byId.get(topicParam) : undefined;
  const topicId = topic?.type === 'topic' ? topic.id : null;
  const children: TreeNode[] =
    topic?.node.type === 'topic' ? topic.node.children : topicParam ? [] : tree.roots;

  const trail: { id: string; name: string }[] = [];
  for (let at = topic; at; at = at.parentId ? tree.byId.get(at.parentId) : undefined) {
    trail.unshift({ id: at.id, name: at.name });
  }

  if (tree.roots.length === 0) {
    return (
      <div className="space-home space-home-empty">
        <Empty
          description={
            <span>
              <Typography.Title level={4}>{t('spaces.emptyTree')}</Typography.Title>
              <Typography.Text type="secondary">{t('spaces.emptyTreeHint')}</Typography.Text>
            </span>
          }
        >
          {canEdit && (
            <div className="space-empty-actions">
              {pageOn && (
                <Button
                  type="primary"
                  icon={<FileAddOutlined />}
                  onClick={() => actions.create('page', null)}
                >
                  {t('spaces.newPage')}
                </Button>
              )}
              {topicOn && (
                <Button icon={<FolderAddOutlined />} onClick={() => actions.create('topic', null)}>
                  {t('spaces.newTopic')}
                </Button>
              )}
              {pageOn && actions.fromTemplate && (
                <Button icon={<AppstoreAddOutlined />} onClick={() => actions.fromTemplate?.(null)}>
                  {t('templates.fromTemplate')}
                </Button>
              )}
            </div>
          )}
        </Empty>
      </div>
    );
  }

  return (
    <div className="space-home">
      <Breadcrumb
        className="space-breadcrumb"
        items={[
          { key: 'root', title: <Link to={hrefs.root}>{space.name}</Link> },
          ...trail.map((step) => ({
            key: step.id,
            title: <Link to={hrefs.topic(step.id)}>{step.name}</Link>,
          })),
        ]}
      />
      <div className="space-home-header">
        <Typography.Title level={3} className="space-home-title">
          {topic?.name ?? space.name}
        </Typography.Title>
        {canEdit && (
          <div className="space-home-actions">
            {pageOn && (
              <Button icon={<FileAddOutlined />} onClick={() => actions.create('page', topicId)}>
                {t('spaces.newPage')}
              </Button>
            )}
            {topicOn && (
              <Button icon={<FolderAddOutlined />} onClick={() => actions.create('topic', topicId)}>
                {t('spaces.newTopic')}
              </Button>
            )}
            {pageOn && actions.fromTemplate && (
              <Button
                icon={<AppstoreAddOutlined />}
                onClick={() => actions.fromTemplate?.(topicId ?? null)}
              >
                {t('templates.fromTemplate')}
              </Button>
            )}
          </div>
        )}
      </div>
      {!topicId && space.description && (
        <Typography.Paragraph type="secondary">{space.description}</Typography.Paragraph>
      )}
      {mode === 'list' ? (
        <NodeTable spaceId={spaceId} topicId={topicId} />
      ) : children.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spaces.emptyTopic')} />
      ) : (
        <NodeCards key={topicId ?? 'root'} nodes={children} />
      )}
    </div>
  );
}

function NodeCards({ nodes }: { nodes: TreeNode[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? nodes : nodes.slice(0, firstCards);
  return (
    <>
      <div className="node-cards">
        {shown.map((node) => (
          <NodeCard key={nodeId(node)} node={node} />
        ))}
      </div>
      {shown.length < nodes.length && (
        <Button type="link" className="node-cards-more" onClick={() => setAll(true)}>
          {t('spaces.showAllCards', { count: nodes.length })}
        </Button>
      )}
    </>
  );
}

function nodeHref(hrefs: SpaceHrefs, type: TreeNode['type'], id: string): string | null {
  if (type === 'page') return hrefs.page(id);
  if (type === 'topic') return hrefs.topic(id);
  return null;
}

function NodeCard({ node }: { node: TreeNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hrefs } = useSpaceView();
  const body = (
    <>
      <span className="node-card-icon">
        <NodeIcon node={node} />
      </span>
      <span className="node-card-text">
        <Typography.Text strong ellipsis>
          {node.name}
        </Typography.Text>
        <Typography.Text type="secondary" className="node-card-meta">
          {node.type === 'topic'
            ? t('spaces.items', { count: node.children.length })
            : t(node.type === 'page' ? 'spaces.typePage' : 'spaces.typeLink')}
        </Typography.Text>
      </span>
    </>
  );
  if (node.type === 'link') {
    return (
      <a className="node-card" href={node.url} target="_blank" rel="noopener noreferrer">
        <Card size="small" hoverable>
          <div className="node-card-body">{body}</div>
        </Card>
      </a>
    );
  }
  const href = nodeHref(hrefs, node.type, nodeId(node)) ?? '';
  return (
    <Card size="small" hoverable className="node-card" onClick={() => navigate(href)}>
      <Link to={href} className="node-card-body" onClick={(event) => event.stopPropagation()}>
        {body}
      </Link>
    </Card>
  );
}

function NodeTable({ spaceId, topicId }: { spaceId: string; topicId: string | null }) {
  const { t, i18n } = useTranslation();
  const { hrefs } = useSpaceView();
  const [orderBy, setOrderBy] = useState<OrderBy>('updatedAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [pageSize, setPageSize] = useState<number>(limits.gridPageSize);
  const { data, isPending } = useListView(spaceId, {
    orderBy,
    order,
    topicId: topicId ?? undefined,
  });
  const sortOrder = (key: OrderBy) =>
    orderBy === key ? (order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const typeLabel = (type: ListViewItem['type']) =>
    t(
      type === 'topic'
        ? 'spaces.typeTopic'
        : type === 'page'
          ? 'spaces.typePage'
          : 'spaces.typeLink',
    );
  const columns: TableProps<ListViewItem>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('spaces.columnName'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_value, item) => {
        const href = nodeHref(hrefs, item.type, item.id);
        return href ? (
          <Link to={href}>{item.name}</Link>
        ) : (
          <a href={item.url} target="_blank" rel="noopener noreferrer">
            {item.name}
          </a>
        );
      },
    },
    { key: 'type', dataIndex: 'type', title: t('spaces.columnType'), render: typeLabel, width: 90 },
    {
      key: 'createdBy',
      title: t('spaces.columnCreator'),
      render: (_value, item) => item.createdBy.nickname,
      width: 140,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('spaces.columnCreated'),
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (value: string) => formatDateTime(value, i18n.language),
      width: 180,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('spaces.columnUpdated'),
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (value: string) => formatDateTime(value, i18n.language),
      width: 180,
    },
  ];
  return (
    <Table<ListViewItem>
      rowKey="id"
      size="middle"
      loading={isPending}
      columns={columns}
      dataSource={data?.list ?? []}
      sortDirections={['ascend', 'descend', 'ascend']}
      pagination={{
        pageSize,
        pageSizeOptions: limits.gridPageSizes.map(String),
        showSizeChanger: true,
        showLessItems: false,
        onShowSizeChange: (_current, size) => setPageSize(size),
      }}
      onChange={(_pagination, _filters, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const key = one?.columnKey;
        if (key === 'name' || key === 'createdAt' || key === 'updatedAt') {
          setOrderBy(key);
          setOrder(one?.order === 'ascend' ? 'asc' : 'desc');
        }
      }}
    />
  );
}
