// The inbox itself, in the drawer and on the phone's screen alike: all or only the unread, 'mark
// all as read', the rows by day (lib/inbox-rows.ts), more pages as the end comes into view.
import { useEffect, useState } from 'react';
import { Button, Empty, Result, Segmented, Skeleton, Typography } from 'antd';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from 'react-i18next';
import { useMoreOnView } from '../../../hooks/use-more-on-view';
import { formatShortDate } from '../../../lib/format';
import type { DayGroup } from '../../../lib/group-by-day';
import { currentLocale } from '../../../lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { inboxDays, type InboxRow } from '../lib/inbox-rows';
import { NotificationRow } from './NotificationRow';
import './notifications.css';

type Filter = 'all' | 'unread';

/** The time now, again each minute: '3 分钟前' must not stay '刚刚'. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function NotificationInbox({ onOpenItem }: { onOpenItem?: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const inbox = useNotifications(filter === 'unread');
  const unread = useUnreadCount();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();
  const locale = currentLocale();
  const items = inbox.data?.pages.flatMap((page) => page.list) ?? [];
  const days = inboxDays(items, now);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = inbox;
  const end = useMoreOnView(inbox);

  const dayLabel = (day: DayGroup<InboxRow>) =>
    day.kind === 'today'
      ? t('notifications.today')
      : day.kind === 'yesterday'
        ? t('notifications.yesterday')
        : formatShortDate(day.date, locale);

  let body: React.ReactNode;
  if (inbox.isPending) {
    body = (
      <div className="notification-loading" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton
            key={index}
            active
            avatar={{ size: 32 }}
            title={false}
            paragraph={{ rows: 2 }}
          />
        ))}
      </div>
    );
  } else if (inbox.isError && items.length === 0) {
    body = (
      <Result
        status="warning"
        title={t('notifications.loadFailed')}
        extra={<Button onClick={() => void inbox.refetch()}>{t('notifications.retry')}</Button>}
      />
    );
  } else if (days.length === 0) {
    body = (
      <Empty
        className="notification-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          filter === 'unread' ? t('notifications.emptyUnread') : t('notifications.empty')
        }
      />
    );
  } else {
    body = (
      <>
        {days.map((day) => (
          <section key={day.day} className="notification-day" aria-label={dayLabel(day)}>
            <Typography.Text type="secondary" className="notification-day-title">
              {dayLabel(day)}
            </Typography.Text>
            <ul className="notification-list">
              {day.items.map((row) => (
                <NotificationRow
                  key={row.key}
                  row={row}
                  now={now}
                  locale={locale}
                  onOpen={onOpenItem}
                />
              ))}
            </ul>
          </section>
        ))}
        <div ref={end} className="notification-more">
          {hasNextPage ? (
            <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {t('notifications.loadMore')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('notifications.end')}</Typography.Text>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="notification-inbox">
      <div className="notification-toolbar">
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unread') },
          ]}
        />
        <span className="notification-toolbar-actions">
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('notifications.markAllRead')}
          </Button>
          <Link
            to={paths.notificationSettings.getHref()}
            className="notification-settings-link"
            aria-label={t('notifications.settings.open')}
            title={t('notifications.settings.open')}
            onClick={() => onOpenItem?.()}
          >
            <SettingOutlined />
          </Link>
        </span>
      </div>
      {body}
    </div>
  );
}
