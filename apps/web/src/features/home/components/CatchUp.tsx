// What a returning person looks for first on the home page, from one request: unread mentions
// and replies, pages with a version published since their last visit (who, when, and the
// versions to compare), and what they viewed recently — each with its empty state.
import { Col, Empty, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultLocale, isLocale, type Home, type Notification } from '@library/contract';
import { paths } from '../../../config/paths';
import { formatShortDate } from '../../../lib/format';
import { PlainCard } from '../../../components/PlainCard';
import { mentionsAsNames } from '../../../lib/mention-text';
import { useCurrentUser } from '../../auth';
import { useHome } from '../api/get-home';

/** The page a notification is about, at its block when it names one. */
function notificationHref(item: Notification): string | null {
  if (!item.spaceId || !item.pageId) return null;
  const page = paths.spacePage.getHref(item.spaceId, item.pageId);
  return item.blockId ? `${page}?block=${encodeURIComponent(item.blockId)}` : page;
}

export function CatchUp() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const home = useHome();
  const me = useCurrentUser().data;
  /** a mention reads as the reader's or the writer's name, else a neutral word */
  const excerpt = (item: Notification) =>
    mentionsAsNames(
      item.excerpt,
      (userId) =>
        userId === me?.userId
          ? me.nickname
          : userId === item.actor?.userId
            ? item.actor.nickname
            : undefined,
      t('home.catchUp.someone'),
    );
  const data: Home | undefined = home.data;
  const when = (value: string) => formatShortDate(value, locale);

  const section = (key: string, title: string, body: React.ReactNode) => (
    <Col xs={24} lg={8} key={key}>
      <PlainCard className={`home-catch-up home-catch-up-${key}`}>
        <Typography.Title level={5} className="home-catch-up-title">
          {title}
        </Typography.Title>
        {data ? body : <Skeleton active paragraph={{ rows: 3 }} title={false} />}
      </PlainCard>
    </Col>
  );
  const empty = (text: string) => (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={text}
      className="home-catch-up-empty"
    />
  );

  return (
    <section className="home-section" aria-labelledby="home-catch-up-title">
      <Typography.Title level={4} id="home-catch-up-title">
        {t('home.catchUp.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {section(
          'mentions',
          t('home.catchUp.mentions'),
          data?.mentions.length ? (
            <ul className="home-catch-up-list">
              {data.mentions.map((item) => (
                <li key={item.notificationId}>
                  <Link to={notificationHref(item) ?? paths.home.getHref()}>
                    {t(item.type === 'reply' ? 'home.catchUp.replied' : 'home.catchUp.mentioned', {
                      name: item.actor?.nickname ?? '',
                      title: item.title,
                    })}
                  </Link>
                  <Typography.Text type="secondary" className="home-catch-up-excerpt" ellipsis>
                    {excerpt(item)}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="home-catch-up-time">
                    {when(item.createdAt)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          ) : (
            empty(t('home.catchUp.noMentions'))
          ),
        )}
        {section(
          'changed',
          t('home.catchUp.changed'),
          data?.changed.length ? (
            <ul className="home-catch-up-list">
              {data.changed.map((page) => {
                const href = paths.spacePage.getHref(page.spaceId, page.pageId);
                return (
                  <li key={page.pageId}>
                    <Link to={href}>
                      {page.avatar && !page.avatar.startsWith('/') ? `${page.avatar} ` : ''}
                      {page.title}
                    </Link>
                    <Typography.Text type="secondary" className="home-catch-up-excerpt">
                      {t('home.catchUp.published', {
                        name: page.publishedBy.nickname,
                        version: page.versionName,
                        space: page.spaceName,
                      })}
                    </Typography.Text>
                    <span className="home-catch-up-time">
                      <Typography.Text type="secondary">{when(page.publishedAt)}</Typography.Text>
                      <Link to={`${href}?versions=open`} className="home-catch-up-diff">
                        {t('home.catchUp.compare')}
                      </Link>
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            empty(t('home.catchUp.noChanges'))
          ),
        )}
        {section(
          'recent',
          t('home.catchUp.recent'),
          data?.recent.length ? (
            <ul className="home-catch-up-list">
              {data.recent.map((item) => (
                <li key={`${item.targetType}-${item.targetId}`}>
                  <Link
                    to={
                      item.targetType === 'page'
                        ? paths.spacePage.getHref(item.spaceId, item.targetId)
                        : paths.space.getHref(item.spaceId)
                    }
                  >
                    {item.name}
                  </Link>
                  <Typography.Text type="secondary" className="home-catch-up-excerpt" ellipsis>
                    {item.targetType === 'page' ? item.spaceName : t('home.catchUp.space')}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="home-catch-up-time">
                    {when(item.visitedAt)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          ) : (
            empty(t('home.catchUp.noRecent'))
          ),
        )}
      </Row>
    </section>
  );
}
