// /course: the spaces and pages the user visited, newest first, grouped by day; open, remove one,
// clear all; more by page ('load more', and automatically when the end comes into view).
import { Button, Empty, Modal, Skeleton, Tooltip, Typography } from 'antd';
import {
  AppstoreOutlined,
  ClearOutlined,
  CloseOutlined,
  FileTextOutlined,
} from '@ant-design/icons';
import type { HistoryItem } from '@library/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMoreOnView } from '../../../hooks/use-more-on-view';
import dayjs from '../../../lib/dayjs';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useClearHistory } from '../api/clear-history';
import { useHistory } from '../api/get-history';
import { useRemoveHistoryItem } from '../api/remove-history-item';
import { groupByDay, type DayGroup } from '../../../lib/group-by-day';
import './history.css';

export function historyHref(item: HistoryItem): string {
  return item.targetType === 'page'
    ? paths.spacePage.getHref(item.spaceId, item.targetId)
    : paths.space.getHref(item.spaceId);
}

export function HistoryScreen() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const history = useHistory();
  const clearHistory = useClearHistory();
  const items = history.data?.pages.flatMap((page) => page.list) ?? [];
  const groups = groupByDay(items, (item) => item.visitedAt);
  const locale = currentLocale();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const end = useMoreOnView(history);

  const handleClear = () => {
    void modal.confirm({
      title: t('history.clearTitle'),
      content: t('history.clearText'),
      okText: t('history.clear'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearHistory.mutateAsync();
        toast.success(t('history.cleared'));
      },
    });
  };

  const groupLabel = (group: DayGroup<HistoryItem>) =>
    group.kind === 'today'
      ? t('history.today')
      : group.kind === 'yesterday'
        ? t('history.yesterday')
        : formatShortDate(group.date, locale);

  return (
    <div className="history-screen">
      {modalHolder}
      <header className="screen-header">
        <div>
          <Typography.Title level={3} className="screen-title">
            {t('history.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('history.subtitle')}</Typography.Text>
        </div>
        {items.length > 0 && (
          <Button icon={<ClearOutlined />} onClick={handleClear}>
            {t('history.clear')}
          </Button>
        )}
      </header>
      {history.isPending ? (
        <div className="screen-card history-card" aria-busy="true">
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      ) : items.length === 0 ? (
        <div className="screen-card history-card">
          <Empty
            description={
              <>
                <Typography.Text strong>{t('history.empty')}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('history.emptyHint')}</Typography.Text>
              </>
            }
          />
        </div>
      ) : (
        <>
          {groups.map((group) => (
            <section key={group.day} className="history-day" aria-label={groupLabel(group)}>
              <Typography.Title level={5} className="history-day-title">
                {groupLabel(group)}
              </Typography.Title>
              <ul className="screen-card history-card history-list">
                {group.items.map((item) => (
                  <HistoryRow key={`${item.targetType}-${item.targetId}`} item={item} />
                ))}
              </ul>
            </section>
          ))}
          <div ref={end} className="history-more">
            {hasNextPage ? (
              <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('history.loadMore')}
              </Button>
            ) : (
              <Typography.Text type="secondary">{t('history.end')}</Typography.Text>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const { t } = useTranslation();
  const remove = useRemoveHistoryItem();
  const isPage = item.targetType === 'page';
  const Icon = isPage ? FileTextOutlined : AppstoreOutlined;
  const label = t(isPage ? 'history.page' : 'history.space');
  return (
    <li className="history-item">
      <Link to={historyHref(item)} className="history-item-link">
        <span className={`history-item-icon is-${item.targetType}`} aria-label={label} role="img">
          {item.avatar && !item.avatar.includes('/') ? item.avatar : <Icon />}
        </span>
        <span className="history-item-text">
          <span className="history-item-name">{item.name}</span>
          <span className="history-item-space">{isPage ? item.spaceName : label}</span>
        </span>
        <time className="history-item-time" dateTime={item.visitedAt}>
          {dayjs(item.visitedAt).format('HH:mm')}
        </time>
      </Link>
      <Tooltip title={t('history.remove')}>
        <Button
          type="text"
          size="small"
          className="history-item-remove"
          icon={<CloseOutlined />}
          aria-label={`${t('history.remove')}: ${item.name}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(
              { targetType: item.targetType, targetId: item.targetId },
              { onSuccess: () => toast.success(t('history.removed')) },
            )
          }
        />
      </Tooltip>
    </li>
  );
}
