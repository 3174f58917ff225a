// One row of the inbox: who, what they did where ('张三 在「借阅规则」中提到了你'), what was said,
// when, and a dot while unread. Opening it marks every notification of the row read and goes to
// the page, at the block and the comment.
import { Avatar } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale, Notification } from '@library/contract';
import { UserAvatar } from '../../../components/UserAvatar';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { useCurrentUser } from '../../auth';
import { useMarkNotificationsRead } from '../api/mark-notification-read';
import type { InboxRow } from '../lib/inbox-rows';
import { mentionsAsNames } from '../../../lib/mention-text';
import { notificationHref } from '../lib/notification-href';
import { relativeTime } from '../lib/relative-time';

const sentenceTypes = new Set(['mention', 'reply', 'comment', 'publish']);
const kindTypes = new Set(['invite', 'share', 'order', 'account']);

/** What the actor did, after their name, in the reader's language. */
function useSentence(item: Notification): string {
  const { t } = useTranslation();
  const title = item.title;
  if (sentenceTypes.has(item.type)) {
    return t(`notifications.sentence.${item.type as 'mention'}`, { title });
  }
  // kinds the server does not send yet, and any it may add: said alike
  const kind = t(
    `notifications.kind.${kindTypes.has(item.type) ? (item.type as 'invite') : 'other'}`,
  );
  return title
    ? t('notifications.sentence.other', { kind, title })
    : t('notifications.sentence.otherUntitled', { kind });
}

export function NotificationRow({
  row,
  now,
  locale,
  onOpen,
}: {
  row: InboxRow;
  now: Date;
  locale: Locale;
  /** after opening (the drawer closes) */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const { lead } = row;
  const isMobile = useIsMobile();
  const me = useCurrentUser().data;
  const markRead = useMarkNotificationsRead();
  const sentence = useSentence(lead);
  const actorName =
    lead.actor?.nickname || (lead.actor ? t('notifications.someone') : t('notifications.system'));
  const names = new Map<string, string>();
  if (me) names.set(me.userId, me.nickname);
  if (lead.actor) names.set(lead.actor.userId, lead.actor.nickname);
  const excerpt = mentionsAsNames(
    lead.excerpt,
    (id) => names.get(id),
    t('notifications.mentioned'),
  );
  const href = notificationHref(lead, isMobile);
  const more = row.items.length - 1;

  const handleOpen = () => {
    if (row.unread) markRead.mutate(row.items);
    onOpen?.();
  };

  const content = (
    <>
      <span className="notification-avatar">
        {lead.actor ? (
          <UserAvatar user={lead.actor} size={32} />
        ) : (
          <Avatar size={32} icon={<BellOutlined />} />
        )}
      </span>
      <span className="notification-main">
        <span className="notification-sentence">
          <strong className="notification-actor">{actorName}</strong> {sentence}
          {more > 0 && (
            <span className="notification-folded">
              {' '}
              {t('notifications.folded', { total: row.items.length, more })}
            </span>
          )}
        </span>
        {excerpt && <span className="notification-excerpt">{excerpt}</span>}
        <time className="notification-time" dateTime={lead.createdAt}>
          {relativeTime(lead.createdAt, now, locale, t('notifications.justNow'))}
        </time>
      </span>
      {row.unread && (
        <span className="notification-dot" role="img" aria-label={t('notifications.unreadMark')} />
      )}
    </>
  );

  const className = `notification-link${row.unread ? ' is-unread' : ''}`;
  return (
    <li className="notification-row" data-notification-id={lead.notificationId}>
      {href ? (
        <Link to={href} className={className} onClick={handleOpen}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={handleOpen}>
          {content}
        </button>
      )}
    </li>
  );
}
