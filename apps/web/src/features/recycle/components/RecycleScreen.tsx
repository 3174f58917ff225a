// /recycle: everything deleted that the user may see, in a table (spec §9 grid defaults); search,
// restore (the toast says where it went) and delete forever, each as the item's abilities allow.
import { Button, Input, Modal, Skeleton, Space, Table, Tooltip, Typography, Empty } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  AppstoreOutlined,
  DeleteOutlined,
  FileTextOutlined,
  FolderOutlined,
  LinkOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  limits,
  recycleRetentionDays,
  type RecycleItem,
  type RecycleKind,
  type RestoreResult,
} from '@library/contract';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { toast } from '../../../components/toast';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useSearchPaging } from '../../../hooks/use-search-paging';
import { useDeviceStore } from '../../../stores/device-store';
import { useRecycleItems } from '../api/get-recycle-items';
import { usePurgeRecycleItem } from '../api/purge-recycle-item';
import { useRestoreRecycleItem } from '../api/restore-recycle-item';
import './recycle.css';

const kindIcons: Record<RecycleKind, typeof FileTextOutlined> = {
  space: AppstoreOutlined,
  topic: FolderOutlined,
  page: FileTextOutlined,
  link: LinkOutlined,
  file: PaperClipOutlined,
  team: TeamOutlined,
};

/**
 * 'space / topic / topic' of an item; a space itself has no location; a team is in the teams
 * above it (none for a root team).
 */
export function recycleLocation(item: RecycleItem, rootLabel: string): string {
  if (item.kind === 'space') return '';
  if (item.kind === 'team') return item.path.join(' / ');
  return [item.spaceName, ...(item.path.length > 0 ? item.path : [rootLabel])].join(' / ');
}

export function RecycleScreen() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const mobile = useDeviceStore((state) => state.deviceMode === 'Mobile');
  const { keywords, query, searchInput, pager } = useSearchPaging(limits.gridPageSize);
  const list = useRecycleItems(query);
  const restore = useRestoreRecycleItem();
  const purge = usePurgeRecycleItem();
  const locale = currentLocale();

  const restoredMessage = (item: RecycleItem, result: RestoreResult) =>
    result.kind === 'space'
      ? t('recycle.restoredSpace', { name: item.name })
      : result.movedToRoot
        ? t('recycle.restoredToRoot', { name: item.name, space: item.spaceName })
        : t('recycle.restoredToPlace', { name: item.name });

  const handleRestore = (item: RecycleItem) =>
    restore.mutate(item.recycleId, {
      onSuccess: (result) => toast.success(restoredMessage(item, result)),
    });

  const handlePurge = (item: RecycleItem) => {
    void modal.confirm({
      title: t('recycle.purgeTitle', { name: item.name }),
      content: t('recycle.purgeText'),
      okText: t('recycle.purge'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await purge.mutateAsync(item.recycleId);
        toast.success(t('recycle.purged', { name: item.name }));
      },
    });
  };

  const formatDate = (value: string) =>
    `${formatShortDate(value, locale)} ${dayjs(value).format('HH:mm')}`;

  const columns: TableColumnsType<RecycleItem> = [
    {
      key: 'name',
      title: t('recycle.columns.name'),
      render: (_, item) => {
        const Icon = kindIcons[item.kind];
        const location = recycleLocation(item, t('recycle.root'));
        return (
          <div className="recycle-name">
            <span
              className={`recycle-kind is-${item.kind}`}
              role="img"
              aria-label={t(`recycle.kind.${item.kind}`)}
            >
              <Icon />
            </span>
            <span className="recycle-name-text">
              <span className="recycle-name-main">{item.name}</span>
              {mobile && location && <span className="recycle-name-sub">{location}</span>}
            </span>
          </div>
        );
      },
    },
    ...(mobile
      ? []
      : [
          {
            key: 'location',
            title: t('recycle.columns.location'),
            render: (_: unknown, item: RecycleItem) => (
              <Typography.Text type="secondary" className="recycle-location">
                {recycleLocation(item, t('recycle.root')) || t(`recycle.kind.${item.kind}`)}
              </Typography.Text>
            ),
          },
          {
            key: 'deletedBy',
            title: t('recycle.columns.deletedBy'),
            render: (_: unknown, item: RecycleItem) => item.deletedBy.nickname,
          },
        ]),
    {
      key: 'deletedAt',
      title: t('recycle.columns.deletedAt'),
      render: (_, item) => (
        <time dateTime={item.deletedAt} className="recycle-date">
          {mobile ? formatShortDate(item.deletedAt, locale) : formatDate(item.deletedAt)}
        </time>
      ),
    },
    ...(mobile
      ? []
      : [
          {
            key: 'expiresAt',
            title: t('recycle.columns.expiresAt'),
            render: (_: unknown, item: RecycleItem) => (
              <time dateTime={item.expiresAt} className="recycle-date">
                {formatShortDate(item.expiresAt, locale)}
              </time>
            ),
          },
        ]),
    {
      key: 'actions',
      title: t('recycle.columns.actions'),
      align: 'right',
      render: (_, item) => (
        <RecycleActions
          item={item}
          restoring={restore.isPending && restore.variables === item.recycleId}
          onRestore={handleRestore}
          onPurge={handlePurge}
          compact={mobile}
        />
      ),
    },
  ];

  const data = list.data;
  return (
    <div className="recycle-screen">
      {modalHolder}
      <header className="screen-header">
        <div>
          <Typography.Title level={3} className="screen-title">
            {t('recycle.title')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('recycle.subtitle', { days: recycleRetentionDays })}
          </Typography.Text>
        </div>
        <Input.Search
          allowClear
          className="recycle-search"
          placeholder={t('recycle.searchPlaceholder')}
          aria-label={t('recycle.searchPlaceholder')}
          {...searchInput}
        />
      </header>
      <div className="screen-card recycle-card">
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />
        ) : (
          <Table<RecycleItem>
            rowKey="recycleId"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={list.isFetching && !list.isPending}
            size={mobile ? 'small' : 'middle'}
            locale={{
              emptyText: (
                <Empty
                  description={keywords ? t('recycle.noResults', { keywords }) : t('recycle.empty')}
                />
              ),
            }}
            pagination={{
              ...pager,
              total: data?.total ?? 0,
              pageSizeOptions: limits.gridPageSizes.map(String),
              showSizeChanger: true,
              // antd's pager keeps a window of page buttons around the current page, close to
              // spec §9's seven (it cannot be set to an exact count)
              showTotal: (total) => t('recycle.total', { total }),
              hideOnSinglePage: false,
              simple: mobile,
            }}
          />
        )}
      </div>
    </div>
  );
}

function RecycleActions({
  item,
  restoring,
  onRestore,
  onPurge,
  compact,
}: {
  item: RecycleItem;
  restoring: boolean;
  onRestore: (item: RecycleItem) => void;
  onPurge: (item: RecycleItem) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const restoreBlocked = item.spaceDeleted && item.kind !== 'space';
  return (
    <Space size={4} wrap={false} className="recycle-actions">
      {restoreBlocked ? (
        <Tooltip title={t('recycle.spaceDeleted', { space: item.spaceName })}>
          <Typography.Text type="secondary" className="recycle-blocked">
            <StopOutlined /> {compact ? null : t('recycle.spaceDeleted', { space: item.spaceName })}
          </Typography.Text>
        </Tooltip>
      ) : (
        item.abilities.canRestore && (
          <Button
            size="small"
            type="link"
            icon={<RollbackOutlined />}
            loading={restoring}
            aria-label={`${t('recycle.restore')}: ${item.name}`}
            onClick={() => onRestore(item)}
          >
            {compact ? null : t('recycle.restore')}
          </Button>
        )
      )}
      {item.abilities.canPurge && (
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('recycle.purge')}: ${item.name}`}
          onClick={() => onPurge(item)}
        >
          {compact ? null : t('recycle.purge')}
        </Button>
      )}
    </Space>
  );
}
